import type { LocalStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Keys, shardNumbers } from "./keys.js";
import { batchWrite, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";

export function localStockItem(row: LocalStockRow): Record<string, unknown> {
  return { ...Keys.localStock(row.sku, row.warehouse ?? ""), kind: "local_stock", ...row };
}

export async function listLocalStock(ref: TableRef): Promise<LocalStockRow[]> {
  return toRecords<LocalStockRow>(
    await queryPartitions(ref, shardNumbers().map(Keys.localStockShard), { projection: ["sku", "available", "warehouse"] }),
  );
}

export async function putLocalStock(ref: TableRef, rows: LocalStockRow[]): Promise<void> {
  await batchWrite(ref, rows.map((row) => ({ put: localStockItem(row) })));
}

/** The rows of one warehouse (an import replaces exactly these). */
export async function listLocalStockOfWarehouse(ref: TableRef, warehouse: string): Promise<LocalStockRow[]> {
  return (await listLocalStock(ref)).filter((row) => (row.warehouse ?? "") === warehouse);
}

/** Writes new and changed rows and deletes the removed ones, 25 per batch. */
export async function replaceLocalStockRows(ref: TableRef, put: readonly LocalStockRow[], remove: readonly LocalStockRow[]): Promise<void> {
  await batchWrite(ref, [
    ...remove.map((row) => ({ delete: Keys.localStock(row.sku, row.warehouse ?? "") })),
    ...put.map((row) => ({ put: localStockItem(row) })),
  ]);
}
