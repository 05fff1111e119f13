/**
 * The per-SKU entries of the restock-plan and aged-stock views (key design in storage/keys.ts):
 * built from the same collections the live path reads, and turned back into the calculators'
 * inputs on a request. An entry holds what does not depend on the day asked for; the request
 * adds today's window, the ages of the lots, tariffs, planning parameters and the stock policy.
 */
import { AgedStock, Restock, Settings, Time, type Ad, type InventoryRecord, type LocalStockRow, type SettingEntry, type Tariff } from "@fulfillment/core";

/** The fields of the Full ads with a SKU each report reads (the live path's projections). */
export const RESTOCK_AD_FIELDS = ["sku", "title", "is_full", "sales_30d"] as const satisfies readonly (keyof Ad)[];
export const AGED_AD_FIELDS = ["sku", "title", "is_full", "sales_30d", "length_mm", "width_mm", "height_mm"] as const satisfies readonly (keyof Ad)[];
export const RESTOCK_INVENTORY_FIELDS = ["inventory_id", "sku", "available_qty", "in_transit_qty"] as const satisfies readonly (keyof InventoryRecord)[];
export const AGED_INVENTORY_FIELDS = [
  "inventory_id",
  "ad_id",
  "sku",
  "variation_id",
  "available_qty",
  "fifo_lots",
  "unknown_age_units",
] as const satisfies readonly (keyof InventoryRecord)[];

export interface RestockEntry {
  sku: string;
  ads: Partial<Ad>[];
  inventory: Partial<InventoryRecord>[];
  local: LocalStockRow[];
  stockouts: string[];
}

export interface AgedEntry {
  sku: string;
  ads: Partial<Ad>[];
  records: Partial<InventoryRecord>[];
  /** Only for SKUs with sales: the others' velocity is 0 whatever their rows say. */
  stockouts?: string[];
}

const pick = <T extends object, K extends keyof T>(record: T, fields: readonly K[]): Partial<T> => {
  const picked: Partial<T> = {};
  for (const field of fields) if (record[field] !== undefined) picked[field] = record[field];
  return picked;
};

const keyOrder = (a: Ad): string => `${a.sku}#${a.id}`;

/** The Full ads with a SKU in the sparse index's order (sku#ad_id): the order the live path reads them in. */
export function candidateAds(ads: readonly Ad[]): Ad[] {
  return ads
    .filter((ad) => ad.is_full === true && ad.sku !== null && ad.sku !== undefined)
    .sort((a, b) => (keyOrder(a) < keyOrder(b) ? -1 : keyOrder(a) > keyOrder(b) ? 1 : 0));
}

function groupBy<T>(items: readonly T[], keyOf: (item: T) => string | null | undefined): Map<string, T[]> {
  const groups = new Map<string, T[]>();
  for (const item of items) {
    const key = keyOf(item);
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
  for (const [sku, skuRows] of groupBy(rows, (row) => skuOf.get(row.inventory_id))) days.set(sku, Restock.stockoutDayList(skuRows));
  return days;
}

export function restockEntries(input: {
  candidates: readonly Ad[];
  inventory: readonly InventoryRecord[];
  localStock: readonly LocalStockRow[];
  stockouts: ReadonlyMap<string, string[]>;
}): RestockEntry[] {
  const selling = sellingSkus(input.candidates);
  const adsBySku = groupBy(input.candidates, (ad) => ad.sku);
  const inventoryBySku = groupBy(input.inventory, (record) => record.sku);
  const localBySku = groupBy(input.localStock, (row) => row.sku);
  return [...selling].map((sku) => ({
    sku,
    ads: adsBySku.get(sku)!.map((ad) => pick(ad, ["id", ...RESTOCK_AD_FIELDS])),
    inventory: (inventoryBySku.get(sku) ?? []).map((record) => pick(record, RESTOCK_INVENTORY_FIELDS)),
    local: localBySku.get(sku) ?? [],
    stockouts: input.stockouts.get(sku) ?? [],
  }));
}

const hasUnits = (record: Pick<InventoryRecord, "available_qty">): boolean => typeof record.available_qty === "number" && record.available_qty > 0;

/** SKUs with units in Full, in the order their first record comes in the inventory (the live order). */
export function agedEntries(input: {
  candidates: readonly Ad[];
  inventory: readonly InventoryRecord[];
  stockouts: ReadonlyMap<string, string[]>;
}): AgedEntry[] {
  const selling = sellingSkus(input.candidates);
  const adsBySku = groupBy(input.candidates, (ad) => ad.sku);
  const entries: AgedEntry[] = [];
  for (const [sku, records] of groupBy(input.inventory, (record) => record.sku)) {
    if (!records.some(hasUnits)) continue;
    entries.push({
      sku,
      ads: (adsBySku.get(sku) ?? []).map((ad) => pick(ad, ["id", ...AGED_AD_FIELDS])),
      records: records.map((record) => pick(record, AGED_INVENTORY_FIELDS)),
      ...(selling.has(sku) ? { stockouts: input.stockouts.get(sku) ?? [] } : {}),
    });
  }
  return entries;
}

/** The restock plan's inputs from the view's entries, for the business day `today`. */
export function restockInputs(entries: readonly RestockEntry[], today: string) {
  const candidates: Ad[] = [];
  const inventory: Pick<InventoryRecord, "inventory_id" | "sku" | "available_qty" | "in_transit_qty">[] = [];
  const localStock: LocalStockRow[] = [];
  const stockouts = new Map<string, number>();
  for (const entry of entries) {
    for (const ad of entry.ads) candidates.push(ad as Ad);
    for (const record of entry.inventory) inventory.push(record as InventoryRecord);
    for (const row of entry.local) localStock.push(row);
    stockouts.set(entry.sku, Restock.stockoutsInWindow(entry.stockouts, today));
  }
  return { candidates, inventory, localStock, stockouts };
}

/** The aged-stock report's inputs from the view's entries: stockout days count only for the SKUs that need a velocity. */
export function agedInputs(entries: readonly AgedEntry[], today: string, tariffs: AgedStock.AgedStockInput["tariffs"]): AgedStock.AgedStockInput {
  const ads: Ad[] = [];
  const inventory: InventoryRecord[] = [];
  for (const entry of entries) {
    for (const ad of entry.ads) ads.push(ad as Ad);
    for (const record of entry.records) inventory.push(record as InventoryRecord);
  }
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const stockouts = new Map<string, number>();
  for (const entry of entries) if (entry.stockouts && needing.has(entry.sku)) stockouts.set(entry.sku, Restock.stockoutsInWindow(entry.stockouts, today));
  return { today, inventory, ads, tariffs, stockouts };
}

export interface RestockQuery {
  targetDays: number;
  horizonDays: number;
}

/** The plan a view stores computed (the console's first request): the query's defaults. */
export const DEFAULT_RESTOCK_QUERY: RestockQuery = { targetDays: Restock.DEFAULT_TARGET_DAYS, horizonDays: Restock.DEFAULT_HORIZON_DAYS };
export const isDefaultRestockQuery = (query: RestockQuery): boolean =>
  query.targetDays === DEFAULT_RESTOCK_QUERY.targetDays && query.horizonDays === DEFAULT_RESTOCK_QUERY.horizonDays;

/** What the restock plan depends on beside the view's entries: a stored answer serves a request only when all of it is equal. */
export const restockAnswerInputs = (today: string, query: RestockQuery, estoque: readonly SettingEntry[], planning: readonly Restock.SkuPlanning[]) => ({
  today,
  query,
  estoque,
  planning,
});

export const agedAnswerInputs = (today: string, tariffs: readonly Tariff[]) => ({ today, tariffs });

export function restockPlanOf(
  entries: readonly RestockEntry[],
  today: string,
  query: RestockQuery,
  estoque: readonly SettingEntry[],
  planning: readonly Restock.SkuPlanning[],
): Restock.RestockPlanBody {
  return Restock.computeRestockPlan({
    today,
    targetDays: query.targetDays,
    horizonDays: query.horizonDays,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", [...estoque])),
    planning,
    ...restockInputs(entries, today),
  });
}

export const agedStockOf = (entries: readonly AgedEntry[], today: string, tariffs: readonly Tariff[]): AgedStock.AgedStockBody =>
  AgedStock.computeAgedStock(agedInputs(entries, today, tariffs));
