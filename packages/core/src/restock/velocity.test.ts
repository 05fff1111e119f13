import { describe, expect, it } from "vitest";
import type { Ad } from "../records.js";
import {
  MIN_IN_STOCK_DAYS,
  salesBySku,
  stockAdjustedVelocity,
  stockoutDayList,
  stockoutDays,
  stockoutsInWindow,
  velocitiesBySku,
  velocitiesFromStockouts,
  velocityWindowStart,
} from "./velocity.js";

const TODAY = "2026-11-21";
const day = (back: number): string => {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - back);
  return date.toISOString().slice(0, 10);
};
const ad = (id: string, sku: string | null, sales: number | null, isFull = true): Ad => ({
  id,
  title: id,
  thumbnail: null,
  permalink: null,
  cost: null,
  sku,
  is_full: isFull,
  sales_30d: sales,
});

describe("stock-adjusted velocity", () => {
  it("leaves stockout days out: 30 sold with 10 days out of stock is 1.5/day, not 1.0", () => {
    // Act
    const velocity = stockAdjustedVelocity(30, 10);

    // Assess
    expect(velocity).toEqual({ sales_30d: 30, stockout_days: 10, in_stock_days: 20, velocity_raw: 1, velocity: 1.5 });
  });

  it("equals the raw velocity without stockouts", () => {
    expect(stockAdjustedVelocity(45, 0)).toMatchObject({ velocity_raw: 1.5, velocity: 1.5 });
  });

  it("floors the in-stock days at 10: one in-stock day does not turn 12 sales into 12/day", () => {
    // Act
    const oneDay = stockAdjustedVelocity(12, 29);
    const allOut = stockAdjustedVelocity(12, 30);

    // Assess
    expect(MIN_IN_STOCK_DAYS).toBe(10);
    expect(oneDay).toMatchObject({ in_stock_days: 1, velocity: 1.2, velocity_raw: 0.4 });
    expect(allOut.velocity).toBe(1.2);
    expect(oneDay.velocity).toBeLessThanOrEqual(3 * oneDay.velocity_raw);
  });

  it("applies the floor only below 10 in-stock days", () => {
    expect(stockAdjustedVelocity(20, 20).velocity).toBe(2); // exactly 10 in-stock days
    expect(stockAdjustedVelocity(20, 21).velocity).toBe(2); // 9 → 10
  });
});

describe("stockout days", () => {
  it("counts the days of the last 30 (today included) whose summed available units were 0", () => {
    // Prepare: two inventories; on day 3 one is empty but the other is not.
    const rows = [
      { day: day(0), available_qty: 0 },
      { day: day(0), available_qty: 0 },
      { day: day(1), available_qty: 0 },
      { day: day(3), available_qty: 0 },
      { day: day(3), available_qty: 4 },
      { day: day(29), available_qty: null },
      { day: day(30), available_qty: 0 }, // outside the window
      { day: day(-1), available_qty: 0 }, // tomorrow: outside too
    ];

    // Act / Assess
    expect(velocityWindowStart(TODAY)).toBe(day(29));
    expect(stockoutDays(rows, TODAY)).toBe(3); // today, yesterday and day 29 (null counts 0)
  });

  it("does not count a day without any daily row as a stockout", () => {
    expect(stockoutDays([{ day: day(5), available_qty: 3 }], TODAY)).toBe(0);
    expect(stockoutDays([], TODAY)).toBe(0);
  });
});

describe("velocities by SKU", () => {
  it("sums sales over the Full ads of a SKU and takes stockouts from the rows of all its inventories", () => {
    // Prepare
    const sales = salesBySku([ad("A1", "A", 20), ad("A2", "A", 10), ad("A3", "A", 500, false), ad("B1", "B", 0), ad("N1", null, 9)]);
    const inventory = [
      { inventory_id: "IA1", sku: "A" },
      { inventory_id: "IA2", sku: "A" },
      { inventory_id: "IB1", sku: "B" },
    ];
    const rows = Array.from({ length: 10 }, (_, back) => [
      { inventory_id: "IA1", day: day(back), available_qty: 0 },
      { inventory_id: "IA2", day: day(back), available_qty: back < 5 ? 0 : 2 },
    ]).flat();

    // Act
    const velocities = velocitiesBySku(sales, inventory, rows, TODAY);

    // Assess: A sold 30 in 25 in-stock days; B has no sales and no velocity.
    expect(sales.get("A")).toMatchObject({ sales30d: 30, ad: { id: "A1" } });
    expect([...velocities.keys()]).toEqual(["A"]);
    expect(velocities.get("A")).toMatchObject({ stockout_days: 5, velocity: 1.2 });
  });
});

describe("stockout days kept per SKU and counted per window", () => {
  it("counts in a window what stockoutDays counts from the rows, for any window end", () => {
    const rows = [
      { day: day(0), available_qty: 0 },
      { day: day(3), available_qty: 0 },
      { day: day(3), available_qty: 4 },
      { day: day(5), available_qty: 0 },
      { day: day(5), available_qty: null },
      { day: day(29), available_qty: 0 },
      { day: day(30), available_qty: 0 },
      { day: day(-1), available_qty: 0 },
    ];
    const kept = stockoutDayList(rows);
    expect(kept).toEqual([day(30), day(29), day(5), day(0), day(-1)]);
    for (const end of [day(2), TODAY, day(-1), day(-30)]) expect(stockoutsInWindow(kept, end)).toBe(stockoutDays(rows, end));
  });

  it("gives the velocities velocitiesBySku gives from the rows", () => {
    const ads = [ad("A1", "A", 30), ad("B1", "B", 12), ad("C1", "C", 0)];
    const inventory = [
      { inventory_id: "I1", sku: "A" },
      { inventory_id: "I2", sku: "B" },
    ];
    const rows = Array.from({ length: 12 }, (_, back) => ({ inventory_id: back % 2 === 0 ? "I1" : "I2", day: day(back), available_qty: 0 }));
    const sales = salesBySku(ads);
    const counted = new Map([
      ["A", stockoutDays(rows.filter((row) => row.inventory_id === "I1"), TODAY)],
      ["B", stockoutDays(rows.filter((row) => row.inventory_id === "I2"), TODAY)],
    ]);
    expect(velocitiesFromStockouts(sales, counted)).toEqual(velocitiesBySku(sales, inventory, rows, TODAY));
  });
});
