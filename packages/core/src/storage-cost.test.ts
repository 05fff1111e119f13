import { describe, expect, it } from "vitest";
import type { Ad, InventoryRecord, Tariff } from "./records.js";
import { computeCosts, computeSkuCost, pickTariff, volumeLitres } from "./storage-cost.js";
import { adRecord, inventoryRecord, tariffRecord } from "./test-records.js";

const tariff = (id: number, min: number, max: number | null, fields: Partial<Tariff> = {}): Tariff =>
  tariffRecord(id, { min_volume_l: min, max_volume_l: max, daily_fee: 1, ...fields });

function ad(id: string, sku: string | null, dims: [number | null, number | null, number | null] | null, fields: Partial<Ad> = {}): Ad {
  const [length_mm, width_mm, height_mm] = dims ?? [null, null, null];
  return adRecord(id, { sku, sales_30d: 30, length_mm, width_mm, height_mm, ...fields });
}

const stock = (sku: string | null, daysOfStock: number | null, oldestStockDays: number | null): InventoryRecord =>
  inventoryRecord(`${sku}-${daysOfStock}-${oldestStockDays}`, { sku, available_qty: 1, total_qty: 1, days_of_stock: daysOfStock, oldest_stock_days: oldestStockDays });

describe("volumeLitres", () => {
  it("multiplies the millimetre dimensions and divides by a million", () => {
    // Prepare / Act / Assess
    expect(volumeLitres({ length_mm: 100, width_mm: 200, height_mm: 300 })).toBe(6);
    expect(volumeLitres({ length_mm: 10, width_mm: 10, height_mm: 10 })).toBe(0.001);
  });

  it("is null when a dimension is missing, zero or negative", () => {
    // Prepare / Act / Assess
    expect(volumeLitres({ length_mm: 100, width_mm: 200 })).toBeNull();
    expect(volumeLitres({ length_mm: 100, width_mm: null, height_mm: 1 })).toBeNull();
    expect(volumeLitres({ length_mm: 0, width_mm: 200, height_mm: 300 })).toBeNull();
    expect(volumeLitres({ length_mm: 100, width_mm: -2, height_mm: 300 })).toBeNull();
  });
});

describe("pickTariff", () => {
  it("takes the first active tariff by min_volume_l with min <= volume < max", () => {
    // Prepare
    const tariffs = [tariff(3, 10, null), tariff(1, 0, 5), tariff(2, 5, 10)];

    // Act / Assess
    expect(pickTariff(tariffs, 0)?.id).toBe(1);
    expect(pickTariff(tariffs, 4.999)?.id).toBe(1);
    expect(pickTariff(tariffs, 5)?.id).toBe(2);
    expect(pickTariff(tariffs, 10)?.id).toBe(3);
    expect(pickTariff(tariffs, 1e6)?.id).toBe(3);
  });

  it("ignores inactive tariffs", () => {
    // Prepare
    const tariffs = [tariff(1, 0, null, { active: false }), tariff(2, 0, 50)];

    // Act / Assess
    expect(pickTariff(tariffs, 1)?.id).toBe(2);
    expect(pickTariff(tariffs, 60)).toBeNull();
  });

  it("prefers the lower minimum where ranges overlap, then the lower id", () => {
    // Prepare
    const tariffs = [tariff(5, 2, null), tariff(4, 0, null), tariff(3, 0, null)];

    // Act / Assess
    expect(pickTariff(tariffs, 3)?.id).toBe(3);
  });

  it("is null without a volume, without tariffs or outside every range", () => {
    // Prepare / Act / Assess
    expect(pickTariff([tariff(1, 0, null)], null)).toBeNull();
    expect(pickTariff([], 1)).toBeNull();
    expect(pickTariff([tariff(1, 2, 5)], 1)).toBeNull();
    expect(pickTariff([tariff(1, 0, 0)], 0)).toBeNull();
  });
});

describe("computeSkuCost", () => {
  it("charges half the average coverage at the daily fee plus the inbound fee", () => {
    // Prepare: avg of 10 and 20 is 15 days
    const input = { tariff: tariff(1, 0, null, { daily_fee: 0.25, inbound_fee: 1.1 }), daysOfStock: [10, null, 20], oldestStockDays: [50] };

    // Act
    const cost = computeSkuCost(input);

    // Assess: 0.25 × 15 / 2 + 1.1 = 2.975 → 2.98
    expect(cost).toEqual({ storage_cost: 2.98, storage_risk_cost: 0, daily_storage_fee: 0.25, inbound_freight_cost: 1.1 });
  });

  it("assumes 30 days of coverage when none is known", () => {
    // Prepare / Act
    const cost = computeSkuCost({ tariff: tariff(1, 0, null, { daily_fee: 0.1 }), daysOfStock: [null], oldestStockDays: [] });

    // Assess
    expect(cost.storage_cost).toBe(1.5);
  });

  it("charges aged risk only above the threshold, from the oldest lot", () => {
    // Prepare
    const t = tariff(1, 0, null, { daily_fee: 0.5, aged_days_threshold: 90, aged_daily_factor: 3 });

    // Act
    const at90 = computeSkuCost({ tariff: t, daysOfStock: [], oldestStockDays: [90, null, 12] });
    const at91 = computeSkuCost({ tariff: t, daysOfStock: [], oldestStockDays: [12, 91] });
    const at100 = computeSkuCost({ tariff: t, daysOfStock: [], oldestStockDays: [100, 95] });
    const unknown = computeSkuCost({ tariff: t, daysOfStock: [], oldestStockDays: [null] });

    // Assess
    expect([at90.storage_risk_cost, at91.storage_risk_cost, at100.storage_risk_cost, unknown.storage_risk_cost]).toEqual([0, 1.5, 15, 0]);
  });

  it("counts unset fees as 0", () => {
    // Prepare / Act
    const cost = computeSkuCost({ tariff: tariff(1, 0, null, { daily_fee: null, inbound_fee: null }), daysOfStock: [10], oldestStockDays: [200] });

    // Assess
    expect(cost).toEqual({ storage_cost: 0, storage_risk_cost: 0, daily_storage_fee: 0, inbound_freight_cost: 0 });
  });
});

describe("computeCosts", () => {
  const now = new Date("2024-05-01T12:00:00.000Z");

  it("writes one metric per SKU with a Full ad and a matching tariff", () => {
    // Prepare
    const ads = [
      ad("A1", "SKU1", [null, 10, 10]),
      ad("A2", "SKU1", [100, 100, 100]), // 1 litre: the first Full ad with dimensions
      ad("A3", "SKU1", [1000, 1000, 1000]),
      ad("B1", "SKU2", [100, 100, 100], { is_full: false }),
      ad("C1", null, [100, 100, 100]),
    ];
    const inventory = [stock("SKU1", 10, 95), stock("SKU1", null, null), stock("SKU1", 20, 80), stock("SKU2", 1, 1)];
    const tariffs = [tariff(1, 0, 2, { daily_fee: 0.2, inbound_fee: 1 }), tariff(2, 2, null, { daily_fee: 9 })];

    // Act
    const result = computeCosts({ ads, inventory, tariffs, now });

    // Assess: avg 15 days → 0.2 × 15 / 2 + 1 = 2.5; oldest 95 → 5 × 0.2 × 3 = 3
    expect(result).toEqual({
      metrics: [
        { sku: "SKU1", storage_cost: 2.5, storage_risk_cost: 3, daily_storage_fee: 0.2, inbound_freight_cost: 1, calculated_at: "2024-05-01T12:00:00.000Z" },
      ],
      skipped: 0,
    });
  });

  it("skips SKUs without dimensions or without an active tariff for their volume", () => {
    // Prepare
    const ads = [ad("A", "NODIMS", null), ad("B", "SMALL", [100, 100, 100]), ad("C", "HUGE", [1000, 1000, 1000]), ad("D", "OPEN", [10, 10, 10])];
    const tariffs = [tariff(1, 0, 100), tariff(2, 100, null, { active: false })];

    // Act
    const result = computeCosts({ ads, inventory: [], tariffs, now });

    // Assess
    expect(result.metrics.map((m) => m.sku)).toEqual(["SMALL", "OPEN"]);
    expect(result.skipped).toBe(2);
  });

  it("uses 30 days for a SKU without inventory records", () => {
    // Prepare
    const ads = [ad("A", "SKU", [100, 100, 100])];

    // Act
    const { metrics } = computeCosts({ ads, inventory: [], tariffs: [tariff(1, 0, null, { daily_fee: 0.1, inbound_fee: 0.5 })], now });

    // Assess
    expect(metrics[0]).toMatchObject({ storage_cost: 2, storage_risk_cost: 0 });
  });

  it("answers nothing for empty inputs", () => {
    // Prepare / Act / Assess
    expect(computeCosts({ ads: [], inventory: [], tariffs: [], now })).toEqual({ metrics: [], skipped: 0 });
    expect(computeCosts({ ads: [ad("A", "SKU", [100, 100, 100])], inventory: [], tariffs: [], now })).toEqual({ metrics: [], skipped: 1 });
  });
});
