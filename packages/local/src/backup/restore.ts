import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { ScanCommand, type AttributeValue } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";
import { BackupFileError, BackupReader, type BackupHeader } from "./format.js";
import { GROUP_LIMITS, writeGroup, type WriteMode } from "./writes.js";

type Item = Record<string, AttributeValue>;

/** Reads the file through a checking reader, line by line; `onItem` gets each checked item, its line number and the line's size in bytes. */
async function readBackup(file: string, onItem: (item: Item, line: number, bytes: number) => void | Promise<void>): Promise<{ header: BackupHeader; items: number }> {
  const reader = new BackupReader();
  const lines = createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity });
  let line = 0;
  for await (const text of lines) {
    line++;
    const item = reader.next(text);
    if (item) await onItem(item, line, Buffer.byteLength(text));
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
  /** BatchWriteItem (the default) or TransactWriteItems (writes.ts: a local engine). */
  writes?: WriteMode;
  /** Writes in flight at once. */
  concurrency?: number;
  onProgress?: (written: number, total: number) => void;
}

/**
 * Loads a backup file into the table: the whole file is checked first, so a damaged file writes
 * nothing; then the table must be empty (unless `force`); then the items go in groups of the
 * write mode's size, several at once.
 */
export async function restoreTable(doc: DynamoDBDocumentClient, table: string, file: string, options: RestoreOptions = {}): Promise<{ header: BackupHeader; items: number }> {
  const { items: total } = await verifyBackup(file);
  if (!options.force && !(await isTableEmpty(doc, table))) throw new TableNotEmptyError(table);
  const mode = options.writes ?? "batches";
  const limits = GROUP_LIMITS[mode];
  const concurrency = Math.max(1, options.concurrency ?? 8);
  const inFlight = new Set<Promise<void>>();
  let failure: unknown;
  let written = 0;
  let group: Item[] = [];
  let groupBytes = 0;
  const send = async (items: Item[]): Promise<void> => {
    const sending = writeGroup(mode, doc, table, items).then(
      () => {
        written += items.length;
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
  // A line holds more bytes than its item (type tags, quotes, base64), so its size bounds the item's.
  const result = await readBackup(file, async (item, _line, bytes) => {
    if (group.length === limits.items || (group.length > 0 && groupBytes + bytes > limits.bytes)) {
      const full = group;
      group = [];
      groupBytes = 0;
      await send(full);
    }
    group.push(item);
    groupBytes += bytes;
  });
  if (group.length > 0) await send(group);
  await Promise.all(inFlight);
  if (failure) throw failure;
  return result;
}
