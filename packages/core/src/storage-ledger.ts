/**
 * The daily storage-cost ledger: what Full storage cost per SKU and business day, at the tariff in
 * force on that day.
 *
 * A day's row keeps its inputs (units stored, the unit volume, the units by age from the FIFO lots)
 * beside its prices, so the day can be priced again with the versions in force (a late correction)
 * from the row alone. Pricing of one day, with the tariff T picked by the unit volume among the
 * active tariffs in force that day:
 * - fee = units × T.daily_fee
 * - aged units = units whose age that day is above T.aged_days_threshold (units of unknown age are
 *   not counted: whether they are past it is not known)
 * - surcharge = aged units × T.daily_fee × T.aged_daily_factor (the aged-stock report's rule)
 * - total = fee + surcharge; each amount rounded to centavos, so a month's total is exactly the sum
 *   of its rows.
 * No volume or no tariff: the row is kept with its inputs and amounts of 0 and no tariff.
 */
import type { InventoryRecord } from "./records.js";
import type { FifoLot } from "./sync/ageing.js";
import { pickTariff } from "./storage-cost.js";
import { addDays, daysBetween } from "./time.js";
import { tariffsInForce, type TariffVersion } from "./tariff-versions.js";

/** Units of one age: `age_days` old on the row's day. */
export interface AgeGroup {
  age_days: number;
  units: number;
}

/** What a day's row is priced from (what the sync saw that day). */
export interface LedgerInputs {
  sku: string;
  /** Business day YYYY-MM-DD. */
  day: string;
  /** Units stored in Full that day (available, summed over the SKU's inventories). */
  units: number;
  /** Volume of one unit in litres; null when the SKU's ad has no dimensions. */
  unit_volume_l: number | null;
  /** Units by age that day, from the FIFO lots (units of unknown age are not in it). */
  ages: AgeGroup[];
}

export interface LedgerRow extends LedgerInputs {
  /** units × unit volume, litres (3 decimals). */
  volume_l: number | null;
  tariff_id: number | null;
  tariff_version: number | null;
  daily_fee: number;
  aged_days_threshold: number | null;
  aged_units: number;
  fee: number;
  surcharge: number;
  total: number;
}

const cents = (amount: number): number => Math.round(amount * 100 + Number.EPSILON * 100);
const fromCents = (value: number): number => value / 100;

/** Prices a day from its inputs and the tariff versions; the versions in force on the row's day apply. */
export function priceDay(inputs: LedgerInputs, versions: readonly TariffVersion[]): LedgerRow {
  const inForce = tariffsInForce(versions, inputs.day);
  const tariff = pickTariff(
    inForce.map((entry) => entry.tariff),
    inputs.unit_volume_l,
  );
  const version = tariff ? (inForce.find((entry) => entry.tariff === tariff)?.version ?? null) : null;
  const volume = inputs.unit_volume_l === null ? null : Math.round(inputs.units * inputs.unit_volume_l * 1000) / 1000;
  if (!tariff) {
    return { ...inputs, volume_l: volume, tariff_id: null, tariff_version: null, daily_fee: 0, aged_days_threshold: null, aged_units: 0, fee: 0, surcharge: 0, total: 0 };
  }
  const dailyFee = tariff.daily_fee ?? 0;
  const agedUnits = inputs.ages.filter((group) => group.age_days > tariff.aged_days_threshold).reduce((sum, group) => sum + group.units, 0);
  const fee = cents(inputs.units * dailyFee);
  const surcharge = cents(agedUnits * dailyFee * tariff.aged_daily_factor);
  return {
    ...inputs,
    volume_l: volume,
    tariff_id: tariff.id,
    tariff_version: version,
    daily_fee: dailyFee,
    aged_days_threshold: tariff.aged_days_threshold,
    aged_units: agedUnits,
    fee: fromCents(fee),
    surcharge: fromCents(surcharge),
    total: fromCents(fee + surcharge),
  };
}

/** Units by age on the day, from FIFO lots received on their days. */
export function agesOn(lots: readonly FifoLot[], day: string): AgeGroup[] {
  const byAge = new Map<number, number>();
  for (const lot of lots) {
    if (!(lot.units > 0)) continue;
    const age = daysBetween(lot.day, day);
    byAge.set(age, (byAge.get(age) ?? 0) + lot.units);
  }
  return [...byAge].sort(([a], [b]) => b - a).map(([age_days, units]) => ({ age_days, units }));
}

/** The day's inputs per SKU with a volume known from its ads: units and lots summed over the SKU's inventories. */
export function dayInputs(day: string, inventory: readonly Pick<InventoryRecord, "sku" | "available_qty" | "fifo_lots">[], volumes: ReadonlyMap<string, number | null>): LedgerInputs[] {
  const bySku = new Map<string, { units: number; lots: FifoLot[] }>();
  for (const record of inventory) {
    if (!record.sku || !volumes.has(record.sku)) continue;
    const entry = bySku.get(record.sku) ?? { units: 0, lots: [] };
    entry.units += record.available_qty ?? 0;
    entry.lots.push(...(record.fifo_lots ?? []));
    bySku.set(record.sku, entry);
  }
  return [...bySku]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, { units, lots }]) => ({ sku, day, units, unit_volume_l: volumes.get(sku) ?? null, ages: agesOn(lots, day) }));
}

/** Every day of a month YYYY-MM, up to `lastDay` when the month is not over. */
export function daysOfMonth(month: string, lastDay: string): string[] {
  const days: string[] = [];
  for (let day = `${month}-01`; day.startsWith(month) && day <= lastDay; day = addDays(day, 1)) days.push(day);
  return days;
}

export interface SkuMonth {
  sku: string;
  /** Days with a row. */
  days: number;
  average_units: number;
  fee: number;
  surcharge: number;
  total: number;
}

export interface MonthTotals {
  fee: number;
  surcharge: number;
  total: number;
  /** Days of the month (up to today) with at least one row. */
  days_with_data: number;
}

export interface DayTotal {
  day: string;
  fee: number;
  surcharge: number;
  total: number;
}

export interface MonthReport {
  month: string;
  skus: SkuMonth[];
  totals: MonthTotals;
  /** Each day with rows: its totals over the SKUs. */
  daily: DayTotal[];
  /** Days of the month up to today without any row: no sync ran, nothing is guessed. */
  missing_days: string[];
}

/** The month per SKU and in total, from its rows; sums in centavos, so the total is exactly the sum of the SKUs and of the days. */
export function monthReport(month: string, rows: readonly LedgerRow[], today: string): MonthReport {
  const bySku = new Map<string, LedgerRow[]>();
  for (const row of rows) bySku.set(row.sku, [...(bySku.get(row.sku) ?? []), row]);
  const sum = (list: readonly LedgerRow[], field: "fee" | "surcharge" | "total"): number => list.reduce((total, row) => total + cents(row[field]), 0);
  const skus = [...bySku]
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0))
    .map(([sku, list]) => ({
      sku,
      days: list.length,
      average_units: Math.round((list.reduce((total, row) => total + row.units, 0) / list.length) * 100) / 100,
      fee: fromCents(sum(list, "fee")),
      surcharge: fromCents(sum(list, "surcharge")),
      total: fromCents(sum(list, "total")),
    }));
  const withData = new Set(rows.map((row) => row.day));
  const byDay = new Map<string, LedgerRow[]>();
  for (const row of rows) byDay.set(row.day, [...(byDay.get(row.day) ?? []), row]);
  const daily = [...byDay]
    .sort(([a], [b]) => (a < b ? -1 : 1))
    .map(([day, list]) => ({ day, fee: fromCents(sum(list, "fee")), surcharge: fromCents(sum(list, "surcharge")), total: fromCents(sum(list, "total")) }));
  return {
    month,
    skus,
    daily,
    totals: { fee: fromCents(sum(rows, "fee")), surcharge: fromCents(sum(rows, "surcharge")), total: fromCents(sum(rows, "total")), days_with_data: withData.size },
    missing_days: daysOfMonth(month, today).filter((day) => !withData.has(day)),
  };
}

/** CSV of a month's rows (one per SKU and day), for reconciling with the marketplace's invoice. */
export const LEDGER_COLUMNS = [
  "day",
  "sku",
  "units",
  "unit_volume_l",
  "volume_l",
  "tariff_id",
  "tariff_version",
  "daily_fee",
  "aged_units",
  "fee",
  "surcharge",
  "total",
] as const;

export const ledgerCsvRows = (rows: readonly LedgerRow[]): unknown[][] => rows.map((row) => LEDGER_COLUMNS.map((column) => row[column]));

/** A month YYYY-MM that exists. */
export const isMonth = (text: unknown): text is string => typeof text === "string" && /^\d{4}-(0[1-9]|1[0-2])$/.test(text);
