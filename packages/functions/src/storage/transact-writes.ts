import { TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { backOff } from "../backoff.js";
import type { TableRef } from "./client.js";
import type { Key } from "./keys.js";
import { IncompleteBatchError } from "./unavailable.js";

type Item = Record<string, unknown>;
export type WriteRequest = { put: Item } | { delete: Key };

/** DynamoDB's limits for one TransactWriteItems: 100 actions and 4 MB (3 MB kept, the size being estimated). */
const TRANSACTION_ITEMS = 100;
const TRANSACTION_BYTES = 3 * 1024 * 1024;
const MAX_ROUNDS = 12;
const BACKOFF = { baseMs: 25, maxMs: 1_000 };

/** Cancellation reasons another attempt can get past: another writer held an item, or throughput. */
const PASSING = new Set(["None", "TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded"]);

/** Inputs of the transactions sent in place of batches: the bench bills them as the batches they stand for. */
const standIns = new WeakSet<object>();
export const standsInForBatch = (input: object): boolean => standIns.has(input);

/** An item's size as DynamoDB counts it, near enough to keep a transaction under its byte limit. */
export function approximateSize(value: unknown): number {
  if (typeof value === "string") return Buffer.byteLength(value);
  if (typeof value === "number" || typeof value === "bigint") return 21;
  if (value instanceof Uint8Array) return value.byteLength;
  if (value instanceof Set) return [...value].reduce<number>((sum, member) => sum + approximateSize(member), 3);
  if (Array.isArray(value)) return value.reduce<number>((sum, member) => sum + 1 + approximateSize(member), 3);
  if (value && typeof value === "object") {
    return Object.entries(value).reduce((sum, [name, member]) => sum + Buffer.byteLength(name) + 1 + approximateSize(member), 3);
  }
  return 1;
}

/** Cuts the requests into transactions of at most 100 actions and 3 MB. */
export function transactionGroups(requests: readonly WriteRequest[]): WriteRequest[][] {
  const groups: WriteRequest[][] = [];
  let group: WriteRequest[] = [];
  let bytes = 0;
  for (const request of requests) {
    const size = approximateSize("put" in request ? request.put : request.delete);
    if (group.length === TRANSACTION_ITEMS || (group.length > 0 && bytes + size > TRANSACTION_BYTES)) {
      groups.push(group);
      group = [];
      bytes = 0;
    }
    group.push(request);
    bytes += size;
  }
  if (group.length > 0) groups.push(group);
  return groups;
}

/**
 * Writes one group of puts and deletes (no key twice) as a single TransactWriteItems: DynamoDB
 * Local commits every item of a BatchWriteItem on its own, and its on-disk engine waits for the
 * disk at each commit, while it commits a transaction once. Cancelled for a passing reason, the
 * whole group is sent again with a growing pause.
 */
export async function transactGroup(ref: TableRef, group: readonly WriteRequest[]): Promise<void> {
  for (let round = 0; ; round++) {
    if (round > 0) await backOff(BACKOFF, round);
    const input = {
      TransactItems: group.map((request) =>
        "put" in request
          ? { Put: { TableName: ref.table, Item: request.put } }
          : { Delete: { TableName: ref.table, Key: { pk: request.delete.pk, sk: request.delete.sk } } },
      ),
    };
    standIns.add(input);
    try {
      await ref.doc.send(new TransactWriteCommand(input));
      return;
    } catch (error) {
      const reasons = (error as { name?: string; CancellationReasons?: { Code?: string }[] }).CancellationReasons;
      const passing = (error as Error).name === "TransactionCanceledException" && (reasons ?? []).every((reason) => PASSING.has(reason.Code ?? "None"));
      if (!passing) throw error;
      if (round >= MAX_ROUNDS) throw new IncompleteBatchError(MAX_ROUNDS, "TransactWriteItems", group.length);
    }
  }
}
