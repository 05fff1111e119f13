import { randomBytes } from "node:crypto";
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { StorageLedger } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities, shardOf } from "./keys.js";
import { batchWrite, queryAll, queryPartitions } from "./operations.js";

/** The daily storage-cost ledger: one row per SKU and business day; a day written again replaces its row. */

const rowItem = (row: StorageLedger.LedgerRow): Record<string, unknown> => ({ ...Entities["storage-cost-day"].key({ sku: row.sku, day: row.day }), kind: "storage-cost-day", ...row });

const fromItem = ({ pk: _pk, sk: _sk, kind: _kind, ...row }: Record<string, unknown>): StorageLedger.LedgerRow => row as unknown as StorageLedger.LedgerRow;

const byDayThenSku = (a: StorageLedger.LedgerRow, b: StorageLedger.LedgerRow): number =>
  a.day < b.day ? -1 : a.day > b.day ? 1 : a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0;

/** Writes the rows; a row of a SKU and day already stored is replaced (a day synced twice is counted once). */
export async function putLedgerRows(ref: TableRef, rows: readonly StorageLedger.LedgerRow[]): Promise<void> {
  await batchWrite(ref, rows.map((row) => ({ put: rowItem(row) })));
}

/** A month's rows (YYYY-MM), of one SKU when given, by day then SKU. */
export async function listLedgerMonth(ref: TableRef, month: string, sku?: string): Promise<StorageLedger.LedgerRow[]> {
  const items =
    sku === undefined
      ? await queryPartitions(ref, Entities["storage-cost-day"].query.shards({ month }), { consistent: true })
      : await queryAll(ref, { ...Entities["storage-cost-day"].query.prefix({ month, shard: shardOf(sku) }, Entities["storage-cost-day"].sortPrefix({ sku })), ConsistentRead: true });
  // A prefix "<sku>#" also matches a SKU that continues with "#": kept to the SKU asked for.
  return items.map(fromItem).filter((row) => sku === undefined || row.sku === sku).sort(byDayThenSku);
}

export interface LedgerRecompute {
  id: string;
  /** First day re-priced. */
  from: string;
  /** Last day re-priced (today). */
  to: string;
  actor: string;
  request_id: string | null;
  at: string;
  /** Rows re-priced, and how many of them changed. */
  rows: number;
  rows_changed: number;
}

/** Records who re-priced which days and what changed. */
export async function recordRecompute(ref: TableRef, run: Omit<LedgerRecompute, "id">): Promise<LedgerRecompute> {
  const record: LedgerRecompute = { id: `${run.at}#${randomBytes(4).toString("hex")}`, ...run };
  await ref.doc.send(new PutCommand({ TableName: ref.table, Item: { ...Entities["ledger-recompute"].key({ id: record.id }), kind: "ledger-recompute", ...record } }));
  return record;
}

/** The newest recomputes first. */
export async function listRecomputes(ref: TableRef, limit: number): Promise<LedgerRecompute[]> {
  const items = await queryAll(ref, { ...Entities["ledger-recompute"].query.partition(), ScanIndexForward: false, Limit: limit }, limit);
  return items.map(({ pk: _pk, sk: _sk, kind: _kind, ...record }) => record as unknown as LedgerRecompute);
}
