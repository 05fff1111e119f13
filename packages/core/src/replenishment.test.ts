import { describe, expect, it } from "vitest";
import fc from "fast-check";
import type { Ad, InventoryRecord, LocalStockRow } from "./records.js";
import {
  SOURCES,
  byCandidateOrder,
  candidateOrder,
  computeReplenishment,
  coverageDays,
  parseReplenishmentQuery,
  skuCoverage,
  skuInputs,
  suggest,
  targetQuantity,
} from "./replenishment.js";
import { adRecord, inventoryRecord } from "./test-records.js";

const ad = (id: string, sku: string | null, sales30d: number | null, extra: Partial<Ad> = {}): Ad =>
  adRecord(id, { title: `Title ${id}`, sku, sales_30d: sales30d, ...extra });

const stock = (inventoryId: string, sku: string | null, available: number | null): InventoryRecord =>
  inventoryRecord(inventoryId, { sku, available_qty: available, in_transit_qty: null, not_available_qty: null, total_qty: available ?? 0, days_of_stock: null, oldest_stock_days: null });

function run(input: { inventory?: InventoryRecord[]; localStock?: LocalStockRow[]; candidates: Ad[]; targetDays?: number; triggerDays?: number }) {
  return computeReplenishment({ inventory: [], localStock: [], targetDays: 30, triggerDays: 14, ...input });
}

describe("parseReplenishmentQuery", () => {
  it("defaults to 30 target days and 14 trigger days", () => {
    // Prepare / Act
    const parsed = parseReplenishmentQuery({});

    // Assess
    expect(parsed).toEqual({ targetDays: 30, triggerDays: 14 });
  });

  it("clamps target_days to 7..90", () => {
    // Prepare
    const values = ["6", "7", "90", "91", "-5", "0", "99999999999999999999999"];

    // Act
    const targets = values.map((v) => parseReplenishmentQuery({ target_days: v }).targetDays);

    // Assess
    expect(targets).toEqual([7, 7, 90, 90, 7, 7, 90]);
  });

  it("clamps trigger_days to 1..target_days after clamping the target", () => {
    // Prepare / Act / Assess
    expect(parseReplenishmentQuery({ target_days: "20", trigger_days: "25" })).toEqual({ targetDays: 20, triggerDays: 20 });
    expect(parseReplenishmentQuery({ target_days: "3", trigger_days: "10" })).toEqual({ targetDays: 7, triggerDays: 7 });
    expect(parseReplenishmentQuery({ trigger_days: "0" })).toEqual({ targetDays: 30, triggerDays: 1 });
    expect(parseReplenishmentQuery({ trigger_days: "-3" })).toEqual({ targetDays: 30, triggerDays: 1 });
    expect(parseReplenishmentQuery({ trigger_days: "1" })).toEqual({ targetDays: 30, triggerDays: 1 });
    expect(parseReplenishmentQuery({ trigger_days: "30" })).toEqual({ targetDays: 30, triggerDays: 30 });
  });

  it("clamps the default trigger to a target below 14", () => {
    // Prepare / Act
    const parsed = parseReplenishmentQuery({ target_days: "10" });

    // Assess
    expect(parsed).toEqual({ targetDays: 10, triggerDays: 10 });
  });

  it("accepts only plain whole numbers, with optional sign and surrounding spaces", () => {
    // Prepare
    const notIntegers = ["abc", "1.5", "", " ", "NaN", "Infinity", "1e3", "0x10", "12abc", "1,5", "--3"];

    // Act
    const parsed = notIntegers.map((v) => parseReplenishmentQuery({ target_days: v, trigger_days: v }));

    // Assess
    for (const p of parsed) expect(p).toEqual({ targetDays: 30, triggerDays: 14 });
    expect(parseReplenishmentQuery({ target_days: " 45 ", trigger_days: "+20" })).toEqual({ targetDays: 45, triggerDays: 20 });
  });
});

describe("targetQuantity", () => {
  it("does not bump an exact product by float noise", () => {
    // Prepare: 3 sales in 30 days is 0.1 a day, and 0.1 × 30 in floating point is 3.0000000000000004
    const sales = 3;

    // Act / Assess
    expect(targetQuantity(sales, 30)).toBe(3);
    expect(targetQuantity(7, 30)).toBe(7);
    expect(targetQuantity(1, 7)).toBe(1);
    expect(targetQuantity(31, 30)).toBe(31);
    expect(targetQuantity(31, 29)).toBe(30); // 29.966…
    expect(targetQuantity(60, 7)).toBe(14);
  });
});

describe("coverageDays", () => {
  it("rounds the exact quotient half up to one decimal", () => {
    // Prepare: 23 units at 184 sales is exactly 3.75 days; 23 / (184 / 30) in floating point is 3.7499999999999996
    const units = 23;

    // Act / Assess
    expect(coverageDays(units, 184)).toBe(3.8);
    expect(coverageDays(0, 30)).toBe(0);
    expect(coverageDays(1, 7)).toBe(4.3);
  });
});

describe("computeReplenishment", () => {
  it("builds a full item from inventory, local stock and sales", () => {
    // Prepare: 60 sales → 2 a day; 10 in fulfillment → 5 days of coverage
    const inventory = [stock("i1", "SKU1", 4), stock("i2", "SKU1", 6), stock("i3", "OTHER", 100)];
    const localStock: LocalStockRow[] = [
      { sku: "SKU1", available: 30, warehouse: "Main" },
      { sku: "SKU1", available: 5, warehouse: "" },
      { sku: "SKU1", available: 7 },
      { sku: "SKU1", available: 8, warehouse: null },
      { sku: "OTHER", available: 1, warehouse: "Main" },
    ];

    // Act
    const body = run({ inventory, localStock, candidates: [ad("A1", "SKU1", 60)] });

    // Assess
    expect(body).toEqual({
      target_days: 30,
      trigger_days: 14,
      count: 1,
      mode: "suggestion_only",
      items: [
        {
          ad_id: "A1",
          sku: "SKU1",
          title: "Title A1",
          full_available: 10,
          local_available: 50,
          local_warehouses: [{ warehouse: "Main", available: 30 }],
          local_without_warehouse: 20,
          sales_30d: 60,
          daily_sales_estimate: 2,
          coverage_days: 5,
          target_full_quantity: 60,
          quantity_needed: 50,
          quantity_suggested: 50,
          status: "ready",
          sources: SOURCES,
        },
      ],
    });
    expect(Object.keys(body.items[0]!)).toEqual([
      "ad_id", "sku", "title", "full_available", "local_available", "local_warehouses", "local_without_warehouse", "sales_30d",
      "daily_sales_estimate", "coverage_days", "target_full_quantity", "quantity_needed", "quantity_suggested", "status", "sources",
    ]);
    expect(Object.keys(body)).toEqual(["target_days", "trigger_days", "count", "items", "mode"]);
    expect(Object.keys(SOURCES).sort()).toEqual(["full_available", "local_available", "velocity"]);
  });

  it("groups ads by SKU, sums sales with null as 0 and names the group after the first ad", () => {
    // Prepare
    const candidates = [ad("A1", "SKU1", 10, { title: null }), ad("A2", "SKU1", null), ad("A3", "SKU1", 20)];

    // Act
    const [item] = run({ candidates }).items;

    // Assess
    expect(item).toMatchObject({ ad_id: "A1", title: null, sales_30d: 30, daily_sales_estimate: 1, coverage_days: 0 });
  });

  it("ignores ads that are not full or have no SKU", () => {
    // Prepare
    const candidates = [ad("A1", "SKU1", 30, { is_full: false }), ad("A2", null, 30), ad("A3", "SKU1", 3)];

    // Act
    const body = run({ candidates });

    // Assess
    expect(body.count).toBe(1);
    expect(body.items[0]).toMatchObject({ ad_id: "A3", sales_30d: 3 });
  });

  it("skips SKUs without sales", () => {
    // Prepare
    const candidates = [ad("A1", "ZERO", 0), ad("A2", "NULL", null), ad("A3", "NEG", -5)];

    // Act
    const body = run({ candidates });

    // Assess
    expect(body).toMatchObject({ count: 0, items: [] });
  });

  it("skips SKUs whose rounded coverage reaches the trigger", () => {
    // Prepare: 30 sales → 1 a day, so coverage equals fulfillment units
    const inventory = [stock("a", "S13.9", 13.9), stock("b", "S14", 14), stock("c", "S13.96", 13.96), stock("d", "S13.94", 13.94)];
    const candidates = [ad("A", "S13.9", 30), ad("B", "S14", 30), ad("C", "S13.96", 30), ad("D", "S13.94", 30)];

    // Act
    const body = run({ inventory, candidates });

    // Assess: 13.96 rounds to 14.0 and is skipped
    expect(body.items.map((i) => [i.sku, i.coverage_days])).toEqual([
      ["S13.9", 13.9],
      ["S13.94", 13.9],
    ]);
  });

  it("rounds coverage half up to one decimal and the daily estimate to two", () => {
    // Prepare: 7 sales → 0.2333… a day; 1 unit → 4.2857… days
    const inventory = [stock("i", "SKU", 1)];

    // Act
    const [item] = run({ inventory, candidates: [ad("A", "SKU", 7)] }).items;

    // Assess
    expect(item).toMatchObject({ daily_sales_estimate: 0.23, coverage_days: 4.3, target_full_quantity: 7, quantity_needed: 6 });
  });

  it("suggests at most the local stock and marks SKUs without local stock", () => {
    // Prepare
    const inventory = [stock("i1", "FEW", 0), stock("i2", "NONE", 0), stock("i3", "NEG", 0), stock("i4", "ENOUGH", 1)];
    const localStock: LocalStockRow[] = [
      { sku: "FEW", available: 4 },
      { sku: "NEG", available: -3 },
      { sku: "ENOUGH", available: 100 },
    ];
    const candidates = [ad("A", "FEW", 30), ad("B", "NONE", 30), ad("C", "NEG", 30), ad("D", "ENOUGH", 30)];

    // Act
    const items = run({ inventory, localStock, candidates }).items;

    // Assess
    const bySku = Object.fromEntries(items.map((i) => [i.sku, i]));
    expect(bySku.FEW).toMatchObject({ quantity_needed: 30, quantity_suggested: 4, status: "ready" });
    expect(bySku.NONE).toMatchObject({ local_available: 0, local_warehouses: [], quantity_suggested: 0, status: "no_local_stock" });
    expect(bySku.NEG).toMatchObject({ local_available: -3, quantity_suggested: 0, status: "no_local_stock" });
    expect(bySku.ENOUGH).toMatchObject({ quantity_needed: 29, quantity_suggested: 29, status: "ready" });
  });

  it("never needs a negative quantity", () => {
    // Prepare: target 7 days of 3 a day = 21, and 25 in fulfillment, with a trigger of 10 days
    const inventory = [stock("i", "SKU", 25)];

    // Act
    const [item] = run({ inventory, candidates: [ad("A", "SKU", 90)], targetDays: 7, triggerDays: 10 }).items;

    // Assess
    expect(item).toMatchObject({ coverage_days: 8.3, target_full_quantity: 21, quantity_needed: 0, quantity_suggested: 0, status: "no_local_stock" });
  });

  it("counts null fulfillment quantities as 0 and ignores inventory without a SKU", () => {
    // Prepare
    const inventory = [stock("i1", "SKU", null), stock("i2", null, 50), stock("i3", "SKU", 2)];

    // Act
    const [item] = run({ inventory, candidates: [ad("A", "SKU", 30)] }).items;

    // Assess
    expect(item).toMatchObject({ full_available: 2, coverage_days: 2 });
  });

  it("sorts by coverage ascending and keeps SKU order on ties", () => {
    // Prepare
    const inventory = [stock("1", "C", 9), stock("2", "A", 3), stock("3", "B", 3), stock("4", "D", 0)];
    const candidates = [ad("1", "C", 30), ad("2", "A", 30), ad("3", "B", 30), ad("4", "D", 30)];

    // Act
    const skus = run({ inventory, candidates }).items.map((i) => i.sku);

    // Assess
    expect(skus).toEqual(["D", "A", "B", "C"]);
  });

  it("answers an empty body for empty inputs", () => {
    // Prepare / Act
    const body = run({ candidates: [], targetDays: 7, triggerDays: 1 });

    // Assess
    expect(body).toEqual({ target_days: 7, trigger_days: 1, count: 0, items: [], mode: "suggestion_only" });
  });
});

describe("per-SKU inputs (the read model's records)", () => {
  const candidateArb = fc.record({
    id: fc.constantFrom("MLB1", "MLB2", "MLB3", "MLB10", "X"),
    sku: fc.option(fc.constantFrom("A", "B", "C#1", "A#"), { nil: null }),
    sales: fc.option(fc.integer({ min: -2, max: 120 }), { nil: null }),
    full: fc.boolean(),
  });

  it("give the answer computed from the records, whatever order they are stored and read in", () => {
    fc.assert(
      fc.property(
        fc.uniqueArray(candidateArb, { selector: (c) => c.id, maxLength: 5 }),
        fc.array(fc.record({ sku: fc.constantFrom("A", "B", "C#1", "A#", "Z"), available: fc.option(fc.integer({ min: -3, max: 90 }), { nil: null }) }), { maxLength: 8 }),
        fc.array(fc.record({ sku: fc.constantFrom("A", "B", "C#1"), available: fc.integer({ min: -1, max: 40 }), warehouse: fc.constantFrom("CD-SP", "", " ", undefined) }), { maxLength: 5 }),
        fc.integer({ min: 7, max: 90 }),
        fc.integer({ min: 1, max: 90 }),
        (ads, records, localStock, targetDays, trigger) => {
          const candidates = ads
            .map((c) => ad(c.id, c.sku, c.sales, { is_full: c.full }))
            .filter((c) => c.is_full && c.sku !== null)
            .sort((a, b) => byCandidateOrder(candidateOrder(a), candidateOrder(b)));
          const inventory = records.map((r, i) => stock(`I${i}`, r.sku, r.available));
          const query = { targetDays, triggerDays: Math.min(trigger, targetDays) };

          const stored = JSON.parse(JSON.stringify(skuInputs({ inventory, localStock, candidates }).reverse())) as ReturnType<typeof skuInputs>;
          stored.sort((a, b) => byCandidateOrder(a.order, b.order));

          expect(JSON.stringify(suggest(stored, query))).toBe(JSON.stringify(computeReplenishment({ inventory, localStock, candidates, ...query })));
        },
      ),
      { numRuns: 300 },
    );
  });

  it("keep local stock in agreement with itself: the warehouses plus the units without one make local_available", () => {
    fc.assert(
      fc.property(
        fc.array(fc.record({ sku: fc.constantFrom("A", "B"), available: fc.integer({ min: -1, max: 40 }), warehouse: fc.constantFrom("Loja Centro", "CD-SP", "", " ", undefined) }), { maxLength: 6 }),
        (localStock) => {
          const candidates = [ad("MLB1", "A", 300), ad("MLB2", "B", 300)];
          for (const item of computeReplenishment({ inventory: [], localStock, candidates, targetDays: 30, triggerDays: 14 }).items) {
            const named = item.local_warehouses.reduce((sum, stock) => sum + stock.available, 0);
            expect(named + item.local_without_warehouse).toBe(item.local_available);
            const unnamed = localStock.filter((row) => row.sku === item.sku && !(row.warehouse ?? "").trim()).reduce((sum, row) => sum + row.available, 0);
            expect(item.local_without_warehouse).toBe(unnamed);
          }
        },
      ),
    );
    // The case seen on screen: 40 units recorded without a warehouse name, no named warehouse.
    const [item] = computeReplenishment({ inventory: [], localStock: [{ sku: "A", available: 40 }], candidates: [ad("MLB1", "A", 300)], targetDays: 30, triggerDays: 14 }).items;
    expect(item).toMatchObject({ local_available: 40, local_warehouses: [], local_without_warehouse: 40, quantity_suggested: 40 });
  });

  it("have a coverage only when the SKU sells", () => {
    expect(skuCoverage({ sales_30d: 30, full_available: 23 })).toBe(23);
    expect(skuCoverage({ sales_30d: 0, full_available: 23 })).toBeNull();
    expect(skuCoverage({ sales_30d: -4, full_available: 23 })).toBeNull();
  });
});
