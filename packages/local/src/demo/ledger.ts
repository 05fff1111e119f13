/**
 * The storage-cost ledger collection: every day of the daily stock history priced as that day's sync
 * prices it (core StorageLedger), at the demo's tariffs as loaded (in force since always).
 */
import { StorageCost, StorageLedger, TariffVersions, type Ad, type DailyStockRow, type InventoryRecord, type Tariff } from "@fulfillment/core";
import type { SandboxReception } from "../sandbox/seed.js";
import { inventoryOn } from "./lots.js";

export interface LedgerInputs {
  ads: readonly Ad[];
  inventory: readonly InventoryRecord[];
  dailyStock: readonly DailyStockRow[];
  tariffs: readonly Tariff[];
  /** The receptions the sandbox serves, by inventory. */
  receptions: ReadonlyMap<string, readonly SandboxReception[]>;
}

/** One row per SKU of a Full ad and day of the history, by day then SKU. */
export function demoLedger({ ads, inventory, dailyStock, tariffs, receptions }: LedgerInputs): StorageLedger.LedgerRow[] {
  const versions = TariffVersions.allVersions(tariffs, []);
  const volumes = StorageCost.volumeBySku(ads);
  const rowsByInventory = new Map<string, Map<string, DailyStockRow>>();
  for (const row of dailyStock) rowsByInventory.set(row.inventory_id, (rowsByInventory.get(row.inventory_id) ?? new Map()).set(row.day, row));
  const days = [...new Set(dailyStock.map((row) => row.day))].sort();
  return days.flatMap((day) =>
    StorageLedger.dayInputs(day, inventoryOn(day, inventory, rowsByInventory, receptions), volumes).map((inputs) => StorageLedger.priceDay(inputs, versions)),
  );
}
