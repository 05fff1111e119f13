/**
 * The restock plan (GET /full/restock-plan): per SKU of the Full ads with sales, when Full runs out,
 * by when to ship, how many units and from which local warehouses.
 *
 * Per SKU (v = stock-adjusted velocity, see velocity.ts; L = lead time; S = safety units):
 * - on hand = full_available + full_in_transit (units travelling into Full count as coming);
 *   coverage_days = on hand / v; stockout_date = today + ⌊coverage⌋ (capped at 10 years).
 * - ship_by = stockout_date − L, never before today.
 * - quantity_needed = ⌈v × target_days + S − max(0, on hand − v × L)⌉ (at least 0): what brings
 *   the stock that will be left when a shipment sent today arrives up to target_days of sales
 *   plus the safety units. quantity = quantity_needed rounded up to the case pack, capped by the
 *   local stock (with several accounts on one warehouse, by the units the consolidated allocation
 *   leaves this account); sources draw it from the warehouses with the most stock first.
 * - status: `snoozed` while the SKU is snoozed; else `ok` when nothing is needed; else by ship_by:
 *   `ship_now` (today), `due` (within horizon_days), `ok` (later); a `ship_now` or `due` line
 *   with no local units to send is `no_local_stock`.
 * Sorted by ship_by, then coverage_days, then SKU.
 *
 * Worked example: v = 2/day, 10 available + 6 in transit → coverage 8 days, stockout today + 8;
 * L = 5 → ship_by today + 3 (due with a horizon of 14). Target 30, S = 5: 16 − 10 = 6 left at
 * arrival; 60 + 5 − 6 = 59 needed; case pack 12 → 60; local 40 + 25 → quantity 60, sources
 * 40 from the larger warehouse and 20 from the other.
 */
import type { Ad, DailyStockRow, InventoryRecord, LocalStockRow } from "../records.js";
import { describeAll, message, DEFAULT_LOCALE, type DescribedMessage, type Locale, type Message } from "../messages/index.js";
import { roundHalfUp } from "../rounding.js";
import { addDays } from "../time.js";
import { isSnoozed, type SkuPlanning } from "./planning.js";
import { safetyUnits, type StockPolicy } from "./stock-policy.js";
import { drawSources, localStockBySku, totalUnits, type ShipmentSource } from "./local-stock.js";
import { ceilUnits, roundUpToCasePack, unitsOf } from "./units.js";
import { MIN_IN_STOCK_DAYS, salesBySku, velocitiesBySku, velocitiesFromStockouts, type Velocity } from "./velocity.js";

export const DEFAULT_TARGET_DAYS = 30;
export const MIN_TARGET_DAYS = 7;
export const MAX_TARGET_DAYS = 90;
export const DEFAULT_HORIZON_DAYS = 14;
export const MIN_HORIZON_DAYS = 0;
export const MAX_HORIZON_DAYS = 90;
/** Stockout dates further out than this are shown at this distance. */
export const MAX_PLAN_DAYS = 3650;

export const RESTOCK_STATUSES = ["ship_now", "due", "ok", "no_local_stock", "snoozed"] as const;
export type RestockStatus = (typeof RESTOCK_STATUSES)[number];

export interface RestockLine {
  sku: string;
  ad_id: string;
  title: string | null;
  sales_30d: number;
  stockout_days: number;
  velocity_raw: number;
  velocity: number;
  full_available: number;
  full_in_transit: number;
  coverage_days: number;
  stockout_date: string;
  lead_time_days: number;
  safety_units: number;
  ship_by: string;
  quantity_needed: number;
  case_pack: number | null;
  local_available: number;
  quantity: number;
  sources: ShipmentSource[];
  status: RestockStatus;
  snooze_until: string | null;
  /** The reasons' sentences, in the answer's language. */
  reasons: string[];
  /** The same reasons as data: code, params and sentence. */
  reason_details: DescribedMessage[];
  /** The account the line is for: only in the consolidated plan of several accounts. */
  seller_id?: string;
}

export interface RestockPlanBody {
  success: true;
  today: string;
  target_days: number;
  horizon_days: number;
  items: RestockLine[];
}

export interface RestockPlanInput {
  today: string;
  targetDays: number;
  horizonDays: number;
  policy: StockPolicy;
  /** Ads; only Full ads with a SKU are planned (the sparse index holds exactly those). */
  candidates: readonly Ad[];
  inventory: readonly Pick<InventoryRecord, "inventory_id" | "sku" | "available_qty" | "in_transit_qty">[];
  /** Daily rows of the velocity window for the SKUs' inventories (older rows are ignored). */
  dailyRows?: readonly Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[];
  /** Stockout days of the window per SKU, when already counted (the read model): dailyRows are then not used. */
  stockouts?: ReadonlyMap<string, number>;
  localStock: readonly LocalStockRow[];
  planning: readonly SkuPlanning[];
  /**
   * The local units this plan may send per SKU when several accounts share the warehouse (the
   * consolidated allocation, allocation.ts); a SKU not in it sends nothing. Absent: all of
   * localStock. local_available still shows the whole warehouse's stock.
   */
  allowance?: ReadonlyMap<string, readonly ShipmentSource[]>;
}

interface FullStock {
  available: number;
  inTransit: number;
}

/** Full available and in-transit units per SKU. */
function fullStockBySku(inventory: RestockPlanInput["inventory"]): Map<string, FullStock> {
  const bySku = new Map<string, FullStock>();
  for (const record of inventory) {
    if (record.sku === null || record.sku === undefined) continue;
    const stock = bySku.get(record.sku) ?? { available: 0, inTransit: 0 };
    stock.available += unitsOf(record.available_qty);
    stock.inTransit += unitsOf(record.in_transit_qty);
    bySku.set(record.sku, stock);
  }
  return bySku;
}

/** stockout_date and ship_by for a coverage (days) and lead time (formula at the top). */
export function shipDates(today: string, coverageDays: number, leadTimeDays: number): { stockoutDate: string; shipBy: string } {
  const stockoutDate = addDays(today, Math.floor(Math.min(Math.max(0, coverageDays), MAX_PLAN_DAYS)));
  const shipBy = addDays(stockoutDate, -leadTimeDays);
  return { stockoutDate, shipBy: shipBy < today ? today : shipBy };
}

/** Units that bring the stock left at arrival up to target_days of sales plus safety. */
export function quantityNeeded(velocity: number, onHand: number, leadTimeDays: number, targetDays: number, safety: number): number {
  const leftAtArrival = Math.max(0, onHand - velocity * leadTimeDays);
  return Math.max(0, ceilUnits(velocity * targetDays + safety - leftAtArrival));
}

function velocityReason(v: Velocity): Message {
  const velocity = roundHalfUp(v.velocity, 2);
  if (v.stockout_days === 0) return message("velocity_steady", { velocity, sales_30d: v.sales_30d });
  return message("velocity_stock_adjusted", {
    velocity,
    in_stock_days: v.in_stock_days,
    counted_days: v.in_stock_days < MIN_IN_STOCK_DAYS ? MIN_IN_STOCK_DAYS : null,
    velocity_raw: roundHalfUp(v.velocity_raw, 2),
    stockout_days: v.stockout_days,
  });
}

interface LineFigures {
  velocity: Velocity;
  full: FullStock;
  coverage: number;
  stockoutDate: string;
  shipBy: string;
  leadTime: number;
  needed: number;
  rounded: number;
  quantity: number;
  casePack: number | null;
  snoozeUntil: string | null;
}

function statusOf(figures: LineFigures, snoozed: boolean, input: Pick<RestockPlanInput, "today" | "horizonDays">): RestockStatus {
  if (snoozed) return "snoozed";
  if (figures.needed === 0) return "ok";
  const timing: RestockStatus = figures.shipBy <= input.today ? "ship_now" : figures.shipBy <= addDays(input.today, input.horizonDays) ? "due" : "ok";
  return timing !== "ok" && figures.quantity === 0 ? "no_local_stock" : timing;
}

function timingReason(f: LineFigures, input: Pick<RestockPlanInput, "today" | "horizonDays">): Message {
  if (addDays(f.stockoutDate, -f.leadTime) <= input.today) return message("ship_now", { stockout_date: f.stockoutDate, lead_time_days: f.leadTime });
  const within = f.shipBy <= addDays(input.today, input.horizonDays);
  return message(within ? "ship_by_within_horizon" : "ship_by_after_horizon", { ship_by: f.shipBy, lead_time_days: f.leadTime, horizon_days: input.horizonDays });
}

function reasonsOf(f: LineFigures, status: RestockStatus, input: Pick<RestockPlanInput, "today" | "horizonDays" | "targetDays">): Message[] {
  const reasons = [
    velocityReason(f.velocity),
    message("full_stock_lasts", {
      available: f.full.available,
      in_transit: f.full.inTransit,
      coverage_days: roundHalfUp(Math.min(f.coverage, MAX_PLAN_DAYS), 1),
      stockout_date: f.stockoutDate,
    }),
  ];
  if (status === "snoozed" && f.snoozeUntil !== null) reasons.push(message("snoozed_until", { until: f.snoozeUntil }));
  reasons.push(f.needed === 0 ? message("full_stock_covers_target", { target_days: input.targetDays, lead_time_days: f.leadTime }) : timingReason(f, input));
  if (f.casePack !== null && f.casePack > 1 && f.rounded !== f.needed) {
    reasons.push(message("case_pack_rounding", { needed: f.needed, rounded: f.rounded, case_pack: f.casePack }));
  }
  if (f.needed > 0 && f.quantity < f.rounded) {
    reasons.push(f.quantity === 0 ? message("no_local_stock_to_send") : message("capped_by_local_stock", { quantity: f.quantity, rounded: f.rounded }));
  }
  return reasons;
}

/** The line's reasons as data and as sentences in `locale`. */
export function reasonFields(reasons: readonly Message[], locale: Locale = DEFAULT_LOCALE): Pick<RestockLine, "reasons" | "reason_details"> {
  const reason_details = describeAll(reasons, locale);
  return { reasons: reason_details.map((detail) => detail.text), reason_details };
}

/** The plan with its reasons written in `locale` (the plan is computed in the default language). */
export function localizePlan(plan: RestockPlanBody, locale: Locale): RestockPlanBody {
  if (locale === DEFAULT_LOCALE) return plan;
  return { ...plan, items: plan.items.map((line) => ({ ...line, ...reasonFields(line.reason_details, locale) })) };
}

/** The plan: one line per SKU of the Full ads with sales, sorted by ship_by then coverage. */
export function computeRestockPlan(input: RestockPlanInput): RestockPlanBody {
  const { today, targetDays, policy } = input;
  const sales = salesBySku(input.candidates);
  const velocities = input.stockouts ? velocitiesFromStockouts(sales, input.stockouts) : velocitiesBySku(sales, input.inventory, input.dailyRows ?? [], today);
  const fullBySku = fullStockBySku(input.inventory);
  const localBySku = localStockBySku(input.localStock);
  const planningBySku = new Map(input.planning.map((planning) => [planning.sku, planning]));

  const lines: (RestockLine & { coverageExact: number })[] = [];
  for (const [sku, velocity] of velocities) {
    const { ad } = sales.get(sku)!;
    const planning = planningBySku.get(sku);
    const full = fullBySku.get(sku) ?? { available: 0, inTransit: 0 };
    const onHand = Math.max(0, full.available + full.inTransit);
    const v = velocity.velocity;
    const leadTime = planning?.lead_time_days ?? policy.leadTimeDays;
    const coverage = onHand / v;
    const { stockoutDate, shipBy } = shipDates(today, coverage, leadTime);
    const safety = safetyUnits(policy, v, leadTime);
    const needed = quantityNeeded(v, onHand, leadTime, targetDays, safety);
    const casePack = planning?.case_pack ?? null;
    const rounded = roundUpToCasePack(needed, casePack);
    const warehouses = localBySku.get(sku) ?? [];
    const drawable = input.allowance ? (input.allowance.get(sku) ?? []) : warehouses;
    const quantity = Math.min(rounded, totalUnits(drawable));
    const snoozeUntil = planning?.snooze_until ?? null;
    const figures: LineFigures = { velocity, full, coverage, stockoutDate, shipBy, leadTime, needed, rounded, quantity, casePack, snoozeUntil };
    const status = statusOf(figures, isSnoozed(planning, today), input);
    lines.push({
      sku,
      ad_id: ad.id,
      title: ad.title ?? null,
      sales_30d: velocity.sales_30d,
      stockout_days: velocity.stockout_days,
      velocity_raw: roundHalfUp(velocity.velocity_raw, 2),
      velocity: roundHalfUp(v, 2),
      full_available: full.available,
      full_in_transit: full.inTransit,
      coverage_days: roundHalfUp(Math.min(coverage, MAX_PLAN_DAYS), 1),
      stockout_date: stockoutDate,
      lead_time_days: leadTime,
      safety_units: safety,
      ship_by: shipBy,
      quantity_needed: needed,
      case_pack: casePack,
      local_available: totalUnits(warehouses),
      quantity,
      sources: drawSources(quantity, drawable),
      status,
      snooze_until: snoozeUntil,
      ...reasonFields(reasonsOf(figures, status, input)),
      coverageExact: coverage,
    });
  }
  lines.sort((a, b) => (a.ship_by < b.ship_by ? -1 : a.ship_by > b.ship_by ? 1 : a.coverageExact - b.coverageExact || (a.sku < b.sku ? -1 : a.sku > b.sku ? 1 : 0)));
  const items = lines.map(({ coverageExact: _exact, ...line }) => line);
  return { success: true, today, target_days: targetDays, horizon_days: input.horizonDays, items };
}
