/** Replenishment suggestions from fulfillment stock, local stock and 30-day sales (SPEC 4.A GET /full/replenishment). */
import { isFullWithSku, type Ad, type InventoryRecord, type LocalStockRow } from "./records.js";
import { roundHalfUp } from "./rounding.js";

export const DEFAULT_TARGET_DAYS = 30;
export const MIN_TARGET_DAYS = 7;
export const MAX_TARGET_DAYS = 90;
export const DEFAULT_TRIGGER_DAYS = 14;
export const MIN_TRIGGER_DAYS = 1;
export const MODE = "suggestion_only";

/** Where each figure of an item comes from; the same text on every item. */
export const SOURCES = Object.freeze({
  full_available: "Fulfillment inventory: sum of available_qty over the SKU's inventory records",
  local_available: "Local warehouse stock: sum of available over the SKU's local stock rows",
  velocity: "Sales of the last 30 days (sales_30d) summed over the SKU's fulfillment ads, divided by 30",
} as const);

export interface ReplenishmentQuery {
  targetDays: number;
  triggerDays: number;
}

export interface LocalWarehouse {
  warehouse: string;
  available: number;
}

export type ReplenishmentStatus = "ready" | "no_local_stock";

export interface ReplenishmentItem {
  ad_id: string;
  sku: string;
  title: string | null;
  full_available: number;
  local_available: number;
  local_warehouses: LocalWarehouse[];
  /**
   * Units of local stock rows without a warehouse name: counted in local_available (SPEC step 2)
   * but in no entry of local_warehouses, so the two always add up:
   * local_available = Σ local_warehouses.available + local_without_warehouse.
   */
  local_without_warehouse: number;
  sales_30d: number;
  daily_sales_estimate: number;
  coverage_days: number;
  target_full_quantity: number;
  quantity_needed: number;
  quantity_suggested: number;
  status: ReplenishmentStatus;
  sources: Record<keyof typeof SOURCES, string>;
}

export interface ReplenishmentBody {
  target_days: number;
  trigger_days: number;
  count: number;
  items: ReplenishmentItem[];
  mode: typeof MODE;
}

export interface ReplenishmentInput extends ReplenishmentQuery {
  inventory: readonly InventoryRecord[];
  localStock: readonly LocalStockRow[];
  candidates: readonly Ad[];
}

// Only plain whole numbers count: "1.5", "1e3", "", "NaN" and "Infinity" fall back to the default.
const INTEGER = /^\s*[+-]?\d+\s*$/;

function integerOr(text: string | undefined, fallback: number): number {
  return text !== undefined && INTEGER.test(text) ? Number(text) : fallback;
}

function clamp(value: number, min: number, max: number): number {
  return Math.min(max, Math.max(min, value));
}

/** target_days and trigger_days from the query string, defaulted and clamped. */
export function parseReplenishmentQuery(query: Record<string, string | undefined>): ReplenishmentQuery {
  const targetDays = clamp(integerOr(query.target_days, DEFAULT_TARGET_DAYS), MIN_TARGET_DAYS, MAX_TARGET_DAYS);
  // The default trigger is clamped too: a trigger above the target would make no sense.
  const triggerDays = clamp(integerOr(query.trigger_days, DEFAULT_TRIGGER_DAYS), MIN_TRIGGER_DAYS, targetDays);
  return { targetDays, triggerDays };
}

/**
 * Days the units last at the 30-day sales pace, to 1 decimal. Written units × 30 / sales (one
 * division) so 23 units at 184 sales gives the exact 3.75 → 3.8, not 3.7499… → 3.7.
 */
export function coverageDays(units: number, sales30d: number): number {
  return roundHalfUp((units * 30) / sales30d, 1);
}

/** ceil(sales_30d / 30 × targetDays) without the float noise of 0.1 × 30. */
export function targetQuantity(sales30d: number, targetDays: number): number {
  const units = sales30d * targetDays;
  if (Number.isSafeInteger(units)) return units % 30 === 0 ? units / 30 : Math.floor(units / 30) + 1;
  return Math.ceil(roundHalfUp(units / 30, 9));
}

/**
 * What the suggestion of one candidate SKU is computed from (SPEC 4.A steps 1 to 3): the first ad
 * of the SKU names it; sales are summed over its Full ads; Full and local stock over its records
 * and rows. The read model stores one of these per SKU.
 */
export interface SkuInputs {
  sku: string;
  ad_id: string;
  title: string | null;
  /** Where the SKU stands among the candidates: its first ad's `<sku>#<ad id>`. */
  order: string;
  sales_30d: number;
  full_available: number;
  local_available: number;
  local_warehouses: LocalWarehouse[];
}

/** `<sku>#<ad id>`: the order candidates are read in (the sparse index's sort key). */
export const candidateOrder = (ad: Pick<Ad, "id" | "sku">): string => `${ad.sku}#${ad.id}`;

/** The SKU order of SPEC step 7's ties: candidates' first appearance. */
export const byCandidateOrder = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** The Full ads with a SKU in candidate order: the order the live path reads them in from the sparse index. */
export const candidateAds = <A extends Pick<Ad, "id" | "is_full" | "sku">>(ads: readonly A[]): (A & { sku: string })[] =>
  ads.filter(isFullWithSku).sort((a, b) => byCandidateOrder(candidateOrder(a), candidateOrder(b)));

/**
 * Per-SKU inputs of every candidate SKU, in the order its first ad appears among `candidates`
 * (which come sorted by `candidateOrder`).
 */
export function skuInputs(input: Pick<ReplenishmentInput, "inventory" | "localStock" | "candidates">): SkuInputs[] {
  const bySku = new Map<string, SkuInputs>();
  for (const ad of input.candidates) {
    if (!isFullWithSku(ad)) continue;
    const group = bySku.get(ad.sku);
    if (group) group.sales_30d += ad.sales_30d ?? 0;
    else {
      bySku.set(ad.sku, {
        sku: ad.sku,
        ad_id: ad.id,
        title: ad.title ?? null,
        order: candidateOrder(ad),
        sales_30d: ad.sales_30d ?? 0,
        full_available: 0,
        local_available: 0,
        local_warehouses: [],
      });
    }
  }
  for (const record of input.inventory) {
    if (record.sku === null || record.sku === undefined) continue;
    const group = bySku.get(record.sku);
    if (group) group.full_available += record.available_qty ?? 0;
  }
  for (const row of input.localStock) {
    const group = bySku.get(row.sku);
    if (!group) continue;
    group.local_available += row.available ?? 0;
    if (typeof row.warehouse === "string" && row.warehouse.trim() !== "") {
      group.local_warehouses.push({ warehouse: row.warehouse, available: row.available ?? 0 });
    }
  }
  return [...bySku.values()];
}

/** The SKU's coverage in days at its sales pace (SPEC steps 4 and 5); null when it has no sales (never suggested). */
export function skuCoverage(inputs: Pick<SkuInputs, "sales_30d" | "full_available">): number | null {
  return inputs.sales_30d > 0 ? coverageDays(inputs.full_available, inputs.sales_30d) : null;
}

/**
 * The SPEC 200 body from per-SKU inputs given in SKU order: SKUs whose fulfillment coverage is
 * below the trigger, lowest coverage first, ties in SKU order.
 */
export function suggest(inputs: readonly SkuInputs[], { targetDays, triggerDays }: ReplenishmentQuery): ReplenishmentBody {
  const items: ReplenishmentItem[] = [];
  for (const group of inputs) {
    const days = skuCoverage(group);
    if (days === null || days >= triggerDays) continue;
    const { sku, sales_30d: sales30d, full_available: full, local_available: local } = group;
    const target = targetQuantity(sales30d, targetDays);
    const needed = Math.max(0, target - full);
    // Negative local stock (bad data) suggests nothing rather than a negative quantity.
    const suggested = Math.max(0, Math.min(needed, local));
    items.push({
      ad_id: group.ad_id,
      sku,
      title: group.title ?? null,
      full_available: full,
      local_available: local,
      local_warehouses: group.local_warehouses,
      local_without_warehouse: local - group.local_warehouses.reduce((sum, stock) => sum + stock.available, 0),
      sales_30d: sales30d,
      daily_sales_estimate: roundHalfUp(sales30d / 30, 2),
      coverage_days: days,
      target_full_quantity: target,
      quantity_needed: needed,
      quantity_suggested: suggested,
      status: suggested > 0 ? "ready" : "no_local_stock",
      sources: SOURCES,
    });
  }
  items.sort((a, b) => a.coverage_days - b.coverage_days); // stable: ties keep SKU order

  return { target_days: targetDays, trigger_days: triggerDays, count: items.length, items, mode: MODE };
}

/** The SPEC 200 body computed from the records themselves. */
export function computeReplenishment(input: ReplenishmentInput): ReplenishmentBody {
  return suggest(skuInputs(input), input);
}
