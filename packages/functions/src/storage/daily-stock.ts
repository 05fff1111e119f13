import type { DailyStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { KeyConditions, Keys } from "./keys.js";
import { batchWrite, queryAll } from "./operations.js";
import { toRecords } from "./items.js";

export function dailyStockItem(row: DailyStockRow): Record<string, unknown> {
  return { ...Keys.daily(row.inventory_id, row.day), kind: "daily_stock", ...row };
}

/** Daily rows of the given inventories from a day onwards: one key-condition query per inventory. */
export async function listDailyStockSince(ref: TableRef, inventoryIds: string[], fromDay: string): Promise<DailyStockRow[]> {
  const perInventory = await Promise.all(
    inventoryIds.map((inventoryId) =>
      queryAll(ref, KeyConditions.from(Keys.dailyPartition(inventoryId), fromDay)),
    ),
  );
  return toRecords<DailyStockRow>(perInventory.flat());
}

export async function putDailyStock(ref: TableRef, rows: DailyStockRow[]): Promise<void> {
  await batchWrite(ref, rows.map((row) => ({ put: dailyStockItem(row) })));
}
