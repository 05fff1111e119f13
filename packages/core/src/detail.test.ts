import { describe, expect, it } from "vitest";
import { buildDetail, seriesWindowStart } from "./detail.js";
import type { Ad, DailyStockRow, InventoryRecord } from "./records.js";

function inventory(inventoryId: string, fields: Partial<InventoryRecord> = {}): InventoryRecord {
  return {
    inventory_id: inventoryId,
    ad_id: "MLB1",
    sku: "SKU1",
    variation_id: null,
    available_qty: 1,
    in_transit_qty: 2,
    not_available_qty: 3,
    total_qty: 6,
    days_of_stock: 12.5,
    oldest_stock_days: 40,
    updated_at: "2024-05-01T10:00:00.000Z",
    ...fields,
  };
}

function row(inventoryId: string, day: string, available: number | null, inTransit: number | null = 0, notAvailable: number | null = 0): DailyStockRow {
  return { inventory_id: inventoryId, day, available_qty: available, in_transit_qty: inTransit, not_available_qty: notAvailable };
}

const AD: Ad = { id: "MLB1", title: "Phone case", thumbnail: "https://img/1.jpg", permalink: "https://ad/1", cost: 5, sku: "SKU1", is_full: true, sales_30d: 10 };

describe("seriesWindowStart", () => {
  it("is 60 calendar days before today", () => {
    // Prepare / Act / Assess
    expect(seriesWindowStart("2024-03-01")).toBe("2024-01-01");
    expect(seriesWindowStart("2024-01-15")).toBe("2023-11-16");
  });

  it("follows the day when it turns, also back to a day asked before", () => {
    expect(["2024-03-01", "2024-03-01", "2024-03-02", "2024-03-01"].map(seriesWindowStart)).toEqual(["2024-01-01", "2024-01-01", "2024-01-02", "2024-01-01"]);
  });
});

describe("buildDetail", () => {
  it("lists the ad's inventories with the SPEC fields in order, then when each was updated", () => {
    // Prepare
    const inventories = [inventory("I1", { variation_id: 77 }), inventory("I2", { variation_id: "V2", available_qty: null, days_of_stock: null, oldest_stock_days: null })];

    // Act
    const body = buildDetail("MLB1", AD, inventories, [], "2024-03-01");

    // Assess
    expect(body).toEqual({
      ad_id: "MLB1",
      title: "Phone case",
      thumbnail: "https://img/1.jpg",
      inventories: [
        { inventory_id: "I1", variation_id: 77, available_qty: 1, in_transit_qty: 2, not_available_qty: 3, total_qty: 6, days_of_stock: 12.5, oldest_stock_days: 40, updated_at: "2024-05-01T10:00:00.000Z" },
        { inventory_id: "I2", variation_id: "V2", available_qty: null, in_transit_qty: 2, not_available_qty: 3, total_qty: 6, days_of_stock: null, oldest_stock_days: null, updated_at: "2024-05-01T10:00:00.000Z" },
      ],
      daily_series: [],
    });
    expect(Object.keys(body)).toEqual(["ad_id", "title", "thumbnail", "inventories", "daily_series"]);
    expect(Object.keys(body.inventories[0]!)).toEqual([
      "inventory_id", "variation_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days", "updated_at",
    ]);
  });

  it("answers null title and thumbnail when the ad is unknown or has none", () => {
    // Prepare / Act
    const unknown = buildDetail("MLB9", undefined, [inventory("I1")], [], "2024-03-01");
    const blank = buildDetail("MLB1", { ...AD, title: null, thumbnail: null }, [inventory("I1")], [], "2024-03-01");

    // Assess
    expect([unknown.title, unknown.thumbnail, blank.title, blank.thumbnail]).toEqual([null, null, null, null]);
  });

  it("sums the rows of all inventories per day with nulls as 0, ascending", () => {
    // Prepare
    const rows = [
      row("I2", "2024-02-20", 5, 1, null),
      row("I1", "2024-02-10", 1, null, 1),
      row("I1", "2024-02-20", 3, 2, 4),
      row("OTHER", "2024-02-20", 100, 100, 100),
    ];

    // Act
    const body = buildDetail("MLB1", AD, [inventory("I1"), inventory("I2")], rows, "2024-03-01");

    // Assess
    expect(body.daily_series).toEqual([
      { date: "2024-02-10", available: 1, in_transit: 0, not_available: 1 },
      { date: "2024-02-20", available: 8, in_transit: 3, not_available: 4 },
    ]);
  });

  it("gives the same ascending series whatever the rows' order: by day (the ad's index), by inventory, reversed", () => {
    // Prepare: two inventories over three days, a row before the window and a malformed day among them.
    const byDay = [
      row("I1", "2023-12-31", 50),
      row("I1", "2024-01-05", 1, 1),
      row("I2", "2024-01-05", 2, null, 1),
      row("I1", "2024-01-06", 3),
      row("I2", "2024-01-06", 4),
      row("I2", "2024-1-6", 100),
      row("I2", "2024-01-06", 5),
      row("I1", "2024-02-01", 6),
    ];
    const byInventory = [...byDay].sort((a, b) => a.inventory_id.localeCompare(b.inventory_id));
    const inventories = [inventory("I1"), inventory("I2")];

    // Act
    const [first, ...others] = [byDay, byInventory, [...byDay].reverse()].map((rows) => buildDetail("MLB1", AD, inventories, rows, "2024-03-01").daily_series);

    // Assess
    expect(first).toEqual([
      { date: "2024-01-05", available: 3, in_transit: 1, not_available: 1 },
      { date: "2024-01-06", available: 12, in_transit: 0, not_available: 0 },
      { date: "2024-02-01", available: 6, in_transit: 0, not_available: 0 },
    ]);
    for (const series of others) expect(series).toEqual(first);
  });

  it("covers from today minus 60 days inclusive and keeps days after today", () => {
    // Prepare: today 2024-03-01, so the window opens on 2024-01-01
    const rows = [row("I1", "2023-12-31", 1), row("I1", "2024-01-01", 2), row("I1", "2024-03-01", 3), row("I1", "2024-03-02", 4)];

    // Act
    const series = buildDetail("MLB1", AD, [inventory("I1")], rows, "2024-03-01").daily_series;

    // Assess
    expect(series.map((p) => [p.date, p.available])).toEqual([
      ["2024-01-01", 2],
      ["2024-03-01", 3],
      ["2024-03-02", 4],
    ]);
  });

  it("leaves out rows whose day is not a calendar date", () => {
    // Prepare
    const rows = [row("I1", "2024-2-20", 1), row("I1", "2024-02-30", 1), row("I1", "2024-02-20", 7)];

    // Act
    const series = buildDetail("MLB1", AD, [inventory("I1")], rows, "2024-03-01").daily_series;

    // Assess
    expect(series).toEqual([{ date: "2024-02-20", available: 7, in_transit: 0, not_available: 0 }]);
  });

  it("answers empty lists for an ad without inventories", () => {
    // Prepare / Act
    const body = buildDetail("MLB1", AD, [], [row("I1", "2024-02-20", 1)], "2024-03-01");

    // Assess
    expect(body.inventories).toEqual([]);
    expect(body.daily_series).toEqual([]);
  });
});
