/**
 * Sales velocity with stockout days left out.
 *
 * `sales_30d` counts units sold over 30 days, but a SKU that was out of stock for part of them
 * could not sell on those days: dividing by 30 understates what it sells when it has stock.
 *
 * - Window: the 30 calendar days ending today (today − 29 … today), the days of `sales_30d`.
 * - A stockout day is a day of the window on which the SKU has at least one daily stock row and
 *   the available units summed over its rows (all its inventories) are 0. A day with no row at
 *   all is not known to be a stockout and counts as in stock: a gap in the history must not
 *   inflate the velocity.
 * - `velocity_raw` = sales_30d / 30; `velocity` = sales_30d / max(in-stock days, 10), where
 *   in-stock days = 30 − stockout days. The floor of 10 in-stock days keeps a SKU that had stock
 *   on one day only from being extrapolated 30-fold: `velocity` is at most 3 × `velocity_raw`.
 *
 * Worked example: 30 units sold, 10 stockout days → 20 in-stock days → velocity 1.5/day
 * (raw 1.0/day). 12 units sold with stock on one day only → floor 10 → 1.2/day, not 12/day.
 */
import { isFullWithSku, type Ad, type DailyStockRow, type InventoryRecord } from "../records.js";
import { addDays, daysBetween } from "../time.js";

export const VELOCITY_WINDOW_DAYS = 30;
/** Fewest in-stock days a velocity is computed over. */
export const MIN_IN_STOCK_DAYS = 10;

export interface Velocity {
  sales_30d: number;
  stockout_days: number;
  in_stock_days: number;
  /** sales_30d / 30, unrounded. */
  velocity_raw: number;
  /** sales_30d / max(in_stock_days, MIN_IN_STOCK_DAYS), unrounded. */
  velocity: number;
}

/** First day of the velocity window that ends on `today`. */
export const velocityWindowStart = (today: string): string => addDays(today, -(VELOCITY_WINDOW_DAYS - 1));

/** Stockout days of the window ending today, from the daily rows of all of one SKU's inventories. */
export function stockoutDays(rows: Iterable<Pick<DailyStockRow, "day" | "available_qty">>, today: string): number {
  const availableByDay = new Map<string, number>();
  for (const row of rows) {
    const age = daysBetween(row.day, today);
    if (!(age >= 0 && age < VELOCITY_WINDOW_DAYS)) continue;
    availableByDay.set(row.day, (availableByDay.get(row.day) ?? 0) + Math.max(0, row.available_qty ?? 0));
  }
  let days = 0;
  for (const available of availableByDay.values()) if (available === 0) days++;
  return days;
}

/**
 * Every day on which the rows (all of one SKU's inventories) sum to 0 available units, whatever
 * the window: the read model keeps these per SKU and counts the window's on each request.
 */
export function stockoutDayList(rows: Iterable<Pick<DailyStockRow, "day" | "available_qty">>): string[] {
  const availableByDay = new Map<string, number>();
  for (const row of rows) availableByDay.set(row.day, (availableByDay.get(row.day) ?? 0) + Math.max(0, row.available_qty ?? 0));
  const days: string[] = [];
  for (const [day, available] of availableByDay) if (available === 0) days.push(day);
  return days.sort();
}

/** How many of the stockout days fall in the window ending today (what stockoutDays counts from the rows). */
export function stockoutsInWindow(days: readonly string[], today: string): number {
  let count = 0;
  for (const day of days) {
    const age = daysBetween(day, today);
    if (age >= 0 && age < VELOCITY_WINDOW_DAYS) count++;
  }
  return count;
}

/** Velocity of a SKU from its 30-day sales and its stockout days. */
export function stockAdjustedVelocity(sales30d: number, stockouts: number): Velocity {
  const sales = Math.max(0, sales30d);
  const stockout = Math.min(VELOCITY_WINDOW_DAYS, Math.max(0, stockouts));
  const inStock = VELOCITY_WINDOW_DAYS - stockout;
  return {
    sales_30d: sales,
    stockout_days: stockout,
    in_stock_days: inStock,
    velocity_raw: sales / VELOCITY_WINDOW_DAYS,
    velocity: sales / Math.max(inStock, MIN_IN_STOCK_DAYS),
  };
}

/** A SKU of the Full ads: its naming ad (the first) and the summed 30-day sales. */
export interface SkuSales {
  sku: string;
  ad: Ad;
  sales30d: number;
}

/** Full ads with a SKU grouped by SKU in first-seen order, as GET /full/replenishment groups them. */
export function salesBySku(ads: readonly Ad[]): Map<string, SkuSales> {
  const bySku = new Map<string, SkuSales>();
  for (const ad of ads) {
    if (!isFullWithSku(ad)) continue;
    const group = bySku.get(ad.sku);
    if (group) group.sales30d += ad.sales_30d ?? 0;
    else bySku.set(ad.sku, { sku: ad.sku, ad, sales30d: ad.sales_30d ?? 0 });
  }
  return bySku;
}

/** Velocity of every SKU with sales, its stockout days taken from the daily rows of its inventories. */
export function velocitiesBySku(
  sales: ReadonlyMap<string, SkuSales>,
  inventory: readonly Pick<InventoryRecord, "inventory_id" | "sku">[],
  dailyRows: readonly Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[],
  today: string,
): Map<string, Velocity> {
  const skuOfInventory = new Map<string, string>();
  for (const record of inventory) if (record.sku !== null && record.sku !== undefined) skuOfInventory.set(record.inventory_id, record.sku);
  const rowsBySku = new Map<string, Pick<DailyStockRow, "day" | "available_qty">[]>();
  for (const row of dailyRows) {
    const sku = skuOfInventory.get(row.inventory_id);
    if (sku === undefined) continue;
    const rows = rowsBySku.get(sku);
    if (rows) rows.push(row);
    else rowsBySku.set(sku, [row]);
  }
  const velocities = new Map<string, Velocity>();
  for (const { sku, sales30d } of sales.values()) {
    if (!(sales30d > 0)) continue;
    velocities.set(sku, stockAdjustedVelocity(sales30d, stockoutDays(rowsBySku.get(sku) ?? [], today)));
  }
  return velocities;
}

/** Velocity of every SKU with sales from stockout days already counted per SKU (a SKU absent: none). */
export function velocitiesFromStockouts(sales: ReadonlyMap<string, SkuSales>, stockouts: ReadonlyMap<string, number>): Map<string, Velocity> {
  const velocities = new Map<string, Velocity>();
  for (const { sku, sales30d } of sales.values()) {
    if (!(sales30d > 0)) continue;
    velocities.set(sku, stockAdjustedVelocity(sales30d, stockouts.get(sku) ?? 0));
  }
  return velocities;
}
