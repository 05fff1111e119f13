/** One ad's fulfillment inventories and its recent daily stock series (SPEC 4.A GET /full/inventory/{ad_id}). */
import { stockFigures, type Ad, type DailyStockRow, type InventoryRecord, type StockFigures } from "./records.js";
import { addDays, isCalendarDate, isoTimestamp } from "./time.js";

export const SERIES_WINDOW_DAYS = 60;

/** The record fields the detail shows for each inventory, in SPEC order, and when they were updated. */
export type DetailInventory = Pick<InventoryRecord, "inventory_id" | "variation_id" | "updated_at"> & StockFigures;

export interface DailyPoint {
  date: string;
  available: number;
  in_transit: number;
  not_available: number;
}

export interface DetailBody {
  ad_id: string;
  title: string | null;
  thumbnail: string | null;
  inventories: DetailInventory[];
  daily_series: DailyPoint[];
}

// Every detail request of a day asks for the same window: the last one is kept.
let lastWindow = { today: "", start: "" };

/** First day of the series: today minus 60 days, included. */
export function seriesWindowStart(today: string): string {
  if (lastWindow.today !== today) lastWindow = { today, start: addDays(today, -SERIES_WINDOW_DAYS) };
  return lastWindow.start;
}

/** Per-day sums of the given inventories' rows from `start` on, ascending; later days are kept as stored. */
export function dailySeries(inventoryIds: ReadonlySet<string>, rows: readonly DailyStockRow[], start: string): DailyPoint[] {
  // Rows mostly come grouped by day, in day order (the ad's index partition sorts them so): a day is
  // checked once per group and its point is the last one made. A day before the last one (rows read
  // inventory by inventory) switches to finding points by day, and the points are sorted at the end.
  const points: DailyPoint[] = [];
  let point: DailyPoint | undefined;
  let byDay: Map<string, DailyPoint> | undefined;
  for (const row of rows) {
    if (!inventoryIds.has(row.inventory_id)) continue;
    const day = row.day;
    if (point?.date !== day) {
      // YYYY-MM-DD compares as text; a malformed day cannot be placed in the series.
      if (!isCalendarDate(day) || day < start) continue;
      if (!byDay && point !== undefined && day < point.date) byDay = new Map(points.map((p) => [p.date, p]));
      point = byDay?.get(day);
      if (!point) {
        points.push((point = { date: day, available: 0, in_transit: 0, not_available: 0 }));
        byDay?.set(day, point);
      }
    }
    point.available += row.available_qty ?? 0;
    point.in_transit += row.in_transit_qty ?? 0;
    point.not_available += row.not_available_qty ?? 0;
  }
  return byDay ? points.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0)) : points;
}

/**
 * The SPEC 200 body for an ad. The caller answers 404 when `inventories` is empty;
 * `today` is the calendar day in the business time zone (CONTRACTS section 4).
 */
export function buildDetail(
  adId: string,
  ad: Pick<Ad, "title" | "thumbnail"> | undefined,
  inventories: readonly InventoryRecord[],
  dailyRows: readonly DailyStockRow[],
  today: string,
): DetailBody {
  const inventoryIds = new Set(inventories.map((record) => record.inventory_id));
  return {
    ad_id: adId,
    title: ad?.title ?? null,
    thumbnail: ad?.thumbnail ?? null,
    inventories: inventories.map((record) => ({
      inventory_id: record.inventory_id,
      variation_id: record.variation_id ?? null,
      ...stockFigures(record),
      updated_at: isoTimestamp(record.updated_at),
    })),
    daily_series: dailySeries(inventoryIds, dailyRows, seriesWindowStart(today)),
  };
}
