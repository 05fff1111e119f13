import { describe, expect, it } from "vitest";
import { buildInventoryList, parseInventoryQuery, sortByKey, unitCost, type InventoryQuery } from "./inventory-list.js";
import type { Ad, InventoryRecord, SkuMetric } from "./records.js";
import { inventoryRecord } from "./test-records.js";

const record = inventoryRecord;

const NO_ADS = new Map<string, Ad>();
const NO_METRICS = new Map<string, SkuMetric>();
const BY_COVERAGE: InventoryQuery = { sortBy: "coverage", alertsOnly: false };

function ids(inventory: InventoryRecord[], query: Partial<InventoryQuery>): string[] {
  return buildInventoryList(inventory, NO_ADS, NO_METRICS, { ...BY_COVERAGE, ...query }).items.map((i) => i.inventory_id);
}

describe("parseInventoryQuery", () => {
  it("sorts by coverage unless aged or available is asked for", () => {
    // Prepare
    const values = [undefined, "coverage", "aged", "available", "AGED", "price", ""];

    // Act
    const sorts = values.map((sort_by) => parseInventoryQuery({ sort_by }).sortBy);

    // Assess
    expect(sorts).toEqual(["coverage", "coverage", "aged", "available", "coverage", "coverage", "coverage"]);
  });

  it("keeps only alerts for the exact value 1", () => {
    // Prepare
    const values = [undefined, "1", "true", " 1", "01", "0", ""];

    // Act
    const alerts = values.map((value) => parseInventoryQuery({ alerts: value }).alertsOnly);

    // Assess
    expect(alerts).toEqual([false, true, false, false, false, false, false]);
  });
});

describe("unitCost", () => {
  it("is a number when the metric holds a non-zero figure, else null", () => {
    // Prepare / Act / Assess
    expect(unitCost(1.25)).toBe(1.25);
    expect(unitCost("2.5")).toBe(2.5);
    expect(unitCost(-1)).toBe(-1);
    expect([unitCost(0), unitCost("0"), unitCost(""), unitCost(" "), unitCost(null), unitCost(undefined), unitCost("abc"), unitCost(Number.NaN)]).toEqual([
      null, null, null, null, null, null, null, null,
    ]);
  });
});

describe("buildInventoryList", () => {
  it("writes every SPEC field in order, with ad and metric data", () => {
    // Prepare
    const adsById = new Map<string, Ad>([
      ["MLB1", { id: "MLB1", title: "Mug", thumbnail: "https://img/1", permalink: "https://ad/1", cost: 3, sku: "SKU1", is_full: true, sales_30d: 9 }],
    ]);
    const metricsBySku = new Map<string, SkuMetric>([["SKU1", { sku: "SKU1", storage_cost: 0.75, storage_risk_cost: 0 }]]);
    const inventory = [
      record("I1", {
        ad_id: "MLB1",
        sku: "SKU1",
        variation_id: 123,
        available_qty: 5,
        in_transit_qty: 1,
        not_available_qty: null,
        total_qty: 6,
        days_of_stock: 13.9,
        oldest_stock_days: 91,
        updated_at: "2024-05-01T10:00:00.000Z",
      }),
    ];

    // Act
    const body = buildInventoryList(inventory, adsById, metricsBySku, BY_COVERAGE);

    // Assess
    expect(body).toEqual({
      has_data: true,
      count: 1,
      items: [
        {
          inventory_id: "I1",
          ad_id: "MLB1",
          sku: "SKU1",
          variation_id: 123,
          title: "Mug",
          thumbnail: "https://img/1",
          permalink: "https://ad/1",
          available_qty: 5,
          in_transit_qty: 1,
          not_available_qty: null,
          total_qty: 6,
          days_of_stock: 13.9,
          oldest_stock_days: 91,
          storage_cost_unit: 0.75,
          storage_risk_unit: null,
          is_aged: true,
          is_low_coverage: true,
          updated_at: "2024-05-01T10:00:00.000Z",
        },
      ],
    });
    expect(Object.keys(body.items[0]!)).toEqual([
      "inventory_id", "ad_id", "sku", "variation_id", "title", "thumbnail", "permalink", "available_qty", "in_transit_qty",
      "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days", "storage_cost_unit", "storage_risk_unit",
      "is_aged", "is_low_coverage", "updated_at",
    ]);
  });

  it("answers nulls where the ad, the metric or the timestamp is missing", () => {
    // Prepare
    const metricsBySku = new Map<string, SkuMetric>([["SKU2", { sku: "SKU2", storage_cost: null, storage_risk_cost: null }]]);
    const inventory = [record("I1", { ad_id: "UNKNOWN", sku: "NOMETRIC" }), record("I2", { sku: "SKU2" }), record("I3", { updated_at: "" })];

    // Act
    const { items } = buildInventoryList(inventory, NO_ADS, metricsBySku, BY_COVERAGE);

    // Assess
    for (const item of items)
      expect(item).toMatchObject({ title: null, thumbnail: null, permalink: null, storage_cost_unit: null, storage_risk_unit: null, updated_at: null });
  });

  it("flags aged stock above 90 days and low coverage below 14 days", () => {
    // Prepare
    const inventory = [
      record("a", { days_of_stock: 13.9, oldest_stock_days: 90 }),
      record("b", { days_of_stock: 14, oldest_stock_days: 91 }),
      record("c", { days_of_stock: 14.1, oldest_stock_days: null }),
      record("d", { days_of_stock: null, oldest_stock_days: 200 }),
    ];

    // Act
    const flags = buildInventoryList(inventory, NO_ADS, NO_METRICS, BY_COVERAGE).items.map((i) => [i.inventory_id, i.is_low_coverage, i.is_aged]);

    // Assess
    expect(flags).toEqual([
      ["a", true, false],
      ["b", false, true],
      ["c", false, false],
      ["d", false, true],
    ]);
  });

  it("keeps only records with an alert when asked", () => {
    // Prepare
    const inventory = [
      record("low", { days_of_stock: 2 }),
      record("fine", { days_of_stock: 14, oldest_stock_days: 90 }),
      record("aged", { days_of_stock: null, oldest_stock_days: 91 }),
      record("unknown", { days_of_stock: null, oldest_stock_days: null }),
    ];

    // Act
    const body = buildInventoryList(inventory, NO_ADS, NO_METRICS, { sortBy: "coverage", alertsOnly: true });

    // Assess
    expect(body.items.map((i) => i.inventory_id)).toEqual(["low", "aged"]);
    expect(body.count).toBe(2);
  });

  it("sorts by coverage ascending with unknown coverage last and ties in input order", () => {
    // Prepare
    const inventory = [
      record("n1", { days_of_stock: null }),
      record("b1", { days_of_stock: 5 }),
      record("a", { days_of_stock: 0 }),
      record("b2", { days_of_stock: 5 }),
      record("n2", { days_of_stock: null }),
      record("c", { days_of_stock: 100.5 }),
      record("neg", { days_of_stock: -1 }),
    ];

    // Act / Assess
    expect(ids(inventory, { sortBy: "coverage" })).toEqual(["neg", "a", "b1", "b2", "c", "n1", "n2"]);
  });

  it("sorts by age descending with unknown age last and ties in input order", () => {
    // Prepare
    const inventory = [
      record("n1", { oldest_stock_days: null }),
      record("young", { oldest_stock_days: 1 }),
      record("old1", { oldest_stock_days: 120 }),
      record("zero", { oldest_stock_days: 0 }),
      record("old2", { oldest_stock_days: 120 }),
      record("n2", { oldest_stock_days: null }),
    ];

    // Act / Assess
    expect(ids(inventory, { sortBy: "aged" })).toEqual(["old1", "old2", "young", "zero", "n1", "n2"]);
  });

  it("sorts by available units descending with null as 0 and ties in input order", () => {
    // Prepare
    const inventory = [
      record("null", { available_qty: null }),
      record("five1", { available_qty: 5 }),
      record("zero", { available_qty: 0 }),
      record("ten", { available_qty: 10 }),
      record("five2", { available_qty: 5 }),
    ];

    // Act / Assess
    expect(ids(inventory, { sortBy: "available" })).toEqual(["ten", "five1", "five2", "null", "zero"]);
  });

  it("answers no data for no records", () => {
    // Prepare / Act
    const body = buildInventoryList([], NO_ADS, NO_METRICS, BY_COVERAGE);

    // Assess
    expect(body).toEqual({ has_data: false, count: 0, items: [] });
  });

  it("answers no data when the alert filter leaves nothing", () => {
    // Prepare / Act
    const body = buildInventoryList([record("fine")], NO_ADS, NO_METRICS, { sortBy: "aged", alertsOnly: true });

    // Assess
    expect(body).toEqual({ has_data: false, count: 0, items: [] });
  });
});

describe("sortByKey", () => {
  it("matches a stable comparator sort on random keys with nulls and duplicates", () => {
    // Prepare: a small deterministic generator
    let seed = 7;
    const random = (): number => ((seed = (seed * 16_807) % 2_147_483_647) / 2_147_483_647);
    const items = Array.from({ length: 5000 }, (_, index) => ({ index, key: random() < 0.1 ? null : Math.floor(random() * 50) / 2 - 5 }));
    const expected = [...items].sort((a, b) => (a.key === null ? (b.key === null ? 0 : 1) : b.key === null ? -1 : a.key - b.key));

    // Act
    const sorted = sortByKey(items, (item) => item.key);

    // Assess
    expect(sorted.map((i) => i.index)).toEqual(expected.map((i) => i.index));
  });

  it("treats 0 and -0 as the same key", () => {
    // Prepare
    const items = [{ id: "a", key: 0 }, { id: "b", key: -0 }, { id: "c", key: 0 }];

    // Act / Assess
    expect(sortByKey(items, (i) => i.key).map((i) => i.id)).toEqual(["a", "b", "c"]);
  });
});
