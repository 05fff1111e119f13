import type { LocalStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Keys, shardNumbers } from "./keys.js";
import { batchWrite, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";
import { markChanged } from "./changes.js";

export function localStockItem(row: LocalStockRow): Record<string, unknown> {
  return { ...Keys.localStock(row.sku, row.warehouse ?? ""), kind: "local_stock", ...row };
}

export async function listLocalStock(ref: TableRef, { consistent = false } = {}): Promise<LocalStockRow[]> {
  return toRecords<LocalStockRow>(
    await queryPartitions(ref, shardNumbers().map(Keys.localStockShard), { projection: ["sku", "available", "warehouse"], consistent }),
  );
}

export async function putLocalStock(ref: TableRef, rows: LocalStockRow[]): Promise<void> {
  if (rows.length === 0) return;
  await batchWrite(ref, rows.map((row) => ({ put: localStockItem(row) })));
  await markChanged(ref, "local_stock");
}
