import { describe, expect, it } from "vitest";
import { computeAgedStock } from "../aged-stock/report.js";
import type { Ad, DailyStockRow, InventoryRecord, LocalStockRow } from "../records.js";
import { computeRestockPlan, DEFAULT_HORIZON_DAYS, DEFAULT_TARGET_DAYS } from "../restock/plan.js";
import type { SkuPlanning } from "../restock/planning.js";
import { stockPolicy } from "../restock/stock-policy.js";
import { fullAd, inventoryRecord, tariffRecord } from "../test-records.js";
import { addDays } from "../time.js";
import { deriveAlerts } from "./derive.js";
import { SKU_ALERT_KINDS, skuAlerts, type SkuRecords } from "./sku.js";

const TODAY = "2026-11-21";
const NOW = new Date("2026-11-21T15:00:00Z");
const ago = (days: number): string => addDays(TODAY, -days);
const TARIFFS = [tariffRecord(1, { daily_fee: 0.1, aged_daily_factor: 2 })];
const POLICY = stockPolicy({});
const CUBE = { length_mm: 100, width_mm: 100, height_mm: 100 };

/** A catalogue where every SKU alert kind holds somewhere, with SKUs of two ads and two inventories. */
const ADS: Ad[] = [
  fullAd("AD-AGED", "AGED", 30, CUBE),
  fullAd("AD-EMPTY", "EMPTY", 60, CUBE),
  fullAd("AD-SOON", "SOON", 30, CUBE),
  fullAd("AD-STUCK", "STUCK", 0, CUBE),
  fullAd("AD-TWO-1", "TWO", 20, CUBE),
  fullAd("AD-TWO-2", "TWO", 10, CUBE),
  fullAd("AD-SNOOZED", "SNOOZED", 30, CUBE),
];
const record = (id: string, sku: string, ad: string, lots: [number, number][], fields: Partial<InventoryRecord> = {}): InventoryRecord => {
  const available = lots.reduce((sum, [, units]) => sum + units, 0);
  return inventoryRecord(id, { sku, ad_id: ad, available_qty: available, fifo_lots: lots.map(([age, units]) => ({ day: ago(age), units })), unknown_age_units: 0, ...fields });
};
const INVENTORY: InventoryRecord[] = [
  record("INV-AGED", "AGED", "AD-AGED", [[100, 30]]),
  record("INV-EMPTY", "EMPTY", "AD-EMPTY", [], { available_qty: 0, days_of_stock: 0 }),
  record("INV-SOON", "SOON", "AD-SOON", [[85, 50]]),
  record("INV-STUCK", "STUCK", "AD-STUCK", [[20, 5]], { days_of_stock: null }),
  record("INV-TWO-A", "TWO", "AD-TWO-1", [[200, 4]], { in_transit_qty: 3 }),
  record("INV-TWO-B", "TWO", "AD-TWO-2", [[3, 2]]),
  record("INV-SNOOZED", "SNOOZED", "AD-SNOOZED", [[5, 2]]),
];
// EMPTY was out of stock for five days: its velocity is adjusted for them.
const DAILY: Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[] = [1, 2, 3, 4, 5].map((days) => ({ inventory_id: "INV-EMPTY", day: ago(days), available_qty: 0 }));
const LOCAL: LocalStockRow[] = [
  { sku: "EMPTY", available: 40, warehouse: "SP" },
  { sku: "TWO", available: 5, warehouse: null },
];
const PLANNING: SkuPlanning[] = [
  { sku: "SNOOZED", case_pack: null, lead_time_days: null, snooze_until: addDays(TODAY, 3) },
  { sku: "TWO", case_pack: 6, lead_time_days: 20, snooze_until: null },
];

/** What the full derivation records for the catalogue, from the reports over every SKU. */
function catalogueAlerts() {
  const aged = computeAgedStock({ today: TODAY, inventory: INVENTORY, ads: ADS, tariffs: TARIFFS, dailyRows: DAILY });
  const restock = computeRestockPlan({
    today: TODAY,
    targetDays: DEFAULT_TARGET_DAYS,
    horizonDays: DEFAULT_HORIZON_DAYS,
    policy: POLICY,
    candidates: ADS,
    inventory: INVENTORY,
    dailyRows: DAILY,
    localStock: LOCAL,
    planning: PLANNING,
  });
  return deriveAlerts({ now: NOW, aged: aged.skus, restock: restock.items, inventory: INVENTORY, sync: { last_run: null, last_success_at: NOW.toISOString() } });
}

const records = (sku: string, catalogue = false): SkuRecords => {
  const own = <T extends { sku?: string | null }>(rows: readonly T[]): T[] => (catalogue ? [...rows] : rows.filter((row) => row.sku === sku));
  const inventory = own(INVENTORY);
  const ids = new Set(inventory.map((row) => row.inventory_id));
  return {
    sku,
    today: TODAY,
    ads: own(ADS),
    inventory,
    dailyRows: catalogue ? DAILY : DAILY.filter((row) => ids.has(row.inventory_id)),
    localStock: own(LOCAL),
    planning: own(PLANNING),
    policy: POLICY,
    tariffs: TARIFFS,
  };
};

describe("skuAlerts", () => {
  const SKUS = ["AGED", "EMPTY", "SOON", "STUCK", "TWO", "SNOOZED"];

  it("gives each SKU, from its own records, exactly the alerts the full derivation gives it", () => {
    // Prepare
    const all = catalogueAlerts();
    // The catalogue holds every SKU alert kind, so each rule is compared.
    expect(new Set(all.map((alert) => alert.kind))).toEqual(new Set(SKU_ALERT_KINDS));

    for (const sku of SKUS) {
      // Act
      const own = skuAlerts(records(sku));
      // Assess
      expect(own, sku).toEqual(all.filter((alert) => alert.sku === sku));
    }
    expect(SKUS.flatMap((sku) => skuAlerts(records(sku)))).toEqual(all.filter((alert) => alert.sku !== null).sort((a, b) => SKUS.indexOf(a.sku!) - SKUS.indexOf(b.sku!)));
  });

  it("leaves out other SKUs' records given with it", () => {
    for (const sku of SKUS) expect(skuAlerts(records(sku, true)), sku).toEqual(skuAlerts(records(sku)));
  });

  it("alerts a SKU whose Full stock emptied as a critical stockout with its figures", () => {
    const [stockout] = skuAlerts(records("EMPTY")).filter((alert) => alert.kind === "stockout");
    expect(stockout).toMatchObject({ id: "stockout:EMPTY", sku: "EMPTY", severity: "critical", figures: { coverage_days: 0, stockout_date: TODAY } });
    expect(stockout!.figures!.units_to_send).toBeGreaterThan(0);
  });

  it("gives nothing for a SKU without records", () => {
    expect(skuAlerts(records("NONE"))).toEqual([]);
  });
});
