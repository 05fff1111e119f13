/** Per-record fulfillment inventory list with costs and alert flags (SPEC 4.A GET /full/inventory). */
import { isAged, isLowCoverage } from "./overview.js";
import { stockFigures, type Ad, type InventoryRecord, type SkuMetric, type StockFigures } from "./records.js";
import { isoTimestamp } from "./time.js";

export type InventorySort = "coverage" | "aged" | "available";

export interface InventoryQuery {
  sortBy: InventorySort;
  alertsOnly: boolean;
}

export type InventoryListItem = Pick<InventoryRecord, "inventory_id" | "ad_id" | "sku" | "variation_id"> &
  Pick<Ad, "title" | "thumbnail" | "permalink"> &
  StockFigures & {
    storage_cost_unit: number | null;
    storage_risk_unit: number | null;
    is_aged: boolean;
    is_low_coverage: boolean;
    updated_at: string | null;
    /** The account the record is of: only in the list of several accounts (seller_id=all). */
    seller_id?: string;
  };

export interface InventoryListBody {
  has_data: boolean;
  count: number;
  items: InventoryListItem[];
}

/** The orders sort_by names; any other value sorts by coverage. */
export const INVENTORY_SORTS = ["coverage", "aged", "available"] as const satisfies readonly InventorySort[];
const SORTS: readonly string[] = INVENTORY_SORTS;

/** sort_by (unknown values sort by coverage) and alerts (only the exact "1" filters). */
export function parseInventoryQuery(query: Record<string, string | undefined>): InventoryQuery {
  const sortBy = query.sort_by !== undefined && SORTS.includes(query.sort_by) ? (query.sort_by as InventorySort) : "coverage";
  return { sortBy, alertsOnly: query.alerts === "1" };
}

/** A metric figure as a number; zero, empty and unreadable values mean "no cost known". */
export function unitCost(value: unknown): number | null {
  const number = typeof value === "number" ? value : typeof value === "string" && value.trim() !== "" ? Number(value) : NaN;
  return Number.isFinite(number) && number !== 0 ? number : null;
}

/** One record as the list shows it, joined with its ad and its SKU's metric. */
export function listItem(record: InventoryRecord, ad: Ad | undefined, metric: SkuMetric | undefined): InventoryListItem {
  return {
    inventory_id: record.inventory_id,
    ad_id: record.ad_id ?? null,
    sku: record.sku ?? null,
    variation_id: record.variation_id ?? null,
    title: ad?.title ?? null,
    thumbnail: ad?.thumbnail ?? null,
    permalink: ad?.permalink ?? null,
    ...stockFigures(record),
    storage_cost_unit: metric ? unitCost(metric.storage_cost) : null,
    storage_risk_unit: metric ? unitCost(metric.storage_risk_cost) : null,
    is_aged: isAged(record),
    is_low_coverage: isLowCoverage(record),
    updated_at: isoTimestamp(record.updated_at),
  };
}

/**
 * Stable sort by a numeric key, nulls last, without a comparator: the keys are sorted as a typed
 * array, and each item lands at the first slot of its key plus the count of equal keys before it.
 */
export function sortByKey<T>(items: readonly T[], keyOf: (item: T) => number | null): T[] {
  const keys = new Float64Array(items.length);
  let known = 0;
  for (let i = 0; i < items.length; i++) {
    const key = keyOf(items[i]!);
    keys[i] = key === null || Number.isNaN(key) ? NaN : key;
    if (!Number.isNaN(keys[i]!)) known++;
  }
  const sorted = keys.slice().sort(); // numeric; NaN (unknown) goes last
  const taken = new Uint32Array(known);
  const out = new Array<T>(items.length);
  let unknown = known;
  for (let i = 0; i < items.length; i++) {
    const key = keys[i]!;
    if (Number.isNaN(key)) {
      out[unknown++] = items[i]!;
      continue;
    }
    let low = 0;
    let high = known;
    while (low < high) {
      const mid = (low + high) >>> 1;
      if (sorted[mid]! < key) low = mid + 1;
      else high = mid;
    }
    out[low + taken[low]!++] = items[i]!;
  }
  return out;
}

/** The key each order sorts by (ascending, nulls last): the list's three orders of SPEC 4.A. */
export const SORT_KEYS: Record<InventorySort, (item: Pick<InventoryListItem, "days_of_stock" | "oldest_stock_days" | "available_qty">) => number | null> = {
  coverage: (item) => item.days_of_stock,
  aged: (item) => (item.oldest_stock_days === null ? null : -item.oldest_stock_days),
  available: (item) => -(item.available_qty ?? 0),
};

/** The SPEC 200 body: one item per record, optionally only alerts, in the requested order. */
export function buildInventoryList(
  inventory: readonly InventoryRecord[],
  adsById: ReadonlyMap<string, Ad>,
  metricsBySku: ReadonlyMap<string, SkuMetric>,
  { sortBy, alertsOnly }: InventoryQuery,
): InventoryListBody {
  const items: InventoryListItem[] = [];
  for (const record of inventory) {
    if (alertsOnly && !isAged(record) && !isLowCoverage(record)) continue;
    const ad = record.ad_id === null || record.ad_id === undefined ? undefined : adsById.get(record.ad_id);
    const metric = record.sku === null || record.sku === undefined ? undefined : metricsBySku.get(record.sku);
    items.push(listItem(record, ad, metric));
  }
  const sorted = sortByKey(items, SORT_KEYS[sortBy] ?? SORT_KEYS.coverage);
  return { has_data: sorted.length > 0, count: sorted.length, items: sorted };
}

/**
 * Several accounts' lists as one (seller_id=all): every item naming its account, in the order
 * asked for; items of equal key keep the accounts' order, then each list's own.
 */
export function mergedList(lists: readonly { seller_id: string; body: InventoryListBody }[], sortBy: InventorySort): InventoryListBody {
  const items = lists.flatMap(({ seller_id, body }) => body.items.map((item) => ({ ...item, seller_id })));
  const sorted = sortByKey(items, SORT_KEYS[sortBy] ?? SORT_KEYS.coverage);
  return { has_data: sorted.length > 0, count: sorted.length, items: sorted };
}
