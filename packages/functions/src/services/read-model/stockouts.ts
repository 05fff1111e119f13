/**
 * What the restock plan's and the aged stock's views keep of the daily rows: the stockout days of
 * each SKU with sales (days whose rows sum to 0 available units), from a day on that covers the
 * velocity window of any business day after the build.
 */
import { Replenishment, Restock, Time, type Ad, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import type { StateItem } from "#storage/changes";
import { listDailyAvailability, listInventoriesWithDailyRows } from "#storage/daily-stock";

/** Items grouped by SKU, in the order each SKU first comes; items without one are left out. */
export function groupBySku<T>(items: readonly T[], skuOf: (item: T) => string | null | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = skuOf(item);
    if (key === null || key === undefined) continue;
    const group = groups.get(key);
    if (group) group.push(item);
    else groups.set(key, [item]);
  }
  return groups;
}

/** The SKUs with sales: the only ones whose stockout days either report uses. */
export const sellingSkus = (candidates: readonly Ad[]): Set<string> =>
  new Set([...Restock.salesBySku(candidates).values()].filter((sales) => sales.sales30d > 0).map((sales) => sales.sku));

/** The first day whose daily rows a view built at `now` holds: any business day's window starting after it. */
export const stockoutsFrom = (now: Date): string => Time.addDays(Restock.velocityWindowStart(Time.calendarDay("UTC", now)), -2);

/** Stockout days per SKU (every day from the rows' first), from the daily rows of its inventories. */
export function stockoutDaysBySku(
  inventory: readonly Pick<InventoryRecord, "inventory_id" | "sku">[],
  rows: readonly { inventory_id: string; day: string; available_qty: number | null }[],
): Map<string, string[]> {
  const skuOf = new Map<string, string>();
  for (const record of inventory) if (record.sku !== null && record.sku !== undefined) skuOf.set(record.inventory_id, record.sku);
  const days = new Map<string, string[]>();
  for (const [sku, skuRows] of groupBySku(rows, (row) => skuOf.get(row.inventory_id))) days.set(sku, Restock.stockoutDayList(skuRows));
  return days;
}

/** Stockout days per selling SKU from `from` on, read strongly consistent for a build at `now`. */
export async function readStockouts(
  ref: TableRef,
  state: StateItem,
  inventory: readonly InventoryRecord[],
  ads: readonly Ad[],
  now: Date,
): Promise<{ from: string; bySku: Map<string, string[]> }> {
  const from = stockoutsFrom(now);
  const selling = sellingSkus(Replenishment.candidateAds(ads));
  const withRows = await listInventoriesWithDailyRows(ref, state);
  const ids = inventory.filter((record) => record.sku !== null && selling.has(record.sku) && withRows.has(record.inventory_id)).map((record) => record.inventory_id);
  const rows = await listDailyAvailability(ref, ids, from, "9999-12-31", { consistent: true });
  return { from, bySku: stockoutDaysBySku(inventory, rows) };
}
