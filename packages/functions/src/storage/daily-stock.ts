import type { DailyStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { KeyConditions, Keys, fitsKey } from "./keys.js";
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

/** Queries in flight at once when reading many inventories' rows. */
const DAILY_QUERIES_IN_FLIGHT = 16;

/**
 * Available units per day of many inventories between two days inclusive: one Query per
 * inventory (the rows are keyed by inventory), a bounded number in flight so a large catalogue
 * does not open thousands of connections at once.
 */
export async function listDailyAvailability(
  ref: TableRef,
  inventoryIds: readonly string[],
  fromDay: string,
  toDay: string,
): Promise<Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[]> {
  const rows: Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[] = [];
  const ids = [...new Set(inventoryIds)].filter((id) => fitsKey({ pk: Keys.dailyPartition(id) }));
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < ids.length) {
      const inventoryId = ids[next++]!;
      const condition = KeyConditions.between(Keys.dailyPartition(inventoryId), [fromDay, toDay]);
      const items = await queryAll(ref, {
        ...condition,
        ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, "#day": "day", "#available": "available_qty" },
        ProjectionExpression: "#day, #available",
      });
      for (const item of items) rows.push({ inventory_id: inventoryId, day: String(item.day), available_qty: (item.available_qty as number | null) ?? null });
    }
  };
  await Promise.all(Array.from({ length: Math.min(DAILY_QUERIES_IN_FLIGHT, ids.length) }, worker));
  return rows;
}
