import { describe, expect, it } from "vitest";
import { toCsv } from "./csv.js";
import { RESTOCK_CSV_COLUMNS, restockShipmentRows, statusCounts, type RestockLine } from "./restock-view.js";

function line(overrides: Partial<RestockLine>): RestockLine {
  return {
    sku: "SKU",
    ad_id: "MLB1",
    title: "Produto",
    sales_30d: 30,
    stockout_days: 0,
    velocity_raw: 1,
    velocity: 1,
    full_available: 10,
    full_in_transit: 0,
    coverage_days: 10,
    stockout_date: "2026-12-03",
    lead_time_days: 15,
    safety_units: 5,
    ship_by: "2026-11-23",
    quantity_needed: 35,
    case_pack: null,
    local_available: 40,
    quantity: 35,
    sources: [],
    status: "ship_now",
    snooze_until: null,
    reasons: [],
    reason_details: [],
    ...overrides,
  };
}

describe("statusCounts", () => {
  it("counts every status, zero for the ones absent", () => {
    expect(statusCounts([line({ status: "ship_now" }), line({ status: "ok" }), line({ status: "ship_now" })])).toEqual({
      ship_now: 2,
      due: 0,
      ok: 1,
      no_local_stock: 0,
      snoozed: 0,
    });
  });
});

describe("restockShipmentRows", () => {
  it("gives each source warehouse its row, and a line with no source one row of 0 units", () => {
    const plan = [
      line({ sku: "A", sources: [{ warehouse: "CD1", units: 24 }, { warehouse: "CD2", units: 12 }] }),
      line({ sku: "B", sources: [], quantity: 0, status: "no_local_stock" }),
    ];
    expect(restockShipmentRows(plan).map((row) => [row.line.sku, row.source.warehouse, row.source.units])).toEqual([
      ["A", "CD1", 24],
      ["A", "CD2", 12],
      ["B", null, 0],
    ]);
  });
});

describe("RESTOCK_CSV_COLUMNS", () => {
  it("writes the API's shipment columns, the line repeated per warehouse, reasons joined", () => {
    const plan = [
      line({
        sku: "A",
        title: "Mangueira 20 m",
        velocity: 1.25,
        case_pack: 12,
        sources: [{ warehouse: "CD1", units: 24 }, { warehouse: "CD2", units: 12 }],
        reasons: ["unused: the console writes the reasons from their codes"],
        reason_details: [
          { code: "velocity_steady", params: { velocity: 1.25, sales_30d: 37 }, text: "Sells 1.25/day (37 in 30 days)" },
          { code: "case_pack_rounding", params: { needed: 30, rounded: 36, case_pack: 12 }, text: "30 units rounded up to 36 (case pack of 12)" },
        ],
      }),
      line({ sku: "B", sources: [], quantity: 0, status: "no_local_stock" }),
    ];
    const csv = toCsv(RESTOCK_CSV_COLUMNS, restockShipmentRows(plan)).replace(/^\uFEFF/, "").split("\r\n");
    expect(csv[0]).toBe(
      "sku;title;warehouse;units;status;ship_by;quantity;stockout_date;coverage_days;velocity;velocity_raw;stockout_days;" +
        "full_available;full_in_transit;lead_time_days;safety_units;case_pack;local_available;reasons",
    );
    expect(csv[1]).toBe("A;Mangueira 20 m;CD1;24;ship_now;2026-11-23;35;2026-12-03;10;1,25;1;0;10;0;15;5;12;40;Vende 1,25/dia (37 em 30 dias) | 30 unidades arredondadas para 36 (caixa com 12)");
    expect(csv[2]!.split(";").slice(0, 4)).toEqual(["A", "Mangueira 20 m", "CD2", "12"]);
    expect(csv[3]).toBe("B;Produto;;0;no_local_stock;2026-11-23;0;2026-12-03;10;1;1;0;10;0;15;5;;40;");
  });
});
