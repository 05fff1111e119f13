import { describe, expect, it } from "vitest";
import type { Ad, InventoryRecord } from "./records.js";
import { adRecord, inventoryRecord } from "./test-records.js";
import { AGED_DAYS, LOW_COVERAGE_DAYS, STRANDED_DAYS, computeOverview, isAged, isLowCoverage, isStranded, newestUpdate, noDataBody, overviewOfTotals, overviewTotals, recordChange, type OverviewTotals } from "./overview.js";

const ZONE = "America/Sao_Paulo";

let nextId = 0;
const record = (fields: Partial<InventoryRecord> = {}): InventoryRecord => inventoryRecord(`INV${++nextId}`, fields);

function ads(...list: Array<[string, number | null]>): Map<string, Ad> {
  return new Map(
    list.map(([id, cost]) => [id, adRecord(id, { cost })]),
  );
}

describe("thresholds", () => {
  it("are 90, 14 and 180 days", () => {
    // Prepare / Act / Assess
    expect([AGED_DAYS, LOW_COVERAGE_DAYS, STRANDED_DAYS]).toEqual([90, 14, 180]);
  });

  it("mark low coverage strictly below 14 days and only when known", () => {
    // Prepare / Act / Assess
    expect(isLowCoverage({ days_of_stock: 13.9 })).toBe(true);
    expect(isLowCoverage({ days_of_stock: 14 })).toBe(false);
    expect(isLowCoverage({ days_of_stock: 14.1 })).toBe(false);
    expect(isLowCoverage({ days_of_stock: 0 })).toBe(true);
    expect(isLowCoverage({ days_of_stock: null })).toBe(false);
  });

  it("mark aged stock strictly above 90 days and only when known", () => {
    // Prepare / Act / Assess
    expect(isAged({ oldest_stock_days: 90 })).toBe(false);
    expect(isAged({ oldest_stock_days: 91 })).toBe(true);
    expect(isAged({ oldest_stock_days: null })).toBe(false);
  });

  it("mark stranded stock with units available and coverage unknown or above 180 days", () => {
    // Prepare / Act / Assess
    expect(isStranded({ available_qty: 1, days_of_stock: 180 })).toBe(false);
    expect(isStranded({ available_qty: 1, days_of_stock: 181 })).toBe(true);
    expect(isStranded({ available_qty: 1, days_of_stock: 180.1 })).toBe(true);
    expect(isStranded({ available_qty: 1, days_of_stock: null })).toBe(true);
    expect(isStranded({ available_qty: 0, days_of_stock: null })).toBe(false);
    expect(isStranded({ available_qty: null, days_of_stock: 500 })).toBe(false);
  });
});

describe("computeOverview", () => {
  it("tells the operator to run the sync when there is no stock, in pt-BR with its code beside the text", () => {
    // Prepare / Act
    const body = computeOverview([], new Map(), ZONE);

    // Assess
    const message = "Ainda não há dados de estoque Full. Rode a sincronização (POST /full/sync) para carregá-los.";
    expect(body).toEqual({ has_data: false, message, message_detail: { code: "overview_no_data", params: {}, text: message }, summary: {}, alerts: {} });
  });

  it("says the same in English when asked", () => {
    expect(noDataBody("en").message).toBe("No fulfillment stock data yet. Run the sync (POST /full/sync) to load it.");
  });

  it("sums units with nulls as 0 and counts distinct non-null ads", () => {
    // Prepare
    const inventory = [
      record({ ad_id: "A", available_qty: 5, in_transit_qty: 2, not_available_qty: 1, updated_at: "2026-11-20T03:00:00" }),
      record({ ad_id: "A", available_qty: null, in_transit_qty: null, not_available_qty: null, updated_at: "2026-11-19T03:00:00" }),
      record({ ad_id: "B", available_qty: 3, in_transit_qty: 4, not_available_qty: 0 }),
      record({ ad_id: null, available_qty: 1, in_transit_qty: 0, not_available_qty: 2 }),
    ];

    // Act
    const body = computeOverview(inventory, new Map(), ZONE);

    // Assess
    expect(body).toEqual({
      has_data: true,
      summary: {
        products_count: 2,
        inventories_count: 4,
        units_available: 9,
        units_in_transit: 6,
        units_not_available: 3,
        immobilized_value: 0,
      },
      alerts: { low_coverage: 0, aged_stock: 0, stranded: 0 },
      updated_at: "2026-11-20T06:00:00.000Z",
    });
  });

  it("values available units at the ad cost, skipping zero, null and unknown costs", () => {
    // Prepare
    const adsById = ads(["A", 10.5], ["B", 0], ["C", null], ["D", 0.1]);
    const inventory = [
      record({ ad_id: "A", available_qty: 2 }),
      record({ ad_id: "A", available_qty: null }),
      record({ ad_id: "B", available_qty: 100 }),
      record({ ad_id: "C", available_qty: 100 }),
      record({ ad_id: "MISSING", available_qty: 100 }),
      record({ ad_id: "D", available_qty: 3 }),
      record({ ad_id: null, available_qty: 100 }),
    ];

    // Act
    const body = computeOverview(inventory, adsById, ZONE);

    // Assess: 2 × 10.5 + 3 × 0.1 = 21.3, not 21.300000000000001
    expect(body.has_data && body.summary.immobilized_value).toBe(21.3);
  });

  it("rounds the immobilized value half up to cents without drift over many records", () => {
    // Prepare: 1000 × 0.1 summed in floating point is 99.9999999999986; 0.005 × 1 rounds up
    const adsById = ads(["TENTH", 0.1], ["HALF", 0.005]);
    const inventory = [...Array.from({ length: 1000 }, () => record({ ad_id: "TENTH", available_qty: 1 })), record({ ad_id: "HALF", available_qty: 1 })];

    // Act
    const body = computeOverview(inventory, adsById, ZONE);

    // Assess
    expect(body.has_data && body.summary.immobilized_value).toBe(100.01);
  });

  it("counts alerts at their boundaries", () => {
    // Prepare
    const inventory = [
      record({ days_of_stock: 13.9 }),
      record({ days_of_stock: 14 }),
      record({ days_of_stock: 14.1 }),
      record({ oldest_stock_days: 90 }),
      record({ oldest_stock_days: 91 }),
      record({ oldest_stock_days: null, days_of_stock: null }),
      record({ available_qty: 1, days_of_stock: 180 }),
      record({ available_qty: 1, days_of_stock: 181 }),
      record({ available_qty: 1, days_of_stock: null }),
      record({ available_qty: null, days_of_stock: null }),
    ];

    // Act
    const body = computeOverview(inventory, new Map(), ZONE);

    // Assess
    expect(body.has_data && body.alerts).toEqual({ low_coverage: 1, aged_stock: 1, stranded: 2 });
  });
});

describe("one record's change", () => {
  const moved = (totals: OverviewTotals, change: ReturnType<typeof recordChange>): OverviewTotals => ({
    ...totals,
    units_available: totals.units_available + change.units_available,
    units_in_transit: totals.units_in_transit + change.units_in_transit,
    units_not_available: totals.units_not_available + change.units_not_available,
    value_units: totals.value_units + change.value_units,
    low_coverage: totals.low_coverage + change.low_coverage,
    aged_stock: totals.aged_stock + change.aged_stock,
    stranded: totals.stranded + change.stranded,
  });

  it("moves the totals to the overview of the changed records, flags and value included", () => {
    // Prepare: a sale that takes coverage under 14 days and empties the aged lot, beside other records.
    const adsById = ads(["MLB1", 12.345678], ["MLB2", 3.3]);
    const others = [record({ ad_id: "MLB2", available_qty: 7, days_of_stock: 200 }), record({ ad_id: null, available_qty: 2 })];
    const before = record({ ad_id: "MLB1", available_qty: 30, in_transit_qty: 4, not_available_qty: 1, days_of_stock: 40, oldest_stock_days: 120 });
    const after = { ...before, available_qty: 3, not_available_qty: 2, days_of_stock: 4, oldest_stock_days: 20 };

    // Act
    const patched = moved(overviewTotals([...others, before], adsById, ZONE), recordChange(before, after, 12.345678));

    // Assess
    expect(overviewOfTotals(patched)).toEqual(computeOverview([...others, after], adsById, ZONE));
    expect(patched).toEqual(overviewTotals([...others, after], adsById, ZONE));
  });

  it("adds nothing to the value of a record without an ad or a cost", () => {
    const before = record({ ad_id: null, available_qty: 5 });

    expect(recordChange(before, { ...before, available_qty: 9 }, 10).value_units).toBe(0n);
    expect(recordChange({ ...before, ad_id: "MLB1" }, { ...before, ad_id: "MLB1", available_qty: 9 }, null).value_units).toBe(0n);
  });
});

describe("newestUpdate", () => {
  it("is the newest record's time as a UTC instant, wall clock read in the business zone and offsets as written", () => {
    // Prepare: a sync's wall clock (São Paulo, UTC−3) and a notification's instant, in no order
    const records = [
      { updated_at: "2026-11-27T08:10:00" },
      { updated_at: "2026-11-27T11:05:00.000Z" },
      { updated_at: null },
      { updated_at: "2026-11-27 08:20:00" },
      { updated_at: "2026-11-27T10:00:00+00:00" },
    ];

    // Act / Assess: 08:20 in São Paulo is 11:20 UTC, newer than the 11:05 notification
    expect(newestUpdate(records, ZONE)).toBe("2026-11-27T11:20:00.000Z");
    expect(newestUpdate(records.slice(0, 3), ZONE)).toBe("2026-11-27T11:10:00.000Z");
    expect(newestUpdate([{ updated_at: "2026-11-27T14:00:00.000Z" }, ...records], ZONE)).toBe("2026-11-27T14:00:00.000Z");
  });

  it("is null when no record says when it was updated", () => {
    expect(newestUpdate([{ updated_at: null }, { updated_at: "" }], ZONE)).toBeNull();
    expect(newestUpdate([], ZONE)).toBeNull();
  });
});
