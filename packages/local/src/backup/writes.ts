import { setTimeout as sleep } from "node:timers/promises";
import { BatchWriteItemCommand, TransactionCanceledException, TransactWriteItemsCommand, type AttributeValue, type WriteRequest } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";

type Item = Record<string, AttributeValue>;

/**
 * How a restore writes its items:
 * - `batches`: BatchWriteItem, 25 items a call. In AWS the cheapest way in (a transaction costs
 *   twice the write units).
 * - `transactions`: TransactWriteItems, up to 100 items and 3 MB a call. DynamoDB Local commits
 *   every item of a batch on its own, and on its on-disk engine each commit waits for the disk
 *   (four fsyncs an item, about 160 items a second here); it commits a transaction once.
 */
export type WriteMode = "batches" | "transactions";

/** The most items and bytes one call of each mode takes (DynamoDB's limits: 25; 100 and 4 MB). */
export const GROUP_LIMITS: Record<WriteMode, { items: number; bytes: number }> = {
  batches: { items: 25, bytes: 15 * 1024 * 1024 },
  transactions: { items: 100, bytes: 3 * 1024 * 1024 },
};

/** Rounds that may make no progress before the restore gives up. */
const STALLED_ROUNDS = 8;

const pause = (stalled: number): Promise<void> => sleep(Math.min(2_000, 50 * 2 ** stalled) * (0.5 + Math.random() / 2));

/** Writes one batch, sending its unprocessed items again with a growing pause until all are in. */
async function writeBatch(doc: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> {
  let pending: WriteRequest[] = items.map((Item) => ({ PutRequest: { Item } }));
  for (let stalled = 0; pending.length > 0; ) {
    const answer = await doc.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    const left = answer.UnprocessedItems?.[table] ?? [];
    stalled = left.length < pending.length ? 0 : stalled + 1;
    if (stalled >= STALLED_ROUNDS) throw new Error(`DynamoDB left ${left.length} items unprocessed ${STALLED_ROUNDS} times in a row`);
    if (left.length > 0) await pause(stalled);
    pending = left;
  }
}

/** A transaction cancelled only because another write held one of its items, or for throughput: worth sending again. */
const isTransient = (error: unknown): boolean =>
  error instanceof TransactionCanceledException &&
  (error.CancellationReasons ?? []).every((reason) => ["None", "TransactionConflict", "ThrottlingError"].includes(reason.Code ?? "None"));

/** Writes the items in one transaction: all of them or none, sent again while it is cancelled for a passing reason. */
async function writeTransaction(doc: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> {
  for (let round = 1; ; round++) {
    try {
      await doc.send(new TransactWriteItemsCommand({ TransactItems: items.map((Item) => ({ Put: { TableName: table, Item } })) }));
      return;
    } catch (error) {
      if (!isTransient(error) || round >= STALLED_ROUNDS) throw error;
      await pause(round);
    }
  }
}

export const writeGroup = (mode: WriteMode, doc: DynamoDBDocumentClient, table: string, items: Item[]): Promise<void> =>
  mode === "transactions" ? writeTransaction(doc, table, items) : writeBatch(doc, table, items);
