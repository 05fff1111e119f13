import { StorageCost, StorageLedger, Time, type Ad, type InventoryRecord, type TariffVersions } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listLedgerMonth, putLedgerRows, recordRecompute, type LedgerRecompute } from "#storage/storage-ledger";
import { listTariffVersions } from "#storage/tariffs";
import { businessToday } from "./business-time.js";

/** The inventory fields a day of the ledger is priced from. */
export const LEDGER_INVENTORY_FIELDS = ["sku", "available_qty", "fifo_lots"] as const;

/**
 * The sync's ledger step: every SKU of a Full ad with stock records gets its row of the day, priced
 * at the tariff versions in force that day. A second sync of the day replaces the rows.
 */
export async function writeLedgerDay(
  ref: TableRef,
  day: string,
  ads: readonly Ad[],
  inventory: readonly Pick<InventoryRecord, "sku" | "available_qty" | "fifo_lots">[],
  versions: readonly TariffVersions.TariffVersion[],
): Promise<number> {
  const rows = StorageLedger.dayInputs(day, inventory, StorageCost.volumeBySku(ads)).map((inputs) => StorageLedger.priceDay(inputs, versions));
  await putLedgerRows(ref, rows);
  return rows.length;
}

export interface StorageCostsMonth extends StorageLedger.MonthReport {
  sku: string | null;
  /** The rows (one SKU's days when sku is given, else every SKU's). */
  rows: StorageLedger.LedgerRow[];
}

/** A month of the ledger: per SKU, totals and missing days; rows of one SKU when given. */
export async function readStorageCosts(ref: TableRef, month: string, sku: string | undefined, now = new Date()): Promise<StorageCostsMonth> {
  const [today, rows] = await Promise.all([businessToday(ref, now), listLedgerMonth(ref, month, sku)]);
  return { ...StorageLedger.monthReport(month, rows, today), sku: sku ?? null, rows };
}

const months = (from: string, to: string): string[] => {
  const list: string[] = [];
  for (let month = from.slice(0, 7); month <= to.slice(0, 7); month = Time.addDays(`${month}-01`, 32).slice(0, 7)) list.push(month);
  return list;
};

const PRICE_FIELDS = ["volume_l", "tariff_id", "tariff_version", "daily_fee", "aged_days_threshold", "aged_units", "fee", "surcharge", "total"] as const;
const samePrice = (a: StorageLedger.LedgerRow, b: StorageLedger.LedgerRow): boolean => PRICE_FIELDS.every((field) => a[field] === b[field]);

/**
 * Re-prices every stored day from `from` to today with the tariff versions in force on each day
 * (after a late tariff correction), and records who ran it. Idempotent: a second run changes nothing.
 */
export async function recomputeLedger(
  ref: TableRef,
  { from, actor, requestId, now = new Date() }: { from: string; actor: string; requestId: string | null; now?: Date },
): Promise<LedgerRecompute> {
  const [today, versions] = await Promise.all([businessToday(ref, now), listTariffVersions(ref, { consistent: true })]);
  let rows = 0;
  let changed = 0;
  for (const month of months(from, today)) {
    const stored = (await listLedgerMonth(ref, month)).filter((row) => row.day >= from && row.day <= today);
    const priced = stored.map((row) => StorageLedger.priceDay(row, versions));
    const differing = priced.filter((row, i) => !samePrice(row, stored[i]!));
    await putLedgerRows(ref, differing);
    rows += stored.length;
    changed += differing.length;
  }
  return recordRecompute(ref, { from, to: today, actor, request_id: requestId, at: now.toISOString(), rows, rows_changed: changed });
}
