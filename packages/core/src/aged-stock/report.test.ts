import { describe, expect, it } from "vitest";
import type { Ad, InventoryRecord, Tariff } from "../records.js";
import { fullAd, inventoryRecord, tariffRecord } from "../test-records.js";
import { addDays } from "../time.js";
import { computeAgedStock, skusNeedingVelocity, type AgedStockInput } from "./report.js";

const TODAY = "2026-11-21";
const received = (daysAgo: number): string => addDays(TODAY, -daysAgo);

// 100 × 100 × 100 mm = 1 L: the "medium" band below; 10 L: the "large" one.
const ad = (id: string, sku: string, sales: number, side = 100): Ad => fullAd(id, sku, sales, { length_mm: side, width_mm: side, height_mm: side });
const tariff = (id: number, min: number, max: number | null, fields: Partial<Tariff> = {}): Tariff =>
  tariffRecord(id, { min_volume_l: min, max_volume_l: max, daily_fee: 0.1, ...fields });
const TARIFFS = [
  tariff(1, 0, 1, { daily_fee: 0.01 }),
  tariff(2, 1, 5, { daily_fee: 0.1, aged_days_threshold: 60, aged_daily_factor: 2 }),
  tariff(3, 1, 5, { daily_fee: 9, active: false }),
  tariff(4, 5, null, { daily_fee: 0.2 }),
];
const record = (id: string, sku: string | null, lots: [number, number][], unknown = 0, fields: Partial<InventoryRecord> = {}): InventoryRecord =>
  inventoryRecord(id, {
    sku,
    ad_id: `AD-${sku}`,
    available_qty: lots.reduce((sum, [, units]) => sum + units, unknown),
    fifo_lots: lots.map(([age, units]) => ({ day: received(age), units })),
    unknown_age_units: unknown,
    ...fields,
  });

const report = (input: Partial<AgedStockInput>) => computeAgedStock({ today: TODAY, inventory: [], ads: [], tariffs: TARIFFS, dailyRows: [], ...input });

describe("aged-stock report", () => {
  it("buckets each inventory's lots and rolls them up per SKU with the tariff of the SKU's volume", () => {
    // Prepare: SKU A, 1 L → tariff 2 (threshold 60, 0.1 × 2 = 0.2 per unit-day), no sales.
    const inventory = [record("A-1", "A", [[400, 1], [200, 2], [65, 3]], 4), record("A-2", "A", [[30, 5], [31, 6]])];

    // Act
    const body = report({ inventory, ads: [ad("MLB-A", "A", 0, 100 * Math.cbrt(1.5))] });

    // Assess
    expect(body).toMatchObject({ success: true, today: TODAY });
    expect(body.skus).toHaveLength(1);
    const [sku] = body.skus;
    expect(Object.keys(sku!)).toEqual([
      "sku",
      "title",
      "buckets",
      "unknown_age_units",
      "aged_units_now",
      "crossing",
      "projected_surcharge_30d",
      "action",
      "reason",
      "reason_details",
      "inventories",
    ]);
    expect(sku!.buckets).toEqual({ "0-30": 5, "31-60": 6, "61-90": 3, "91-120": 0, "121-180": 0, "181-365": 2, over_365: 1 });
    expect(sku!.unknown_age_units).toBe(4);
    // Past 60 days now: 1 + 2 + 3. Crossing within 30 days: 6 units aged 31 (day 30), none aged 30 (day 31).
    expect(sku!.aged_units_now).toBe(6);
    expect(sku!.crossing.no_sales).toEqual({ days_7: 0, days_14: 0, days_30: 6 });
    // 6 × 30 + 6 × 1 = 186 unit-days × 0.2.
    expect(sku!.projected_surcharge_30d).toEqual({ no_sales: 37.2, at_velocity: 37.2 });
    expect(sku!.action).toBe("withdraw");
    expect(sku!.inventories.map((inventory) => [inventory.inventory_id, inventory.aged_units_now, inventory.unknown_age_units])).toEqual([
      ["A-1", 6, 4],
      ["A-2", 0, 0],
    ]);
    expect(sku!.inventories[1]!.projected_surcharge_30d).toEqual({ no_sales: 1.2, at_velocity: 1.2 });
  });

  it("projects with the SKU's stock-adjusted velocity, oldest sold first", () => {
    // Prepare: 10 L → tariff 4 (threshold 90, 0.2 × 3 = 0.6 per unit-day); 30 sales = 1/day.
    const inventory = [record("B-1", "B", [[95, 10], [85, 5]])];

    // Act
    const [sku] = report({ inventory, ads: [ad("MLB-B", "B", 30, 100 * Math.cbrt(10))] }).skus;

    // Assess: the worked example of projection.ts: 425 and 80 unit-days.
    expect(sku!.projected_surcharge_30d).toEqual({ no_sales: 255, at_velocity: 48 });
    expect(sku!.crossing.at_velocity).toEqual({ days_7: 5, days_14: 5, days_30: 5 });
    expect(sku!.action).toBe("promote");
  });

  it("counts every unit of a record without lots as of unknown age", () => {
    const [sku] = report({ inventory: [inventoryRecord("C-1", { sku: "C", available_qty: 9, oldest_stock_days: 200 })] }).skus;

    expect(sku).toMatchObject({ unknown_age_units: 9, aged_units_now: 0, projected_surcharge_30d: { no_sales: 0, at_velocity: 0 } });
  });

  it("assumes the 90-day threshold, charges nothing and suggests no action without a matching tariff, saying what is missing", () => {
    const aged = [record("D-1", "D", [[100, 4]])];
    const [noVolume] = report({ inventory: aged, ads: [{ ...ad("MLB-D", "D", 0), length_mm: null }] }).skus;
    const [noTariffs] = report({ inventory: aged, ads: [ad("MLB-D", "D", 0)], tariffs: [] }).skus;
    const [noBand] = report({ inventory: aged, ads: [ad("MLB-D", "D", 0)], tariffs: TARIFFS.map((tariff) => ({ ...tariff, max_volume_l: 0.0001, min_volume_l: 0 })) }).skus;

    for (const sku of [noVolume, noTariffs, noBand]) {
      expect(sku).toMatchObject({ aged_units_now: 4, projected_surcharge_30d: { no_sales: 0, at_velocity: 0 }, action: "none" });
      expect(sku!.reason_details[0]).toMatchObject({ code: "aged_no_surcharge_known", params: { units_at_risk: 4, threshold_days: 90, unknown_age_units: 0 } });
      expect(sku!.reason).toBe(sku!.reason_details.map((detail) => detail.text).join("; "));
    }
    expect(noVolume!.reason_details[1]!.code).toBe("ad_no_dimensions");
    expect(noTariffs!.reason_details[1]!.code).toBe("no_active_tariffs");
    expect(noBand!.reason_details[1]!.code).toBe("no_tariff_for_volume");
    // With a tariff the same stock is withdrawn: the action rests on the surcharge.
    expect(report({ inventory: aged, ads: [ad("MLB-D", "D", 0)] }).skus[0]!.action).toBe("withdraw");
  });

  it("sorts by projected surcharge, largest first, totals every SKU and leaves out SKUs without stock", () => {
    // Prepare: all 0.01 per unit-day × 3 (tariff 1, threshold 90), no sales.
    const ads = ["X", "Y", "Z", "E"].map((sku) => ad(`MLB-${sku}`, sku, 0, 50));
    const inventory = [
      record("X-1", "X", [[100, 1]]),
      record("Y-1", "Y", [[100, 5]]),
      record("Z-1", "Z", [[10, 5]]),
      record("E-1", "E", [], 0, { available_qty: 0 }),
      record("N-1", null, [[100, 50]]),
    ];

    // Act
    const body = report({ inventory, ads });

    // Assess
    expect(body.skus.map((sku) => [sku.sku, sku.projected_surcharge_30d.no_sales, sku.action])).toEqual([
      ["Y", 4.5, "withdraw"],
      ["X", 0.9, "withdraw"],
      ["Z", 0, "none"],
    ]);
    expect(body.totals).toEqual({
      skus: 3,
      available_units: 11,
      buckets: { "0-30": 5, "31-60": 0, "61-90": 0, "91-120": 6, "121-180": 0, "181-365": 0, over_365: 0 },
      unknown_age_units: 0,
      aged_units_now: 6,
      crossing: { no_sales: { days_7: 0, days_14: 0, days_30: 0 }, at_velocity: { days_7: 0, days_14: 0, days_30: 0 } },
      projected_surcharge_30d: { no_sales: 5.4, at_velocity: 5.4 },
      actions: { promote: 0, withdraw: 2, none: 1 },
    });
  });

  it("needs the daily rows only of SKUs that sell and have units past the threshold within 30 days", () => {
    // Prepare: threshold 90 (tariff 1). NEAR has a lot aged 61 (past 90 on day 30); FAR one aged 60;
    // IDLE is aged but does not sell; all have 10 stockout days in their rows, which for NEAR
    // means 1.5/day instead of 1/day: 45 of its 50 units sold by day 30, not 30.
    const ads = [ad("M1", "NEAR", 30, 50), ad("M2", "FAR", 30, 50), ad("M3", "IDLE", 0, 50)];
    const inventory = [record("NEAR-1", "NEAR", [[61, 50]]), record("FAR-1", "FAR", [[60, 5]]), record("IDLE-1", "IDLE", [[200, 5]], 2)];
    const dailyRows = inventory.flatMap((r) => Array.from({ length: 10 }, (_, back) => ({ inventory_id: r.inventory_id, day: received(back), available_qty: 0 })));

    // Act
    const needing = skusNeedingVelocity({ today: TODAY, inventory, ads, tariffs: TARIFFS });
    const full = report({ inventory, ads, dailyRows });
    const reduced = report({ inventory, ads, dailyRows: dailyRows.filter((row) => row.inventory_id === "NEAR-1") });

    // Assess
    expect([...needing]).toEqual(["NEAR"]);
    expect(reduced).toEqual(full);
    expect(full.skus.find((sku) => sku.sku === "NEAR")!.crossing.at_velocity.days_30).toBe(5);
  });
});
