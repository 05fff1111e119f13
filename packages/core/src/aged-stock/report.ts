/**
 * The aged-stock report (GET /full/aged-stock): per SKU and per inventory, the units still in stock
 * by age bucket, what passes the aged threshold and what it will cost over the next 30 days.
 *
 * - Lots: the first-in-first-out lots the sync stores on each inventory record (`fifo_lots`,
 *   `unknown_age_units`); a record written before the sync kept lots counts all its available
 *   units as of unknown age.
 * - Tariff: the cost engine's (storage-cost.ts): the SKU's package volume picks the first active
 *   tariff by min_volume_l with min ≤ volume < max. Without one (no active tariff, no volume, no
 *   match) the threshold is the tariff default (90 days), no surcharge is computed, and no action
 *   that rests on it is suggested: the action is `none` and the reasons say what is missing.
 * - Surcharge: aged unit-days × daily_fee × aged_daily_factor (projection.ts), rounded to cents.
 * - Velocity: the restock plan's stock-adjusted velocity (restock/velocity.ts); 0 without sales.
 * SKUs without available units and records without a SKU are left out. Only the SKUs of
 * `skusNeedingVelocity` need their daily rows: the others' figures do not depend on them. SKUs are sorted by the
 * surcharge at velocity, then without sales, largest first, then by SKU.
 */
import type { Ad, DailyStockRow, InventoryRecord, Tariff, VariationId } from "../records.js";
import { roundHalfUp } from "../rounding.js";
import { describeAll, message, DEFAULT_LOCALE, type DescribedMessage, type Locale, type Message } from "../messages/index.js";
import { activeTariffs, pickTariff, volumeBySku } from "../storage-cost.js";
import { DEFAULT_AGED_DAYS_THRESHOLD } from "../tariffs.js";
import { daysBetween, isCalendarDate } from "../time.js";
import { salesBySku, velocitiesBySku, velocitiesFromStockouts } from "../restock/velocity.js";
import { suggestAction, AGED_ACTIONS, type AgedAction } from "./action.js";
import { addBuckets, bucketOf, emptyBuckets, type Buckets } from "./buckets.js";
import { PROJECTION_DAYS, addProjection, emptyProjection, projectAgeing, type CrossingCases, type Projection, type StockLot } from "./projection.js";

export interface SurchargeCases {
  no_sales: number;
  at_velocity: number;
}

interface AgedFigures {
  buckets: Buckets;
  unknown_age_units: number;
  aged_units_now: number;
  crossing: CrossingCases;
  projected_surcharge_30d: SurchargeCases;
}

export interface AgedInventory extends AgedFigures {
  inventory_id: string;
  ad_id: string | null;
  variation_id: VariationId;
  available_qty: number;
}

export interface AgedSku extends AgedFigures {
  sku: string;
  title: string | null;
  action: AgedAction;
  /** The reasons' sentences joined, in the answer's language. */
  reason: string;
  /** The same reasons as data: code, params and sentence. */
  reason_details: DescribedMessage[];
  inventories: AgedInventory[];
  /** The account the SKU's stock is of: only in the report of several accounts (seller_id=all). */
  seller_id?: string;
}

export interface AgedTotals extends AgedFigures {
  skus: number;
  available_units: number;
  actions: Record<AgedAction, number>;
}

export interface AgedStockBody {
  success: true;
  today: string;
  totals: AgedTotals;
  skus: AgedSku[];
}

export interface AgedStockInput {
  today: string;
  inventory: readonly InventoryRecord[];
  /** Ads; Full ads with a SKU give titles, sales and volumes. */
  ads: readonly Ad[];
  tariffs: readonly Tariff[];
  /** Daily rows of the velocity window for the SKUs' inventories. */
  dailyRows?: readonly Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[];
  /** Stockout days of the window per SKU, when already counted (the read model): dailyRows are then not used. */
  stockouts?: ReadonlyMap<string, number>;
}

const positive = (value: number | null | undefined): number => (typeof value === "number" && Number.isFinite(value) && value > 0 ? value : 0);
const cents = (value: number): number => roundHalfUp(value, 2);

/** The record's stock as lots aged today; unknown-age units as one lot of age null. */
function lotsOf(record: InventoryRecord, owner: number, today: string): StockLot[] {
  if (record.fifo_lots === undefined || record.fifo_lots === null) return [{ owner, ageDays: null, units: positive(record.available_qty) }];
  const lots: StockLot[] = [{ owner, ageDays: null, units: positive(record.unknown_age_units) }];
  for (const lot of record.fifo_lots) {
    const units = positive(lot.units);
    if (units === 0) continue;
    lots.push({ owner, ageDays: isCalendarDate(lot.day) ? Math.max(0, daysBetween(lot.day, today)) : null, units });
  }
  return lots;
}

function bucketsOf(lots: readonly StockLot[]): { buckets: Buckets; unknown: number } {
  const buckets = emptyBuckets();
  let unknown = 0;
  for (const lot of lots) {
    if (lot.ageDays === null) unknown += lot.units;
    else buckets[bucketOf(lot.ageDays)] += lot.units;
  }
  return { buckets, unknown };
}

function figures(buckets: Buckets, unknown: number, projection: Projection, surchargePerUnitDay: number): AgedFigures {
  return {
    buckets,
    unknown_age_units: unknown,
    aged_units_now: projection.aged_units_now,
    crossing: projection.crossing,
    projected_surcharge_30d: {
      no_sales: cents(projection.aged_unit_days.no_sales * surchargePerUnitDay),
      at_velocity: cents(projection.aged_unit_days.at_velocity * surchargePerUnitDay),
    },
  };
}

const bySku = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/** One SKU with stock: its records by id, the tariff of its volume and its lots aged today. */
interface StockedSku {
  sku: string;
  records: InventoryRecord[];
  available: number;
  tariff: Tariff | null;
  /** Why there is no tariff: no active tariff at all, no volume, or no band for the volume. */
  tariffGap: Message | null;
  threshold: number;
  lotsByRecord: StockLot[][];
}

function stockedSkus(input: Omit<AgedStockInput, "dailyRows" | "stockouts">): StockedSku[] {
  const volumes = volumeBySku(input.ads);
  const tariffs = activeTariffs(input.tariffs);
  const recordsBySku = new Map<string, InventoryRecord[]>();
  for (const record of input.inventory) {
    if (record.sku === null || record.sku === undefined) continue;
    const list = recordsBySku.get(record.sku) ?? [];
    list.push(record);
    recordsBySku.set(record.sku, list);
  }
  const stocked: StockedSku[] = [];
  for (const [sku, unsorted] of recordsBySku) {
    const records = [...unsorted].sort((a, b) => bySku(a.inventory_id, b.inventory_id));
    const available = records.reduce((sum, record) => sum + positive(record.available_qty), 0);
    if (available === 0) continue;
    const volume = volumes.get(sku) ?? null;
    const tariff = pickTariff(tariffs, volume);
    const threshold = tariff?.aged_days_threshold ?? DEFAULT_AGED_DAYS_THRESHOLD;
    const tariffGap = tariff ? null : tariffs.length === 0 ? message("no_active_tariffs") : volume === null ? message("ad_no_dimensions") : message("no_tariff_for_volume", { volume_l: volume });
    stocked.push({ sku, records, available, tariff, tariffGap, threshold, lotsByRecord: records.map((record, owner) => lotsOf(record, owner, input.today)) });
  }
  return stocked;
}

/**
 * The SKUs whose figures depend on how fast they sell: those with sales and units past the
 * threshold within 30 days. For the others the velocity changes nothing (no unit is charged, and
 * the action only asks whether they sell at all), so their daily rows need not be read.
 */
export function skusNeedingVelocity(input: Omit<AgedStockInput, "dailyRows" | "stockouts">): Set<string> {
  const sales = salesBySku(input.ads);
  const needed = new Set<string>();
  for (const { sku, threshold, lotsByRecord } of stockedSkus(input)) {
    if (!((sales.get(sku)?.sales30d ?? 0) > 0)) continue;
    if (lotsByRecord.flat().some((lot) => lot.ageDays !== null && lot.units > 0 && lot.ageDays + PROJECTION_DAYS > threshold)) needed.add(sku);
  }
  return needed;
}

/** A SKU's reasons as data and as one text in `locale`. */
export function reasonFields(reasons: readonly Message[], locale: Locale = DEFAULT_LOCALE): Pick<AgedSku, "reason" | "reason_details"> {
  const reason_details = describeAll(reasons, locale);
  return { reason: reason_details.map((detail) => detail.text).join("; "), reason_details };
}

/** The report with its reasons written in `locale` (it is computed in the default language). */
export function localizeReport(report: AgedStockBody, locale: Locale): AgedStockBody {
  if (locale === DEFAULT_LOCALE) return report;
  return { ...report, skus: report.skus.map((sku) => ({ ...sku, ...reasonFields(sku.reason_details, locale) })) };
}

export function computeAgedStock(input: AgedStockInput): AgedStockBody {
  const { today } = input;
  const sales = salesBySku(input.ads);
  const velocities = input.stockouts ? velocitiesFromStockouts(sales, input.stockouts) : velocitiesBySku(sales, input.inventory, input.dailyRows ?? [], today);

  const skus: AgedSku[] = [];
  const actions = Object.fromEntries(AGED_ACTIONS.map((action) => [action, 0])) as Record<AgedAction, number>;
  const totalBuckets = emptyBuckets();
  const totalProjection = emptyProjection();
  let availableUnits = 0;
  let unknownUnits = 0;
  // Summed unrounded, so the total is not off by the SKUs' rounding.
  let totalUnitDaysCost = { no_sales: 0, at_velocity: 0 };

  for (const { sku, records, available, tariff, tariffGap, threshold, lotsByRecord } of stockedSkus(input)) {
    const perUnitDay = tariff ? (tariff.daily_fee ?? 0) * tariff.aged_daily_factor : 0;
    const velocity = velocities.get(sku)?.velocity ?? 0;
    const projections = projectAgeing(lotsByRecord.flat(), threshold, velocity, records.length);
    const inventories = records.map((record, owner): AgedInventory => {
      const { buckets, unknown } = bucketsOf(lotsByRecord[owner]!);
      return {
        inventory_id: record.inventory_id,
        ad_id: record.ad_id,
        variation_id: record.variation_id,
        available_qty: positive(record.available_qty),
        ...figures(buckets, unknown, projections[owner]!, perUnitDay),
      };
    });

    const skuBuckets = emptyBuckets();
    let unknown = 0;
    const projection = emptyProjection();
    inventories.forEach((inventory, owner) => {
      addBuckets(skuBuckets, inventory.buckets);
      unknown += inventory.unknown_age_units;
      addProjection(projection, projections[owner]!);
    });
    const skuFigures = figures(skuBuckets, unknown, projection, perUnitDay);
    const suggestion = suggestAction({
      velocity,
      thresholdDays: threshold,
      agedUnitsNow: projection.aged_units_now,
      crossingNoSales30: projection.crossing.no_sales.days_30,
      unknownAgeUnits: unknown,
      agedUnitDaysAtVelocity: projection.aged_unit_days.at_velocity,
      surchargeNoSales: skuFigures.projected_surcharge_30d.no_sales,
      surchargeAtVelocity: skuFigures.projected_surcharge_30d.at_velocity,
    });
    // Without a tariff there is no surcharge to act on: say so instead of suggesting an action.
    const unpriced = tariffGap !== null && suggestion.action !== "none";
    const action: AgedAction = unpriced ? "none" : suggestion.action;
    const reason = unpriced
      ? message("aged_no_surcharge_known", { units_at_risk: projection.aged_units_now + projection.crossing.no_sales.days_30, unknown_age_units: unknown, threshold_days: threshold })
      : suggestion.reason;
    skus.push({
      sku,
      title: sales.get(sku)?.ad.title ?? null,
      ...skuFigures,
      action,
      ...reasonFields(tariffGap ? [reason, tariffGap] : [reason]),
      inventories,
    });

    actions[action] += 1;
    availableUnits += available;
    unknownUnits += unknown;
    addBuckets(totalBuckets, skuBuckets);
    addProjection(totalProjection, projection);
    totalUnitDaysCost = {
      no_sales: totalUnitDaysCost.no_sales + projection.aged_unit_days.no_sales * perUnitDay,
      at_velocity: totalUnitDaysCost.at_velocity + projection.aged_unit_days.at_velocity * perUnitDay,
    };
  }

  skus.sort(
    (a, b) =>
      b.projected_surcharge_30d.at_velocity - a.projected_surcharge_30d.at_velocity ||
      b.projected_surcharge_30d.no_sales - a.projected_surcharge_30d.no_sales ||
      bySku(a.sku, b.sku),
  );
  const totals: AgedTotals = {
    skus: skus.length,
    available_units: availableUnits,
    buckets: totalBuckets,
    unknown_age_units: unknownUnits,
    aged_units_now: totalProjection.aged_units_now,
    crossing: totalProjection.crossing,
    projected_surcharge_30d: { no_sales: cents(totalUnitDaysCost.no_sales), at_velocity: cents(totalUnitDaysCost.at_velocity) },
    actions,
  };
  return { success: true, today, totals, skus };
}
