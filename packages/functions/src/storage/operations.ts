import {
  BatchGetCommand,
  BatchWriteCommand,
  QueryCommand,
  TransactWriteCommand,
  type QueryCommandInput,
} from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import type { Key, KeyCondition } from "./keys.js";
import pLimit from "p-limit";
import { backOff } from "../backoff.js";
import { IncompleteBatchError } from "./unavailable.js";
import { bulkWriteMode } from "../config/env.js";
import { transactGroup, transactionGroups, type WriteRequest } from "./transact-writes.js";

type Item = Record<string, unknown>;

const BATCH_GET_LIMIT = 100;
const TRANSACTION_LIMIT = 100;
const TRANSACTION_CONCURRENCY = 4;
const BATCH_WRITE_LIMIT = 25;
const BATCH_CONCURRENCY = 8;
const MAX_BATCH_ROUNDS = 12;

/** Retries of partially processed batches. */
const BATCH_BACKOFF = { baseMs: 25, maxMs: 1_000 };

export { IncompleteBatchError };

/** Runs a Query to its last page, or until `maxItems` items are read. */
export async function queryAll<T = Item>(
  ref: TableRef,
  input: Omit<QueryCommandInput, "TableName" | "ExclusiveStartKey">,
  maxItems = Number.POSITIVE_INFINITY,
): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await ref.doc.send(new QueryCommand({ ...input, TableName: ref.table, ExclusiveStartKey: startKey }));
    for (const item of page.Items ?? []) items.push(item as T);
    startKey = page.LastEvaluatedKey;
  } while (startKey && items.length < maxItems);
  return items.length > maxItems ? items.slice(0, maxItems) : items;
}

/** Runs several queries in parallel to their last page (a sharded collection's partitions, say), with one projection. */
export async function queryPartitions<T = Item>(
  ref: TableRef,
  conditions: readonly KeyCondition[],
  options: { projection?: string[]; consistent?: boolean } = {},
): Promise<T[]> {
  const names: Record<string, string> = {};
  const projection = options.projection?.map((attr, i) => {
    names[`#p${i}`] = attr;
    return `#p${i}`;
  });
  const pages = await Promise.all(
    conditions.map((condition) =>
      queryAll<T>(ref, {
        ...condition,
        ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...names },
        ProjectionExpression: projection?.join(", "),
        ...(options.consistent ? { ConsistentRead: true } : {}),
      }),
    ),
  );
  return pages.flat();
}

/** Runs `work` on every item with at most `concurrency` in flight. */
export async function forEachConcurrently<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  const limit = pLimit(concurrency);
  await Promise.all(items.map((item) => limit(() => work(item))));
}

async function inChunks<T>(items: T[], size: number, work: (chunk: T[]) => Promise<void>): Promise<void> {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  await forEachConcurrently(chunks, BATCH_CONCURRENCY, work);
}

/** Reads items by key, 100 keys per BatchGetItem, retrying unprocessed keys. Missing items are absent. */
export async function batchGet<T = Item>(ref: TableRef, keys: Key[], projection?: string[], { consistent = false } = {}): Promise<T[]> {
  const unique = [...new Map(keys.map((k) => [`${k.pk}\u0000${k.sk}`, k])).values()];
  const found: T[] = [];
  const names: Record<string, string> | undefined = projection
    ? Object.fromEntries(projection.map((attr, i) => [`#p${i}`, attr]))
    : undefined;
  await inChunks(unique, BATCH_GET_LIMIT, async (chunk) => {
    let pending: Record<string, unknown>[] = chunk.map((k) => ({ pk: k.pk, sk: k.sk }));
    for (let round = 0; pending.length > 0; round++) {
      if (round > MAX_BATCH_ROUNDS) throw new IncompleteBatchError(MAX_BATCH_ROUNDS, "BatchGetItem", pending.length);
      if (round > 0) await backOff(BATCH_BACKOFF, round);
      const result = await ref.doc.send(
        new BatchGetCommand({
          RequestItems: {
            [ref.table]: {
              Keys: pending,
              ...(consistent ? { ConsistentRead: true } : {}),
              ...(names ? { ProjectionExpression: Object.keys(names).join(", "), ExpressionAttributeNames: names } : {}),
            },
          },
        }),
      );
      for (const item of result.Responses?.[ref.table] ?? []) found.push(item as T);
      pending = (result.UnprocessedKeys?.[ref.table]?.Keys ?? []) as Record<string, unknown>[];
    }
  });
  return found;
}

export type { WriteRequest };

/**
 * Writes items 25 per BatchWriteItem, retrying unprocessed items until all are written; or, where
 * DYNAMODB_BULK_WRITES says `transactions` (an on-disk DynamoDB Local), 100 per transaction.
 */
export async function batchWrite(ref: TableRef, requests: WriteRequest[]): Promise<void> {
  // A batch may not name one key twice: the last request for a key wins, as in a sequence of writes.
  const byKey = new Map<string, WriteRequest>();
  for (const r of requests) {
    const key = "put" in r ? r.put : r.delete;
    byKey.delete(`${String(key.pk)}\u0000${String(key.sk)}`);
    byKey.set(`${String(key.pk)}\u0000${String(key.sk)}`, r);
  }
  if ((ref.bulkWrites ?? bulkWriteMode()) === "transactions") {
    await forEachConcurrently(transactionGroups([...byKey.values()]), BATCH_CONCURRENCY, (group) => transactGroup(ref, group));
    return;
  }
  await inChunks([...byKey.values()], BATCH_WRITE_LIMIT, async (chunk) => {
    let pending: Record<string, unknown>[] = chunk.map((r) =>
      "put" in r ? { PutRequest: { Item: r.put } } : { DeleteRequest: { Key: { pk: r.delete.pk, sk: r.delete.sk } } },
    );
    for (let round = 0; pending.length > 0; round++) {
      if (round > MAX_BATCH_ROUNDS) throw new IncompleteBatchError(MAX_BATCH_ROUNDS, "BatchWriteItem", pending.length);
      if (round > 0) await backOff(BATCH_BACKOFF, round);
      const result = await ref.doc.send(
        new BatchWriteCommand({ RequestItems: { [ref.table]: pending as never } }),
      );
      pending = (result.UnprocessedItems?.[ref.table] ?? []) as Record<string, unknown>[];
    }
  });
}

/** A field update of one item: only the attributes it names change, so other writers' fields survive. */
export interface ItemUpdate {
  Key: Key;
  UpdateExpression: string;
  ConditionExpression?: string;
  ExpressionAttributeNames?: Record<string, string>;
  ExpressionAttributeValues?: Record<string, unknown>;
}

interface CancellationReason {
  Code?: string;
}

/**
 * Applies field updates 100 per TransactWriteItems: as few round trips as batch writes, yet each
 * item keeps the fields this caller does not name. An update whose condition fails (the item is
 * gone, or another writer's value must win) is left out and the rest of its transaction retried;
 * conflicts and throttling are retried with backoff. Returns how many updates were applied.
 */
export async function transactUpdates(ref: TableRef, updates: readonly ItemUpdate[]): Promise<number> {
  const chunks: ItemUpdate[][] = [];
  for (let i = 0; i < updates.length; i += TRANSACTION_LIMIT) chunks.push(updates.slice(i, i + TRANSACTION_LIMIT));
  let applied = 0;
  await forEachConcurrently(chunks, TRANSACTION_CONCURRENCY, async (chunk) => {
    let pending = chunk;
    for (let round = 0; pending.length > 0; round++) {
      if (round > MAX_BATCH_ROUNDS) throw new IncompleteBatchError(MAX_BATCH_ROUNDS, "TransactWriteItems", pending.length);
      if (round > 0) await backOff(BATCH_BACKOFF, round);
      try {
        await ref.doc.send(new TransactWriteCommand({ TransactItems: pending.map((update) => ({ Update: { ...update, Key: { ...update.Key }, TableName: ref.table } })) }));
        applied += pending.length;
        return;
      } catch (error) {
        const reasons = (error as { name?: string; CancellationReasons?: CancellationReason[] }).CancellationReasons;
        if ((error as Error).name !== "TransactionCanceledException" || !reasons) throw error;
        const retryable = new Set(["TransactionConflict", "ThrottlingError", "ProvisionedThroughputExceeded", "None", undefined]);
        if (reasons.some((reason) => !retryable.has(reason.Code) && reason.Code !== "ConditionalCheckFailed")) throw error;
        pending = pending.filter((_, i) => reasons[i]?.Code !== "ConditionalCheckFailed");
      }
    }
  });
  return applied;
}
