/**
 * The alerts that hold right now, per SKU and for the sync, from the figures the service already
 * computes: the aged-stock report, the restock plan and the inventory records.
 *
 * - aged_stock: units past the tariff's aged threshold; level = the highest age bucket holding
 *   units (the oldest units are in it), so entering a higher bucket is worse. Critical from 181 days.
 * - aged_surcharge: units that pass the threshold within 7 days (at the SKU's velocity) while a
 *   tariff charges for them (surcharge ahead above 0).
 * - low_coverage: Full stock (available + in transit) lasts fewer than 14 days.
 * - stockout: Full runs out before a shipment sent today could arrive (coverage < lead time,
 *   which counts the transit); not while the SKU's plan line is snoozed.
 * - stranded: available units that will not sell soon (coverage unknown or beyond 180 days, the
 *   overview's rule), per SKU.
 * - sync_failed: the last finished run failed. sync_stale: no run succeeded in the last 26 hours.
 */
import type { AgedSku } from "../aged-stock/report.js";
import { BUCKET_KEYS } from "../aged-stock/buckets.js";
import { describe, DEFAULT_LOCALE, message as messageOf, type DescribedMessage, type Locale, type Message } from "../messages/index.js";
import { isStranded, STRANDED_DAYS } from "../overview.js";
import type { InventoryRecord } from "../records.js";
import type { RestockLine } from "../restock/plan.js";
import { COVERAGE_TRIGGER_DAYS, SURCHARGE_NOTICE_DAYS, SYNC_STALE_HOURS, type AlertKind, type Severity } from "./kinds.js";

/** The numbers an operator acts on, carried by every SKU alert and event. */
export interface SkuFigures {
  title: string | null;
  coverage_days: number | null;
  stockout_date: string | null;
  units_to_send: number | null;
  surcharge_ahead: number | null;
  aged_units: number;
  oldest_bucket: string | null;
  stranded_units: number;
}

export interface Alert {
  /** "<kind>" for the sync's alerts, "<kind>:<sku>" for a SKU's. */
  id: string;
  kind: AlertKind;
  sku: string | null;
  severity: Severity;
  /** Orders states of one kind: higher is worse. */
  level: number;
  /** What holds, in words: pt-BR when derived, the reader's language when answered (`localizeAlert`). */
  message: string;
  /** The same as data: code, params and text; null on an alert recorded before alerts carried codes. */
  message_detail: DescribedMessage | null;
  figures: SkuFigures | null;
}

export interface SyncState {
  /** The newest finished run, if any. */
  last_run: { id: string; state: string; finished_at: string | null; error: string | null } | null;
  /** When the newest successful (or partial) run finished; null when none did. */
  last_success_at: string | null;
}

export interface AlertInput {
  now: Date;
  aged: readonly AgedSku[];
  restock: readonly RestockLine[];
  inventory: readonly Pick<InventoryRecord, "sku" | "available_qty" | "days_of_stock">[];
  sync: SyncState;
}

export const alertId = (kind: AlertKind, sku: string | null): string => (sku === null ? kind : `${kind}:${sku}`);

const emptyFigures = (): SkuFigures => ({
  title: null,
  coverage_days: null,
  stockout_date: null,
  units_to_send: null,
  surcharge_ahead: null,
  aged_units: 0,
  oldest_bucket: null,
  stranded_units: 0,
});

/** Every SKU's figures, from the three sources. */
export function figuresBySku(input: Omit<AlertInput, "now" | "sync">): Map<string, SkuFigures> {
  const bySku = new Map<string, SkuFigures>();
  const of = (sku: string): SkuFigures => {
    let figures = bySku.get(sku);
    if (!figures) bySku.set(sku, (figures = emptyFigures()));
    return figures;
  };
  for (const line of input.restock) {
    const figures = of(line.sku);
    figures.title ??= line.title;
    figures.coverage_days = line.coverage_days;
    figures.stockout_date = line.stockout_date;
    figures.units_to_send = line.quantity_needed;
  }
  for (const sku of input.aged) {
    const figures = of(sku.sku);
    figures.title ??= sku.title;
    figures.surcharge_ahead = sku.projected_surcharge_30d.at_velocity;
    figures.aged_units = sku.aged_units_now;
    figures.oldest_bucket = [...BUCKET_KEYS].reverse().find((key) => sku.buckets[key] > 0) ?? null;
  }
  for (const record of input.inventory) {
    if (record.sku === null || record.sku === undefined || !isStranded(record)) continue;
    of(record.sku).stranded_units += record.available_qty ?? 0;
  }
  return bySku;
}

const HOUR_MS = 3_600_000;
const CRITICAL_AGE_BUCKET = BUCKET_KEYS.indexOf("181-365");

function skuAlerts(sku: string, figures: SkuFigures, aged: AgedSku | undefined, line: RestockLine | undefined): Alert[] {
  const alerts: Alert[] = [];
  const alert = (kind: AlertKind, severity: Severity, reason: Message, level = 1) => alerts.push({ id: alertId(kind, sku), kind, sku, severity, level, ...messageFields(reason), figures });
  if (aged && aged.aged_units_now > 0 && figures.oldest_bucket !== null) {
    const bucket = BUCKET_KEYS.indexOf(figures.oldest_bucket as (typeof BUCKET_KEYS)[number]);
    alert("aged_stock", bucket >= CRITICAL_AGE_BUCKET ? "critical" : "warning", messageOf("alert_aged_stock", { aged_units: aged.aged_units_now, oldest_bucket: figures.oldest_bucket }), bucket + 1);
  }
  const crossingSoon = aged?.crossing.at_velocity.days_7 ?? 0;
  if (aged && crossingSoon > 0 && aged.projected_surcharge_30d.at_velocity > 0) {
    alert("aged_surcharge", "warning", messageOf("alert_aged_surcharge", { units: crossingSoon, notice_days: SURCHARGE_NOTICE_DAYS, surcharge: aged.projected_surcharge_30d.at_velocity }));
  }
  if (line && line.status !== "snoozed") {
    if (line.coverage_days < line.lead_time_days) {
      alert("stockout", "critical", messageOf("alert_stockout", { stockout_date: line.stockout_date, lead_time_days: line.lead_time_days }));
    }
    if (line.coverage_days < COVERAGE_TRIGGER_DAYS) alert("low_coverage", "warning", messageOf("alert_low_coverage", { coverage_days: line.coverage_days, trigger_days: COVERAGE_TRIGGER_DAYS }));
  }
  if (figures.stranded_units > 0) alert("stranded", "info", messageOf("alert_stranded", { units: figures.stranded_units, days: STRANDED_DAYS }));
  return alerts;
}

function syncAlerts(now: Date, sync: SyncState): Alert[] {
  const alerts: Alert[] = [];
  const alert = (kind: AlertKind, reason: Message) => alerts.push({ id: alertId(kind, null), kind, sku: null, severity: "critical", level: 1, ...messageFields(reason), figures: null });
  if (sync.last_run?.state === "failed") alert("sync_failed", messageOf("alert_sync_failed", { run_id: sync.last_run.id, error: sync.last_run.error }));
  const since = sync.last_success_at === null ? null : Date.parse(sync.last_success_at);
  if (since === null || now.getTime() - since > SYNC_STALE_HOURS * HOUR_MS) {
    alert("sync_stale", messageOf("alert_sync_stale", { hours: SYNC_STALE_HOURS, last_success_at: sync.last_success_at }));
  }
  return alerts;
}

/** An alert's message and its detail, written in `locale`. */
function messageFields(reason: Message, locale: Locale = DEFAULT_LOCALE): Pick<Alert, "message" | "message_detail"> {
  const message_detail = describe(reason, locale);
  return { message: message_detail.text, message_detail };
}

/** The alert (or event) with its message written in `locale`; one recorded without a code keeps its text. */
export function localizeAlert<T extends Pick<Alert, "message" | "message_detail">>(alert: T, locale: Locale): T {
  return alert.message_detail ? { ...alert, ...messageFields(alert.message_detail, locale) } : { ...alert, message_detail: null };
}

const byId = (a: Alert, b: Alert): number => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0);

/** The alerts of the SKUs the inputs hold (all of them, or just `only`). */
function alertsOfSkus(input: Omit<AlertInput, "now" | "sync">, only?: string): Alert[] {
  const figures = figuresBySku(input);
  const agedBySku = new Map(input.aged.map((sku) => [sku.sku, sku]));
  const lineBySku = new Map(input.restock.map((line) => [line.sku, line]));
  return [...figures]
    .filter(([sku]) => only === undefined || sku === only)
    .flatMap(([sku, skuFigures]) => skuAlerts(sku, skuFigures, agedBySku.get(sku), lineBySku.get(sku)));
}

/** Every alert that holds now, sorted by id. */
export function deriveAlerts(input: AlertInput): Alert[] {
  return [...alertsOfSkus(input), ...syncAlerts(input.now, input.sync)].sort(byId);
}

/**
 * One SKU's alerts, sorted by id: what deriveAlerts gives for that SKU. A SKU's figures depend on
 * its own records only, so inputs holding that SKU alone give the same alerts as the catalogue's.
 */
export function deriveSkuAlerts(input: Omit<AlertInput, "now" | "sync">, sku: string): Alert[] {
  return alertsOfSkus(input, sku).sort(byId);
}
