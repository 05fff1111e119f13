import { createReadStream } from "node:fs";
import { createInterface } from "node:readline";
import { TABLE_SCHEMA } from "@fulfillment/functions/storage/keys";
import { BackupReader } from "./format.js";

/**
 * Each item's checksum by its key, from a backup file checked whole as a restore checks it: two
 * backups compared item by item without holding their items.
 */
export async function itemChecksums(file: string): Promise<Map<string, string>> {
  const sums = new Map<string, string>();
  const reader = new BackupReader();
  for await (const text of createInterface({ input: createReadStream(file, { encoding: "utf8" }), crlfDelay: Infinity })) {
    const item = reader.next(text);
    if (item) sums.set(`${item[TABLE_SCHEMA.partitionKey]!.S}\u0000${item[TABLE_SCHEMA.sortKey]!.S}`, reader.checksum);
  }
  reader.finish();
  return sums;
}
