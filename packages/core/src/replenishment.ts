/** Replenishment suggestions from fulfillment stock, local stock and 30-day sales (SPEC 4.A GET /full/replenishment). */
import type { Ad, InventoryRecord, LocalStockRow } from "./records.js";
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
  sales_30d: number;
  daily_sales_estimate: number;
  coverage_days: number;
  target_full_quantity: number;
  quantity_needed: number;
  quantity_suggested: number;
  status: ReplenishmentStatus;
  sources: typeof SOURCES;
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

/** One SKU with sales: its naming ad and the totals gathered for it. */
interface SkuTotals {
  sku: string;
  ad: Ad;
  sales30d: number;
  full: number;
  local: number;
  /** Set once the SKU's coverage is below the trigger: only suggested SKUs gather local rows. */
  warehouses: LocalWarehouse[] | null;
}

/** Full ads with a SKU, grouped by SKU in first-seen order; the first ad names the group. */
function totalsBySku(candidates: readonly Ad[]): Map<string, SkuTotals> {
  const bySku = new Map<string, SkuTotals>();
  for (const ad of candidates) {
    if (ad.is_full !== true || ad.sku === null || ad.sku === undefined) continue;
    const group = bySku.get(ad.sku);
    if (group) group.sales30d += ad.sales_30d ?? 0;
    else bySku.set(ad.sku, { sku: ad.sku, ad, sales30d: ad.sales_30d ?? 0, full: 0, local: 0, warehouses: null });
  }
  return bySku;
}

/**
 * The SPEC 200 body: SKUs whose fulfillment coverage is below the trigger, lowest coverage first.
 * Totals are gathered only for SKUs that can be suggested (one map lookup per row), and local
 * rows only for those that are.
 */
export function computeReplenishment(input: ReplenishmentInput): ReplenishmentBody {
  const { targetDays, triggerDays } = input;
  const bySku = totalsBySku(input.candidates);
  for (const record of input.inventory) {
    if (record.sku === null || record.sku === undefined) continue;
    const group = bySku.get(record.sku);
    if (group) group.full += record.available_qty ?? 0;
  }
  const coverage = new Map<SkuTotals, number>();
  for (const group of bySku.values()) {
    if (!(group.sales30d > 0)) continue; // daily_sales <= 0
    const days = coverageDays(group.full, group.sales30d);
    if (days >= triggerDays) continue;
    group.warehouses = [];
    coverage.set(group, days);
  }
  for (const row of input.localStock) {
    const group = bySku.get(row.sku);
    if (!group?.warehouses) continue;
    group.local += row.available ?? 0;
    if (typeof row.warehouse === "string" && row.warehouse.trim() !== "") {
      group.warehouses.push({ warehouse: row.warehouse, available: row.available ?? 0 });
    }
  }

  const items: ReplenishmentItem[] = [];
  for (const [group, days] of coverage) {
    const { sku, ad, sales30d, full, local } = group;
    const target = targetQuantity(sales30d, targetDays);
    const needed = Math.max(0, target - full);
    // Negative local stock (bad data) suggests nothing rather than a negative quantity.
    const suggested = Math.max(0, Math.min(needed, local));
    items.push({
      ad_id: ad.id,
      sku,
      title: ad.title ?? null,
      full_available: full,
      local_available: local,
      local_warehouses: group.warehouses ?? [],
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
