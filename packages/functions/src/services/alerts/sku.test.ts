import { describe, expect, it } from "vitest";
import { Alerts, Time } from "@fulfillment/core";
import { ad, inventory, load } from "#test/fixtures";
import { useTestTable } from "#test/table";
import { refreshReadModel } from "../read-model/refresh.js";
import { currentAlerts } from "./record.js";
import { readSkuRecords } from "./sku.js";

const db = useTestTable("alerts-sku");
const NOW = new Date();
const TODAY = Time.calendarDay(Time.DEFAULT_TIME_ZONE, NOW);
const ago = (days: number): string => Time.addDays(TODAY, -days);
const CUBE = { length_mm: 100, width_mm: 100, height_mm: 100 };

/**
 * SKUs in every alerting state, one of them ("A#B") whose keys start with another's ("A"), a SKU
 * with two ads and a variation, a snoozed one, local stock, planning and days out of stock.
 */
const DATASET = {
  ads: [
    ad({ id: "MLA", sku: "A", title: "A", sales_30d: 60, ...CUBE }),
    ad({ id: "MLAB", sku: "A#B", title: "A#B", sales_30d: 30, ...CUBE }),
    ad({ id: "MLT1", sku: "TWO", title: "Two", sales_30d: 20, ...CUBE }),
    ad({ id: "MLT2", sku: "TWO", title: "Two again", sales_30d: 10, ...CUBE }),
    ad({ id: "MLS", sku: "SNOOZED", title: "Snoozed", sales_30d: 30, ...CUBE }),
    ad({ id: "MLX", sku: "STUCK", title: "Stuck", sales_30d: 0, ...CUBE }),
  ],
  inventory: [
    inventory({ inventory_id: "I-A", ad_id: "MLA", sku: "A", available_qty: 0, days_of_stock: 0, fifo_lots: [] }),
    inventory({ inventory_id: "I-AB", ad_id: "MLAB", sku: "A#B", available_qty: 30, days_of_stock: 30, fifo_lots: [{ day: ago(120), units: 30 }] }),
    inventory({ inventory_id: "I-T1", ad_id: "MLT1", sku: "TWO", available_qty: 4, in_transit_qty: 3, days_of_stock: 4, fifo_lots: [{ day: ago(200), units: 4 }] }),
    inventory({ inventory_id: "I-T2", ad_id: "MLT2", sku: "TWO", variation_id: 7, available_qty: 2, days_of_stock: 6, fifo_lots: [{ day: ago(3), units: 2 }] }),
    inventory({ inventory_id: "I-S", ad_id: "MLS", sku: "SNOOZED", available_qty: 2, days_of_stock: 2, fifo_lots: [{ day: ago(5), units: 2 }] }),
    inventory({ inventory_id: "I-X", ad_id: "MLX", sku: "STUCK", available_qty: 5, days_of_stock: null, fifo_lots: [{ day: ago(85), units: 5 }] }),
  ],
  daily_stock: [1, 2, 3].map((days) => ({ inventory_id: "I-A", day: ago(days), available_qty: 0, in_transit_qty: 0, not_available_qty: 0 })),
  local_stock: [
    { sku: "A", available: 50, warehouse: "SP" },
    { sku: "A#B", available: 9, warehouse: "SP" },
    { sku: "TWO", available: 5, warehouse: null },
  ],
  planning: [
    { sku: "A#B", case_pack: 12, lead_time_days: 40 },
    { sku: "SNOOZED", snooze_until: Time.addDays(TODAY, 2) },
  ],
  tariffs: [{ name: "all", min_volume_l: 0, max_volume_l: null, daily_fee: 0.1, inbound_fee: 0, aged_days_threshold: 90, aged_daily_factor: 2, active: true }],
};
const SKUS = ["A", "A#B", "TWO", "SNOOZED", "STUCK"];

async function expectSameAsFull(): Promise<void> {
  const full = (await currentAlerts(db.ref, NOW)).filter((alert) => alert.sku !== null);
  expect(new Set(full.map((alert) => alert.kind))).toEqual(new Set(Alerts.SKU_ALERT_KINDS));
  for (const sku of SKUS) {
    expect(Alerts.skuAlerts(await readSkuRecords(db.ref, sku, NOW)), sku).toEqual(full.filter((alert) => alert.sku === sku));
  }
}

describe("one SKU's alerts from its own records", () => {
  it("equal the full derivation's for that SKU, from the collections and from the read model's views", async () => {
    await load(db.ref, DATASET);
    await expectSameAsFull();

    await refreshReadModel(db.ref);
    await expectSameAsFull();
  });

  it("reads no record of a SKU whose keys start with its own", async () => {
    const records = await readSkuRecords(db.ref, "A", NOW);

    expect(records.ads.map((found) => found.id)).toEqual(["MLA"]);
    expect(records.inventory.map((record) => record.inventory_id)).toEqual(["I-A"]);
    expect(records.localStock).toEqual([expect.objectContaining({ sku: "A", available: 50 })]);
    expect(records.planning).toEqual([]);
    expect(records.dailyRows.map((row) => row.day).sort()).toEqual([ago(3), ago(2), ago(1)]);
    expect((await readSkuRecords(db.ref, "A#B", NOW)).planning).toEqual([expect.objectContaining({ sku: "A#B", case_pack: 12, lead_time_days: 40 })]);
  });
});
