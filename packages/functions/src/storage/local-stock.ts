import type { LocalStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Entities, shardOf } from "./keys.js";
import { batchWrite, queryAll, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";
import { writeChanging } from "./changes.js";

export function localStockItem(row: LocalStockRow): Record<string, unknown> {
  return { ...Entities.local_stock.key({ sku: row.sku, warehouse: row.warehouse ?? "" }), kind: "local_stock", ...row };
}

export async function listLocalStock(ref: TableRef, { consistent = false } = {}): Promise<LocalStockRow[]> {
  return toRecords<LocalStockRow>(
    await queryPartitions(ref, Entities.local_stock.query.shards(), { projection: ["sku", "available", "warehouse"], consistent }),
  );
}

/** One SKU's rows, from its shard. */
export async function listLocalStockOfSku(ref: TableRef, sku: string): Promise<LocalStockRow[]> {
  const condition = Entities.local_stock.query.prefix({ shard: shardOf(sku) }, Entities.local_stock.sortPrefix({ sku }));
  // Another SKU can start with this one and "#": its keys share the prefix.
  return toRecords<LocalStockRow>(await queryAll(ref, { ...condition, ConsistentRead: true })).filter((row) => row.sku === sku);
}

/** Whether any local stock row is recorded: one item of each shard at most. */
export async function hasLocalStock(ref: TableRef, { consistent = false } = {}): Promise<boolean> {
  const firsts = await Promise.all(
    Entities.local_stock.query
      .shards()
      .map((condition) => queryAll(ref, { ...condition, Limit: 1, ProjectionExpression: "#pk", ...(consistent ? { ConsistentRead: true } : {}) }, 1)),
  );
  return firsts.some((items) => items.length > 0);
}

export async function putLocalStock(ref: TableRef, rows: LocalStockRow[]): Promise<void> {
  if (rows.length === 0) return;
  await writeChanging(ref, "local_stock", () => batchWrite(ref, rows.map((row) => ({ put: localStockItem(row) }))));
}

/** The rows of one warehouse (an import replaces exactly these). */
export async function listLocalStockOfWarehouse(ref: TableRef, warehouse: string): Promise<LocalStockRow[]> {
  return (await listLocalStock(ref)).filter((row) => (row.warehouse ?? "") === warehouse);
}

/** Writes new and changed rows and deletes the removed ones, 25 per batch. */
export async function replaceLocalStockRows(ref: TableRef, put: readonly LocalStockRow[], remove: readonly LocalStockRow[]): Promise<void> {
  if (put.length === 0 && remove.length === 0) return;
  await writeChanging(ref, "local_stock", () =>
    batchWrite(ref, [
      ...remove.map((row) => ({ delete: Entities.local_stock.key({ sku: row.sku, warehouse: row.warehouse ?? "" }) })),
      ...put.map((row) => ({ put: localStockItem(row) })),
    ]),
  );
}
