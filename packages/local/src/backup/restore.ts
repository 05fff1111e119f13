import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { setTimeout as sleep } from "node:timers/promises";
import { BatchWriteItemCommand, ScanCommand, type AttributeValue, type WriteRequest } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";
import { BackupFileError, BackupReader, type BackupHeader } from "./format.js";

type Item = Record<string, AttributeValue>;

/** Reads the file through a checking reader, line by line; `onItem` gets each checked item and its line. */
async function readBackup(file: string, onItem: (item: Item, line: number) => void | Promise<void>): Promise<{ header: BackupHeader; items: number }> {
  const reader = new BackupReader();
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const item = reader.next(text);
    if (item) await onItem(item, line);
  }
  const items = reader.finish();
  return { header: reader.header!, items };
}

/**
 * Checks the whole file (every line's checksum, the count, the file's checksum, no key twice: a
 * batch holding one key twice would be refused half-way) and writes nothing.
 */
export async function verifyBackup(file: string): Promise<{ header: BackupHeader; items: number }> {
  const keys = new Set<string>();
  return readBackup(file, (item, line) => {
    const key = `${item[TABLE_SCHEMA.partitionKey]!.S}\u0000${item[TABLE_SCHEMA.sortKey]!.S}`;
    if (keys.has(key)) throw new BackupFileError(line, `a second item with the key ${item[TABLE_SCHEMA.partitionKey]!.S} / ${item[TABLE_SCHEMA.sortKey]!.S}`);
    keys.add(key);
  });
}

/** A table that already holds items, which a restore leaves alone unless told (`force`). */
export class TableNotEmptyError extends Error {
  constructor(readonly table: string) {
    super(`Table ${table} is not empty`);
    this.name = "TableNotEmptyError";
  }
}

export async function isTableEmpty(doc: DynamoDBDocumentClient, table: string): Promise<boolean> {
  const page = await doc.send(new ScanCommand({ TableName: table, Limit: 1, ConsistentRead: true }));
  return (page.Items ?? []).length === 0 && page.LastEvaluatedKey === undefined;
}

export interface RestoreOptions {
  /** Write over a table that already holds items: the file's items replace those with the same keys, the others stay. */
  force?: boolean;
  /** Batch writes in flight at once. */
  concurrency?: number;
  onProgress?: (written: number, total: number) => void;
}

const BATCH = 25;
/** Rounds of a batch's unprocessed items that may make no progress before the restore gives up. */
const STALLED_ROUNDS = 8;

/** Writes one batch, sending its unprocessed items again with a growing pause until all are in. */
async function writeBatch(doc: DynamoDBDocumentClient, table: string, requests: WriteRequest[]): Promise<void> {
  let pending = requests;
  for (let stalled = 0; pending.length > 0; ) {
    const answer = await doc.send(new BatchWriteItemCommand({ RequestItems: { [table]: pending } }));
    const left = answer.UnprocessedItems?.[table] ?? [];
    stalled = left.length < pending.length ? 0 : stalled + 1;
    if (stalled >= STALLED_ROUNDS) throw new Error(`DynamoDB left ${left.length} items unprocessed ${STALLED_ROUNDS} times in a row`);
    if (left.length > 0) await sleep(Math.min(2_000, 50 * 2 ** stalled) * (0.5 + Math.random() / 2));
    pending = left;
  }
}

/**
 * Loads a backup file into the table: the whole file is checked first, so a damaged file writes
 * nothing; then the table must be empty (unless `force`); then the items go in batches of 25.
 */
export async function restoreTable(doc: DynamoDBDocumentClient, table: string, file: string, options: RestoreOptions = {}): Promise<{ header: BackupHeader; items: number }> {
  const { items: total } = await verifyBackup(file);
  if (!options.force && !(await isTableEmpty(doc, table))) throw new TableNotEmptyError(table);
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let written = 0;
  let batch: WriteRequest[] = [];
  const send = async (requests: WriteRequest[]): Promise<void> => {
    const sending = writeBatch(doc, table, requests).then(
      () => {
        written += requests.length;
        options.onProgress?.(written, total);
      },
      (error: unknown) => {
        failure ??= error;
      },
    );
    const tracked = sending.finally(() => inFlight.delete(tracked));
    inFlight.add(tracked);
    if (inFlight.size >= concurrency) await Promise.race(inFlight);
    if (failure) throw failure;
  };
  // Read again (the file was checked above) and write as the lines come, never holding the whole file.
  const result = await readBackup(file, async (item) => {
    batch.push({ PutRequest: { Item: item } });
    if (batch.length === BATCH) {
      const full = batch;
      batch = [];
      await send(full);
    }
  });
  if (batch.length > 0) await send(batch);
  await Promise.all(inFlight);
  if (failure) throw failure;
  return result;
}
