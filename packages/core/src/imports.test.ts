import { describe, expect, it } from "vitest";
import { message } from "./messages/index.js";
import type { Ad } from "./records.js";
import { ImportValueError, parseDecimal, planAdValues, planLocalStock, readCost, readKey, readQuantity, readSales, warehouseProblem } from "./imports.js";

const ad = (id: string, fields: Partial<Ad> = {}): Ad => ({
  id,
  title: null,
  thumbnail: null,
  permalink: null,
  cost: null,
  sku: null,
  is_full: true,
  sales_30d: null,
  ...fields,
});

describe("numbers as people write them", () => {
  it.each([
    ["12", 12],
    ["12,5", 12.5],
    ["1.234,56", 1234.56],
    ["1,234.56", 1234.56],
    ["1234.56", 1234.56],
    ["1.234", 1234],
    ["12.345.678", 12345678],
    ["0.500", 0.5],
    ["0,5", 0.5],
    [" R$ 19,90 ", 19.9],
    ["-3", -3],
    ["1 234,5", 1234.5],
  ])("reads %j as %d", (text, value) => {
    expect(parseDecimal(text)).toBe(value);
  });

  it.each(["", "abc", "1,2,3", "1.2.3", "12,", ",5", "1e3", "1.23,4", "12..5", "NaN", "Infinity", "0x10", "--1"])("refuses %j", (text) => {
    expect(parseDecimal(text)).toBeUndefined();
  });
});

describe("row values", () => {
  it("takes whole units from numbers and pt-BR text, and names the line and field of a bad one", () => {
    expect(readQuantity("1.200", "Line 2")).toBe(1200);
    expect(readQuantity(7, "Item 1")).toBe(7);
    expect(readQuantity("12,0", "Line 2")).toBe(12);
    expect(() => readQuantity("abc", "Line 3")).toThrow(new ImportValueError(message("import_not_a_number", { where: "Line 3", field: "available", value: '"abc"' })));
    expect(() => readQuantity("2,5", "Line 4")).toThrow("Line 4, field available: 2.5 is not a whole number of units");
    expect(() => readQuantity(-1, "Line 5")).toThrow("Line 5, field available: -1 is negative");
    expect(() => readQuantity("", "Line 6")).toThrow("Line 6, field available: missing value");
    expect(() => readQuantity(true, "Item 2 (index 1)")).toThrow("Item 2 (index 1), field available: expected a number, got boolean");
  });

  it("reads a cost with decimals and an empty cost as a clear", () => {
    expect(readCost("19,90", "Line 2")).toBe(19.9);
    expect(readCost(0, "Line 2")).toBe(0);
    expect(readCost("", "Line 2")).toBeNull();
    expect(readCost(null, "Item 1")).toBeNull();
    expect(() => readCost("-2", "Line 2")).toThrow("Line 2, field cost: -2 is negative");
  });

  it("reads sales as whole units, empty as a clear", () => {
    expect(readSales("30", "Line 2")).toBe(30);
    expect(readSales(" ", "Line 2")).toBeNull();
    expect(() => readSales("1,5", "Line 2")).toThrow("Line 2, field sales_30d: 1.5 is not a whole number of units");
  });

  it("takes keys as trimmed text, integers as their digits, and refuses empty or control characters", () => {
    expect(readKey("  SKU-1 ", "Line 2", "sku")).toBe("SKU-1");
    expect(readKey(789, "Item 1", "sku")).toBe("789");
    expect(() => readKey("", "Line 2", "sku")).toThrow("Line 2, field sku: missing value");
    expect(() => readKey(undefined, "Item 1", "ad_id")).toThrow("Item 1, field ad_id: missing value");
    expect(() => readKey("a\u0000b", "Line 2", "sku")).toThrow("control characters");
    expect(() => readKey("x".repeat(256), "Line 2", "sku")).toThrow("longer than 255 characters");
  });

  it("accepts a warehouse name of readable text only", () => {
    expect(warehouseProblem("CD São Paulo")).toBeUndefined();
    expect(warehouseProblem(" CD")).toEqual({ code: "import_warehouse_spaces", params: {} });
    expect(warehouseProblem("x".repeat(101))).toEqual({ code: "import_warehouse_too_long", params: { max: 100 } });
    expect(warehouseProblem("a\nb")).toEqual({ code: "import_warehouse_control_characters", params: {} });
  });
});

describe("local stock plan", () => {
  const current = [
    { sku: "A", available: 5, warehouse: "CD1" },
    { sku: "B", available: 2, warehouse: "CD1" },
    { sku: "C", available: 1, warehouse: "CD1" },
    { sku: "A", available: 9, warehouse: "CD2" },
  ];

  it("replaces the warehouse's rows: new rows added, different ones changed, unnamed ones removed, equal ones left alone", () => {
    // Act
    const plan = planLocalStock("CD1", current, [
      { where: "Line 2", sku: "A", available: 5 },
      { where: "Line 3", sku: "B", available: 3 },
      { where: "Line 4", sku: "D", available: 0 },
    ]);

    // Assess
    expect(plan).toMatchObject({ added: 1, changed: 1, removed: 1 });
    expect(plan.put).toEqual([
      { sku: "B", available: 3, warehouse: "CD1" },
      { sku: "D", available: 0, warehouse: "CD1" },
    ]);
    expect(plan.remove).toEqual([{ sku: "C", available: 1, warehouse: "CD1" }]);
  });

  it("leaves other warehouses alone and empties the warehouse with an empty body", () => {
    const plan = planLocalStock("CD1", current, []);
    expect(plan).toMatchObject({ added: 0, changed: 0, removed: 3, put: [] });
    expect(plan.remove.map((row) => row.warehouse)).toEqual(["CD1", "CD1", "CD1"]);
  });

  it("refuses a SKU given twice, naming both lines", () => {
    expect(() =>
      planLocalStock("CD1", [], [
        { where: "Line 2", sku: "A", available: 1 },
        { where: "Line 7", sku: "A", available: 2 },
      ]),
    ).toThrow('Line 7, field sku: "A" is already given (line 2)');
  });
});

describe("cost and sales plans", () => {
  const ads = [
    ad("MLB1", { sku: "A", cost: 10 }),
    ad("MLB2", { sku: "A", cost: null }),
    ad("MLB3", { sku: "B", cost: 4, sales_30d: 12 }),
    ad("MLB4", { sku: "C", sales_30d: 7, sales_30d_source: "ledger" }),
    ad("MLB5", { sku: "D", is_full: false }),
    ad("MLB6", { sku: "D", is_full: true }),
  ];

  it("puts a SKU's cost on every ad of the SKU and counts what it adds, changes and clears", () => {
    // Act
    const plan = planAdValues("costs", ads, [
      { where: "Line 2", key: { sku: "A" }, value: 10 },
      { where: "Line 3", key: { sku: "B" }, value: null },
      { where: "Line 4", key: { ad_id: "MLB4" }, value: 2.5 },
      { where: "Line 5", key: { sku: "ZZ" }, value: 1 },
      { where: "Line 6", key: { ad_id: "MLB9" }, value: 1 },
    ]);

    // Assess: MLB1 already costs 10; MLB2 gets it; MLB3's cost is cleared.
    expect(plan.changes).toEqual([
      { adId: "MLB2", value: 10 },
      { adId: "MLB3", value: null },
      { adId: "MLB4", value: 2.5 },
    ]);
    expect(plan).toMatchObject({ added: 2, changed: 0, removed: 1, unmatched: ["ZZ", "MLB9"] });
  });

  it("gives a SKU's sales to its one ad, or its one Full ad, and lets an import win over a ledger value", () => {
    const plan = planAdValues("sales", ads, [
      { where: "Line 2", key: { sku: "B" }, value: 12 },
      { where: "Line 3", key: { sku: "C" }, value: 7 },
      { where: "Line 4", key: { sku: "D" }, value: 3 },
    ]);
    expect(plan.changes).toEqual([
      { adId: "MLB4", value: 7 },
      { adId: "MLB6", value: 3 },
    ]);
    expect(plan).toMatchObject({ added: 2, changed: 0, removed: 0 });
  });

  it("clears an imported sales figure, but not one the ledger gave", () => {
    const plan = planAdValues("sales", ads, [
      { where: "Line 2", key: { ad_id: "MLB3" }, value: null },
      { where: "Line 3", key: { ad_id: "MLB4" }, value: null },
    ]);
    expect(plan.changes).toEqual([{ adId: "MLB3", value: null }]);
    expect(plan.removed).toBe(1);
  });

  it("refuses sales for a SKU of several Full ads, and an ad named twice", () => {
    expect(() => planAdValues("sales", ads, [{ where: "Line 2", key: { sku: "A" }, value: 1 }])).toThrow(
      'Line 2, field sku: SKU "A" belongs to 2 ads (MLB1, MLB2): give sales_30d per ad_id',
    );
    expect(() =>
      planAdValues("costs", ads, [
        { where: "Item 1 (index 0)", key: { ad_id: "MLB1" }, value: 1 },
        { where: "Item 2 (index 1)", key: { sku: "A" }, value: 2 },
      ]),
    ).toThrow("Item 2 (index 1), field sku: ad MLB1 already gets a value (item 1 (index 0))");
  });
});
