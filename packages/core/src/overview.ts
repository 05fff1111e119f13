/** Operational overview of fulfillment stock: units, immobilized value and alert counts (SPEC 4.A GET /full/overview). */
import { describe, DEFAULT_LOCALE, message, type DescribedMessage, type Locale } from "./messages/index.js";
import type { Ad, InventoryRecord } from "./records.js";
import { roundScaled } from "./rounding.js";
import { isoTimestamp, timestampToInstant } from "./time.js";

export const AGED_DAYS = 90;
export const LOW_COVERAGE_DAYS = 14;
export const STRANDED_DAYS = 180;

/** The body before the first sync: SPEC's message telling the operator to run it, in `locale`, with its code beside it. */
export function noDataBody(locale: Locale = DEFAULT_LOCALE): NoDataBody {
  const message_detail = describe(message("overview_no_data"), locale);
  return { has_data: false, message: message_detail.text, message_detail, summary: {}, alerts: {} };
}

export interface OverviewSummary {
  products_count: number;
  inventories_count: number;
  units_available: number;
  units_in_transit: number;
  units_not_available: number;
  immobilized_value: number;
}

export interface OverviewAlerts {
  low_coverage: number;
  aged_stock: number;
  stranded: number;
}

export interface NoDataBody {
  has_data: false;
  message: string;
  message_detail: DescribedMessage;
  summary: Record<string, never>;
  alerts: Record<string, never>;
}

export type OverviewBody = NoDataBody | { has_data: true; summary: OverviewSummary; alerts: OverviewAlerts; updated_at: string | null };

type Coverage = Pick<InventoryRecord, "days_of_stock">;
type Age = Pick<InventoryRecord, "oldest_stock_days">;

/** Coverage known and under 14 days. */
export function isLowCoverage(record: Coverage): boolean {
  return record.days_of_stock !== null && record.days_of_stock !== undefined && record.days_of_stock < LOW_COVERAGE_DAYS;
}

/** Oldest lot known and older than 90 days. */
export function isAged(record: Age): boolean {
  return record.oldest_stock_days !== null && record.oldest_stock_days !== undefined && record.oldest_stock_days > AGED_DAYS;
}

/** Units available that will not sell soon: coverage unknown or beyond 180 days. */
export function isStranded(record: Coverage & Pick<InventoryRecord, "available_qty">): boolean {
  if (!((record.available_qty ?? 0) > 0)) return false;
  return record.days_of_stock === null || record.days_of_stock === undefined || record.days_of_stock > STRANDED_DAYS;
}

// Value kept in exact integer units: quantities to 1e-3, costs to 1e-6, so the sum has no binary drift.
const QTY_SCALE = 3;
const COST_SCALE = 6;

const QTY_UNIT = 10 ** QTY_SCALE;
const COST_UNIT = 10 ** COST_SCALE;
const EXACT_LIMIT = 2 ** 53;

/**
 * Sum of qty × cost in exact units. Products and their running sum stay in a plain number while
 * below 2^53 (where numbers are exact integers) and move into a bigint before: one bigint step per
 * many records instead of three per record.
 */
class ValueSum {
  private total = 0n;
  private pending = 0;

  add(qty: number, cost: number): void {
    const product = Math.round(qty * QTY_UNIT) * Math.round(cost * COST_UNIT);
    if (Math.abs(product) < EXACT_LIMIT && Math.abs(this.pending + product) < EXACT_LIMIT) {
      this.pending += product;
      return;
    }
    this.total += BigInt(this.pending) + BigInt(Math.round(qty * QTY_UNIT)) * BigInt(Math.round(cost * COST_UNIT));
    this.pending = 0;
  }

  units(): bigint {
    return this.total + BigInt(this.pending);
  }
}

/**
 * The overview as sums over the records: the read model keeps these and moves them by one
 * record's difference when a stock operation changes that record (`recordChange`).
 */
export interface OverviewTotals {
  products_count: number;
  inventories_count: number;
  units_available: number;
  units_in_transit: number;
  units_not_available: number;
  /** Σ qty × cost in exact 10^-9 units. */
  value_units: bigint;
  low_coverage: number;
  aged_stock: number;
  stranded: number;
  /** When the freshest record was updated (epoch milliseconds; newestUpdate), null when none says. */
  updated_ms: number | null;
}

/** The totals a change of records adds: every sum, not the counts of products and inventories nor the time. */
export type OverviewChange = Omit<OverviewTotals, "products_count" | "inventories_count" | "updated_ms">;

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/**
 * The newest of the records' updated_at, as a UTC instant (ISO 8601), or null when none has one.
 * A value without an offset is business-zone wall clock (a sync's); one with an offset, a
 * notification's. Wall-clock values compare as text, so only the newest is converted.
 */
export function newestUpdate(inventory: readonly Pick<InventoryRecord, "updated_at">[], timeZone: string): string | null {
  let newestInstant = Number.NEGATIVE_INFINITY;
  let newestWallClock = "";
  for (const record of inventory) {
    const text = isoTimestamp(record.updated_at);
    if (text === null) continue;
    if (HAS_OFFSET.test(text)) {
      const instant = Date.parse(text);
      if (instant > newestInstant) newestInstant = instant;
    } else if (text > newestWallClock) newestWallClock = text;
  }
  const wallClock = newestWallClock ? timestampToInstant(timeZone, newestWallClock)?.getTime() : undefined;
  const newest = Math.max(newestInstant, wallClock ?? Number.NEGATIVE_INFINITY);
  return Number.isFinite(newest) ? new Date(newest).toISOString() : null;
}

type Figures = Pick<InventoryRecord, "ad_id" | "available_qty" | "in_transit_qty" | "not_available_qty" | "days_of_stock" | "oldest_stock_days">;

const valuedQty = (record: Figures, cost: number | null | undefined): number | undefined => {
  const qty = record.available_qty;
  return record.ad_id !== null && record.ad_id !== undefined && typeof cost === "number" && cost !== 0 && Number.isFinite(cost) && qty && Number.isFinite(qty) ? qty : undefined;
};

export function overviewTotals(inventory: readonly InventoryRecord[], adsById: ReadonlyMap<string, Ad>, timeZone: string): OverviewTotals {
  const adIds = new Set<string>();
  let available = 0;
  let inTransit = 0;
  let notAvailable = 0;
  const value = new ValueSum();
  let lowCoverage = 0;
  let aged = 0;
  let stranded = 0;
  for (const record of inventory) {
    available += record.available_qty ?? 0;
    inTransit += record.in_transit_qty ?? 0;
    notAvailable += record.not_available_qty ?? 0;
    if (record.ad_id !== null && record.ad_id !== undefined) {
      adIds.add(record.ad_id);
      const cost = adsById.get(record.ad_id)?.cost;
      const qty = valuedQty(record, cost);
      if (qty !== undefined) value.add(qty, cost!);
    }
    if (isLowCoverage(record)) lowCoverage++;
    if (isAged(record)) aged++;
    if (isStranded(record)) stranded++;
  }
  return {
    products_count: adIds.size,
    inventories_count: inventory.length,
    units_available: available,
    units_in_transit: inTransit,
    units_not_available: notAvailable,
    value_units: value.units(),
    low_coverage: lowCoverage,
    aged_stock: aged,
    stranded,
    updated_ms: timeOf(newestUpdate(inventory, timeZone)),
  };
}

const timeOf = (iso: string | null): number | null => (iso === null ? null : Date.parse(iso));

/** What one record adds to the totals, its ad's unit cost given. */
function recordTotals(record: Figures, cost: number | null | undefined): OverviewChange {
  const qty = valuedQty(record, cost);
  return {
    units_available: record.available_qty ?? 0,
    units_in_transit: record.in_transit_qty ?? 0,
    units_not_available: record.not_available_qty ?? 0,
    value_units: qty === undefined ? 0n : BigInt(Math.round(qty * QTY_UNIT)) * BigInt(Math.round(cost! * COST_UNIT)),
    low_coverage: isLowCoverage(record) ? 1 : 0,
    aged_stock: isAged(record) ? 1 : 0,
    stranded: isStranded(record) ? 1 : 0,
  };
}

/** The change of the totals when one record (same ad, same cost) goes from `before` to `after`. */
export function recordChange(before: Figures, after: Figures, cost: number | null | undefined): OverviewChange {
  const [was, is] = [recordTotals(before, cost), recordTotals(after, cost)];
  return {
    units_available: is.units_available - was.units_available,
    units_in_transit: is.units_in_transit - was.units_in_transit,
    units_not_available: is.units_not_available - was.units_not_available,
    value_units: is.value_units - was.value_units,
    low_coverage: is.low_coverage - was.low_coverage,
    aged_stock: is.aged_stock - was.aged_stock,
    stranded: is.stranded - was.stranded,
  };
}

/** The SPEC 200 body of the totals, with `updated_at` beside SPEC's fields: how fresh the figures are. */
export function overviewOfTotals(totals: OverviewTotals): OverviewBody {
  if (totals.inventories_count === 0) return noDataBody();
  return {
    has_data: true,
    summary: {
      products_count: totals.products_count,
      inventories_count: totals.inventories_count,
      units_available: totals.units_available,
      units_in_transit: totals.units_in_transit,
      units_not_available: totals.units_not_available,
      immobilized_value: roundScaled(totals.value_units, QTY_SCALE + COST_SCALE, 2),
    },
    alerts: { low_coverage: totals.low_coverage, aged_stock: totals.aged_stock, stranded: totals.stranded },
    updated_at: totals.updated_ms === null ? null : new Date(totals.updated_ms).toISOString(),
  };
}

/** The SPEC 200 body of the overview; wall-clock updated_at values are read in `timeZone`. */
export function computeOverview(inventory: readonly InventoryRecord[], adsById: ReadonlyMap<string, Ad>, timeZone: string): OverviewBody {
  return overviewOfTotals(overviewTotals(inventory, adsById, timeZone));
}
