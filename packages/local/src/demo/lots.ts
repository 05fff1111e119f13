/** The lots collection: each inventory's first-in-first-out lots, as a sync against the sandbox marketplace stores them. */
import type { DailyStockRow, InventoryRecord } from "@fulfillment/core";
import { ageingOn, receptionsFor } from "../sandbox/receptions.js";
import type { SandboxReception } from "../sandbox/seed.js";

/** The receptions the sandbox serves for each record: those that give back its age today. */
export const receptionsByInventory = (records: readonly InventoryRecord[], today: string): Map<string, SandboxReception[]> =>
  new Map(records.map((record) => [record.inventory_id, receptionsFor(record.available_qty ?? 0, record.oldest_stock_days, today)]));

/**
 * Gives each record the age, lots and units of unknown age this morning's sync stored, from the
 * receptions the sandbox serves for it; the drawn age is what the sync before it knew.
 */
export function addFifoLots(records: InventoryRecord[], receptions: ReadonlyMap<string, readonly SandboxReception[]>, today: string): void {
  for (const record of records) {
    const previous = { oldestStockDays: record.oldest_stock_days, asOfDay: today };
    const { oldest_stock_days, fifo_lots, unknown_age_units } = ageingOn(today, record.available_qty ?? 0, receptions.get(record.inventory_id) ?? [], previous);
    Object.assign(record, { oldest_stock_days, fifo_lots, unknown_age_units });
  }
}

/** Each inventory as a sync on one day of the history stored it: that day's available units and its lots then. */
export function inventoryOn(
  day: string,
  records: readonly InventoryRecord[],
  rowsByInventory: ReadonlyMap<string, ReadonlyMap<string, DailyStockRow>>,
  receptions: ReadonlyMap<string, readonly SandboxReception[]>,
): Pick<InventoryRecord, "sku" | "available_qty" | "fifo_lots">[] {
  return records.flatMap((record) => {
    const row = rowsByInventory.get(record.inventory_id)?.get(day);
    if (!row) return [];
    const available = row.available_qty ?? 0;
    return [{ sku: record.sku, available_qty: available, fifo_lots: ageingOn(day, available, receptions.get(record.inventory_id) ?? []).fifo_lots }];
  });
}
