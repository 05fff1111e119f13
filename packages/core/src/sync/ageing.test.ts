import { describe, expect, it } from "vitest";
import { addDays, daysBetween } from "../time.js";
import { ageStock, covers, lastOperationDay, lotsInStock, oldestStockDays, RETENTION_DAYS, searchWindows } from "./ageing.js";

const today = "2026-06-30";
const fullHorizon = addDays(today, -(RETENTION_DAYS - 1)); // 2025-07-01

describe("searchWindows", () => {
  it("walks back from today in windows of at most 60 days, date_to excluded, to the 365-day retention", () => {
    const windows = searchWindows(today);

    expect(windows[0]).toEqual({ from: "2026-05-02", to: "2026-07-01" });
    expect(windows[1]).toEqual({ from: "2026-03-03", to: "2026-05-02" });
    // Consecutive: each window ends (excluded) where the newer one begins.
    for (let i = 1; i < windows.length; i++) expect(windows[i]!.to).toBe(windows[i - 1]!.from);
    for (const window of windows) expect(daysBetween(window.from, window.to)).toBeLessThanOrEqual(60);
    expect(windows.at(-1)!.from).toBe(fullHorizon);
    // 365 days: six full windows and a short last one.
    expect(windows.map((w) => daysBetween(w.from, w.to))).toEqual([60, 60, 60, 60, 60, 60, 5]);
  });
});

describe("lastOperationDay", () => {
  it("is the business day, or the UTC day when operations already carry the next one", () => {
    expect(lastOperationDay("2026-06-30", new Date("2026-06-30T15:00:00Z"))).toBe("2026-06-30");
    // 21:30 in São Paulo: the marketplace dates an operation of now 2026-07-01.
    expect(lastOperationDay("2026-06-30", new Date("2026-07-01T00:30:00Z"))).toBe("2026-07-01");
    // A business day ahead of UTC (a zone east of it) stays the last day.
    expect(lastOperationDay("2026-07-01", new Date("2026-06-30T23:30:00Z"))).toBe("2026-07-01");
  });

  it("extends the first search window to that day, the retention still counted from the business day", () => {
    const windows = searchWindows(today, RETENTION_DAYS, 60, "2026-07-01");

    expect(windows[0]).toEqual({ from: "2026-05-03", to: "2026-07-02" });
    expect(windows.at(-1)!.from).toBe(fullHorizon);
  });
});

describe("lotsInStock", () => {
  it("keeps the newest receptions, oldest first, trimming the oldest lot to what is still in stock", () => {
    const receptions = [
      { date: "2026-04-10", quantity: 50 },
      { date: "2026-06-20", quantity: 3 },
      { date: "2026-05-31", quantity: 4 },
    ];

    expect(lotsInStock(5, receptions)).toEqual({
      lots: [
        { day: "2026-05-31", units: 2 },
        { day: "2026-06-20", units: 3 },
      ],
      unknownUnits: 0,
    });
  });

  it("merges receptions of one day and counts the units no reception explains", () => {
    const receptions = [
      { date: "2026-06-20", quantity: 2 },
      { date: "2026-06-20T18:00:00Z", quantity: 1 },
      { date: "2026-06-25", quantity: 0 },
      { date: "not a date", quantity: 5 },
    ];

    expect(lotsInStock(10, receptions)).toEqual({ lots: [{ day: "2026-06-20", units: 3 }], unknownUnits: 7 });
    expect(lotsInStock(0, receptions)).toEqual({ lots: [], unknownUnits: 0 });
  });
});

describe("ageStock", () => {
  it("follows the worked example written beside the rule", () => {
    const receptions = [
      { date: "2026-06-20", quantity: 6 },
      { date: "2026-03-01", quantity: 4 },
      { date: "2025-12-10", quantity: 30 },
    ];

    expect(ageStock({ available: 20, receptions, searchedFrom: "2025-11-03", today })).toEqual({
      oldest_stock_days: 202,
      fifo_lots: [
        { day: "2025-12-10", units: 10 },
        { day: "2026-03-01", units: 4 },
        { day: "2026-06-20", units: 6 },
      ],
      unknown_age_units: 0,
    });
    expect(ageStock({ available: 20, receptions: receptions.slice(0, 2), searchedFrom: fullHorizon, today })).toEqual({
      oldest_stock_days: 365,
      fifo_lots: [
        { day: "2026-03-01", units: 4 },
        { day: "2026-06-20", units: 6 },
      ],
      unknown_age_units: 10,
    });
  });

  it("is null, with no lots, when nothing is available", () => {
    const receptions = [{ date: "2026-06-01", quantity: 10 }];
    const previous = { oldestStockDays: 40, asOfDay: "2026-06-29" };

    for (const available of [0, -3, null]) {
      expect(ageStock({ available, receptions, searchedFrom: fullHorizon, today, previous })).toEqual({
        oldest_stock_days: null,
        fifo_lots: [],
        unknown_age_units: 0,
      });
    }
  });

  it("ages covered stock by the reception that completes the cover, 150 and 300 days back alike", () => {
    const receptions = [
      { date: addDays(today, -300), quantity: 8 },
      { date: addDays(today, -150), quantity: 5 },
      { date: addDays(today, -10), quantity: 5 },
    ];

    expect(oldestStockDays({ available: 10, receptions, searchedFrom: fullHorizon, today })).toBe(150);
    expect(oldestStockDays({ available: 11, receptions, searchedFrom: fullHorizon, today })).toBe(300);
    expect(oldestStockDays({ available: 5, receptions, searchedFrom: fullHorizon, today })).toBe(10);
  });

  it("ignores a previous age when the receptions cover the stock (that lot was sold)", () => {
    const previous = { oldestStockDays: 200, asOfDay: "2026-06-29" };

    expect(oldestStockDays({ available: 2, receptions: [{ date: "2026-06-25", quantity: 2 }], searchedFrom: "2026-05-02", today, previous })).toBe(5);
  });

  it("is 0 for stock received today", () => {
    expect(oldestStockDays({ available: 4, receptions: [{ date: today, quantity: 4 }], searchedFrom: "2026-05-02", today })).toBe(0);
  });

  it("reads ISO instants as calendar days in the business zone", () => {
    // 02:00 UTC on June 1st is still May 31st in São Paulo (UTC-3).
    const receptions = [{ date: "2026-06-01T02:00:00Z", quantity: 5 }];

    expect(oldestStockDays({ available: 5, receptions, searchedFrom: fullHorizon, today })).toBe(30);
    expect(oldestStockDays({ available: 5, receptions, searchedFrom: fullHorizon, today, timeZone: "UTC" })).toBe(29);
  });

  it("reports the search horizon for stock the receptions found do not cover: older than 12 months after a full walk", () => {
    const receptions = [{ date: addDays(today, -200), quantity: 3 }];

    expect(oldestStockDays({ available: 10, receptions, searchedFrom: fullHorizon, today })).toBe(365);
    // A walk that stopped early (a window failed) reached less far: the floor is where it stopped.
    expect(oldestStockDays({ available: 10, receptions: [{ date: "2026-06-20", quantity: 3 }], searchedFrom: "2026-05-02", today })).toBe(60);
  });

  it("reports the larger of the horizon and the previous age carried forward when the cover is incomplete", () => {
    const receptions = [{ date: "2026-06-25", quantity: 2 }];

    expect(oldestStockDays({ available: 10, receptions, searchedFrom: "2026-05-02", today, previous: { oldestStockDays: 120, asOfDay: "2026-06-20" } })).toBe(130);
    expect(oldestStockDays({ available: 10, receptions, searchedFrom: "2026-05-02", today, previous: { oldestStockDays: 20, asOfDay: "2026-06-20" } })).toBe(60);
    expect(oldestStockDays({ available: 10, receptions, searchedFrom: fullHorizon, today, previous: { oldestStockDays: 400, asOfDay: "2026-06-29" } })).toBe(401);
  });

  it("is null when no reception is known at all and no earlier age; the earlier age carried forward when there is one", () => {
    expect(ageStock({ available: 7, receptions: [], searchedFrom: fullHorizon, today })).toEqual({
      oldest_stock_days: null,
      fifo_lots: [],
      unknown_age_units: 7,
    });
    expect(oldestStockDays({ available: 7, receptions: [], searchedFrom: fullHorizon, today, previous: { oldestStockDays: 100, asOfDay: "2026-06-20" } })).toBe(110);
    expect(oldestStockDays({ available: 7, receptions: [], searchedFrom: fullHorizon, today, previous: { oldestStockDays: null, asOfDay: "2026-06-20" } })).toBeNull();
  });

  it("carries the previous age forward, with every unit of unknown age, when no search answered", () => {
    expect(ageStock({ available: 3, receptions: [], searchedFrom: null, today, previous: { oldestStockDays: 20, asOfDay: "2026-06-28" } })).toEqual({
      oldest_stock_days: 22,
      fifo_lots: [],
      unknown_age_units: 3,
    });
    expect(oldestStockDays({ available: 3, receptions: [], searchedFrom: null, today })).toBeNull();
  });

  it("does not count days backwards when the previous age is dated after today", () => {
    expect(oldestStockDays({ available: 3, receptions: [], searchedFrom: fullHorizon, today, previous: { oldestStockDays: 150, asOfDay: "2026-07-02" } })).toBe(150);
  });

  it("keeps lots that sum with the unknown units to the available units", () => {
    const receptions = [
      { date: "2026-06-01", quantity: 4 },
      { date: "2026-02-01", quantity: 9 },
    ];
    for (const available of [1, 4, 5, 13, 20]) {
      const { fifo_lots, unknown_age_units } = ageStock({ available, receptions, searchedFrom: fullHorizon, today });
      expect(fifo_lots.reduce((sum, lot) => sum + lot.units, 0) + unknown_age_units).toBe(available);
      expect(fifo_lots.every((lot) => lot.units > 0 && Number.isInteger(lot.units))).toBe(true);
    }
  });
});

describe("covers", () => {
  it("tells whether the receptions found explain every available unit", () => {
    const receptions = [
      { date: "2026-06-01", quantity: 4 },
      { date: "2026-05-01", quantity: -2 },
    ];
    expect(covers(4, receptions)).toBe(true);
    expect(covers(5, receptions)).toBe(false);
  });
});
