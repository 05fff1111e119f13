import { describe, expect, it } from "vitest";
import { oldestStockDays } from "./ageing.js";

const today = "2026-06-30";
const windowStartDay = "2026-04-01"; // 90 days before today

describe("oldestStockDays", () => {
  it("is null when nothing is available", () => {
    const receptions = [{ date: "2026-06-01", quantity: 10 }];

    expect(oldestStockDays({ available: 0, receptions, windowStartDay, today })).toBeNull();
    expect(oldestStockDays({ available: null, receptions, windowStartDay, today })).toBeNull();
    expect(
      oldestStockDays({ available: 0, receptions, windowStartDay, today, previous: { oldestStockDays: 40, asOfDay: "2026-06-29" } }),
    ).toBeNull();
  });

  it("counts units out oldest-first: the newest receptions hold the stock", () => {
    // Prepare: 5 units left; the newest lot (3) does not cover them, the one before completes the cover.
    const receptions = [
      { date: "2026-04-10", quantity: 50 },
      { date: "2026-06-20", quantity: 3 },
      { date: "2026-05-31", quantity: 4 },
    ];

    // Act
    const age = oldestStockDays({ available: 5, receptions, windowStartDay, today });

    // Assess
    expect(age).toBe(30);
  });

  it("stops at the reception whose quantity exactly completes the cover", () => {
    const receptions = [
      { date: "2026-06-20", quantity: 3 },
      { date: "2026-05-31", quantity: 2 },
      { date: "2026-04-10", quantity: 50 },
    ];

    expect(oldestStockDays({ available: 5, receptions, windowStartDay, today })).toBe(30);
    expect(oldestStockDays({ available: 3, receptions, windowStartDay, today })).toBe(10);
  });

  it("is 0 for stock received today and ignores empty or negative lots", () => {
    const receptions = [
      { date: "2026-06-30", quantity: 4 },
      { date: "2026-06-29", quantity: 0 },
      { date: "2026-06-28", quantity: -2 },
    ];

    expect(oldestStockDays({ available: 4, receptions, windowStartDay, today })).toBe(0);
  });

  it("reads ISO instants as calendar days in the business zone", () => {
    // 02:00 UTC on June 1st is still May 31st in São Paulo (UTC-3).
    const receptions = [{ date: "2026-06-01T02:00:00Z", quantity: 5 }];

    expect(oldestStockDays({ available: 5, receptions, windowStartDay, today })).toBe(30);
    expect(oldestStockDays({ available: 5, receptions, windowStartDay, today, timeZone: "UTC" })).toBe(29);
  });

  it("reports the window length when the receptions in the window do not cover the stock", () => {
    const receptions = [{ date: "2026-06-20", quantity: 3 }];

    expect(oldestStockDays({ available: 10, receptions, windowStartDay, today })).toBe(90);
  });

  it("reports the window length when stock has no reception in the window and nothing was known", () => {
    expect(oldestStockDays({ available: 7, receptions: [], windowStartDay, today })).toBe(90);
  });

  it("carries a previous age forward by the days elapsed when the window does not cover the stock", () => {
    const previous = { oldestStockDays: 120, asOfDay: "2026-06-20" };

    const age = oldestStockDays({ available: 10, receptions: [{ date: "2026-06-25", quantity: 2 }], windowStartDay, today, previous });

    expect(age).toBe(130);
  });

  it("never reports less than the window length when the carried-forward age is younger", () => {
    const previous = { oldestStockDays: 20, asOfDay: "2026-06-20" };

    expect(oldestStockDays({ available: 10, receptions: [], windowStartDay, today, previous })).toBe(90);
  });

  it("ignores a previous age when the receptions cover the stock (that lot was sold)", () => {
    const previous = { oldestStockDays: 200, asOfDay: "2026-06-29" };

    expect(oldestStockDays({ available: 2, receptions: [{ date: "2026-06-25", quantity: 2 }], windowStartDay, today, previous })).toBe(5);
  });

  it("treats a previous age of null as unknown", () => {
    const previous = { oldestStockDays: null, asOfDay: "2026-06-29" };

    expect(oldestStockDays({ available: 3, receptions: [], windowStartDay, today, previous })).toBe(90);
  });

  it("does not count days backwards when the previous age is dated after today", () => {
    const previous = { oldestStockDays: 150, asOfDay: "2026-07-02" };

    expect(oldestStockDays({ available: 3, receptions: [], windowStartDay, today, previous })).toBe(150);
  });
});
