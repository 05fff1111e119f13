import { describe, expect, it } from "vitest";
import type { Ad, InventoryRecord, LocalStockRow } from "../records.js";
import { addDays } from "../time.js";
import { computeRestockPlan, localizePlan, quantityNeeded, shipDates, type RestockPlanInput } from "./plan.js";
import type { SkuPlanning } from "./planning.js";
import { fullAd } from "../test-records.js";

const TODAY = "2026-11-21";
const NO_SAFETY = { leadTimeDays: 5, safetyMethod: "nenhum", safetyMultiplier: 1.5 } as const;

const ad = (id: string, sku: string, sales: number): Ad => fullAd(id, sku, sales);
const stock = (sku: string, available: number, inTransit = 0): Pick<InventoryRecord, "inventory_id" | "sku" | "available_qty" | "in_transit_qty"> => ({
  inventory_id: `INV-${sku}-${available}-${inTransit}`,
  sku,
  available_qty: available,
  in_transit_qty: inTransit,
});
const planning = (sku: string, fields: Partial<SkuPlanning>): SkuPlanning => ({ sku, case_pack: null, lead_time_days: null, snooze_until: null, ...fields });

function plan(input: Partial<RestockPlanInput> & Pick<RestockPlanInput, "candidates">) {
  return computeRestockPlan({
    today: TODAY,
    targetDays: 30,
    horizonDays: 14,
    policy: NO_SAFETY,
    inventory: [],
    dailyRows: [],
    localStock: [],
    planning: [],
    ...input,
  });
}

describe("ship-by dates", () => {
  it("runs out on today + whole days of coverage and ships a lead time earlier", () => {
    expect(shipDates(TODAY, 8, 5)).toEqual({ stockoutDate: "2026-11-29", shipBy: "2026-11-24" });
    expect(shipDates(TODAY, 8.9, 5)).toEqual({ stockoutDate: "2026-11-29", shipBy: "2026-11-24" });
  });

  it("never puts ship_by before today", () => {
    expect(shipDates(TODAY, 3, 20)).toEqual({ stockoutDate: "2026-11-24", shipBy: TODAY });
    expect(shipDates(TODAY, 0, 0)).toEqual({ stockoutDate: TODAY, shipBy: TODAY });
  });

  it("caps a stockout date that is years away", () => {
    expect(shipDates(TODAY, 1e9, 0).stockoutDate).toBe(addDays(TODAY, 3650));
  });
});

describe("quantity needed", () => {
  it("brings the stock left at arrival up to target days of sales plus safety", () => {
    // 2/day, 16 on hand, 5 days lead: 6 left at arrival; 2 × 30 + 5 − 6 = 59.
    expect(quantityNeeded(2, 16, 5, 30, 5)).toBe(59);
  });

  it("does not count stock that runs out before arrival, and never goes negative", () => {
    expect(quantityNeeded(2, 4, 5, 30, 0)).toBe(60); // empty on arrival
    expect(quantityNeeded(1, 500, 5, 30, 0)).toBe(0);
  });
});

describe("restock plan", () => {
  it("works the documented example: due, rounded to the case pack, drawn from the larger warehouse first", () => {
    // Prepare: 60 sold in 30 days = 2/day; 10 available + 6 in transit.
    const local: LocalStockRow[] = [
      { sku: "A", warehouse: "Small", available: 25 },
      { sku: "A", warehouse: "Large", available: 40 },
    ];

    // Act
    const body = plan({
      candidates: [ad("MLB1", "A", 60)],
      inventory: [stock("A", 10, 6)],
      localStock: local,
      policy: { leadTimeDays: 5, safetyMethod: "fixo", safetyMultiplier: 5 },
      planning: [planning("A", { case_pack: 12 })],
    });

    // Assess
    expect(body).toMatchObject({ success: true, today: TODAY, target_days: 30, horizon_days: 14 });
    expect(body.items).toHaveLength(1);
    expect(body.items[0]).toMatchObject({
      sku: "A",
      ad_id: "MLB1",
      title: "Title A",
      sales_30d: 60,
      stockout_days: 0,
      velocity_raw: 2,
      velocity: 2,
      full_available: 10,
      full_in_transit: 6,
      coverage_days: 8,
      stockout_date: "2026-11-29",
      lead_time_days: 5,
      safety_units: 5,
      ship_by: "2026-11-24",
      quantity_needed: 59,
      case_pack: 12,
      local_available: 65,
      quantity: 60,
      sources: [
        { warehouse: "Large", units: 40 },
        { warehouse: "Small", units: 20 },
      ],
      status: "due",
      snooze_until: null,
    });
    expect(body.items[0]!.reason_details).toContainEqual({ code: "case_pack_rounding", params: { needed: 59, rounded: 60, case_pack: 12 }, text: "59 unidades arredondadas para 60 (caixa com 12)" });
    expect(body.items[0]!.reasons).toEqual(body.items[0]!.reason_details.map((detail) => detail.text));
  });

  it("uses the stockout-adjusted velocity for coverage and quantity", () => {
    // Prepare: 30 sold, out of stock on the last 10 days → 1.5/day over 20 in-stock days.
    const dailyRows = Array.from({ length: 10 }, (_, back) => ({ inventory_id: "I", day: addDays(TODAY, -back), available_qty: 0 }));

    // Act
    const body = plan({ candidates: [ad("MLB1", "A", 30)], inventory: [{ inventory_id: "I", sku: "A", available_qty: 0, in_transit_qty: 0 }], dailyRows });
    const [line] = body.items;

    // Assess: 1.5 × 30 = 45 needed, empty now → ship now.
    expect(line).toMatchObject({ stockout_days: 10, velocity_raw: 1, velocity: 1.5, coverage_days: 0, stockout_date: TODAY, ship_by: TODAY, quantity_needed: 45 });
    expect(line!.status).toBe("no_local_stock");
    expect(line!.reason_details[0]).toMatchObject({
      code: "velocity_stock_adjusted",
      params: { velocity: 1.5, in_stock_days: 20, counted_days: null, velocity_raw: 1, stockout_days: 10 },
    });
    expect(line!.reasons[0]).toBe("Vende 1,5/dia em 20 dias com estoque (1/dia em 30; 10 dias sem estoque desconsiderados)");
    expect(localizePlan(body, "en").items[0]!.reasons[0]).toBe(
      "Sells 1.5/day over 20 in-stock days (1/day over 30; 10 stockout days left out)",
    );
  });

  it("gives each status: ship_now, due, ok, no_local_stock and snoozed", () => {
    // Prepare: 1/day each; lead time 5, horizon 14.
    const skus = { NOW: 3, DUE: 12, LATER: 40, EMPTY: 2, SLEEP: 1, PLENTY: 200 };
    const candidates = Object.entries(skus).map(([sku]) => ad(`MLB-${sku}`, sku, 30));
    const inventory = Object.entries(skus).map(([sku, available]) => stock(sku, available));
    const localStock = Object.keys(skus)
      .filter((sku) => sku !== "EMPTY")
      .map((sku) => ({ sku, warehouse: "CD", available: 100 }));

    // Act
    const body = plan({
      candidates,
      inventory,
      localStock,
      planning: [planning("SLEEP", { snooze_until: "2026-11-30" }), planning("LATER", { snooze_until: "2026-11-20" })],
    });

    // Assess: sorted by ship_by, then coverage.
    const statuses = body.items.map((line) => [line.sku, line.ship_by, line.status]);
    expect(statuses).toEqual([
      ["SLEEP", TODAY, "snoozed"],
      ["EMPTY", TODAY, "no_local_stock"],
      ["NOW", TODAY, "ship_now"],
      ["DUE", "2026-11-28", "due"],
      ["LATER", "2026-12-26", "ok"],
      ["PLENTY", "2027-06-04", "ok"],
    ]);
    const bySku = new Map(body.items.map((line) => [line.sku, line]));
    expect(bySku.get("SLEEP")!.reasons).toContain("Adiado até 30/11/2026");
    expect(bySku.get("EMPTY")).toMatchObject({ quantity: 0, sources: [], local_available: 0 });
    expect(bySku.get("EMPTY")!.reason_details.map((detail) => detail.code)).toContain("no_local_stock_to_send");
    expect(bySku.get("PLENTY")).toMatchObject({ quantity_needed: 0, quantity: 0 });
    expect(bySku.get("NOW")!.reason_details).toContainEqual({
      code: "ship_now",
      params: { stockout_date: "2026-11-24", lead_time_days: 5 },
      text: "Enviar agora: o Full acaba em 24/11/2026, dentro do prazo de 5 dias",
    });
  });

  it("puts a line whose ship_by is exactly at the horizon in due, one day later in ok", () => {
    // 1/day, lead 5: coverage 19 → ship_by today + 14; coverage 20 → today + 15.
    const body = plan({
      candidates: [ad("M1", "EDGE", 30), ad("M2", "PAST", 30)],
      inventory: [stock("EDGE", 19), stock("PAST", 20)],
      localStock: [
        { sku: "EDGE", available: 50 },
        { sku: "PAST", available: 50 },
      ],
    });

    expect(body.items.map((line) => [line.sku, line.ship_by, line.status])).toEqual([
      ["EDGE", "2026-12-05", "due"],
      ["PAST", "2026-12-06", "ok"],
    ]);
  });

  it("takes the SKU's lead-time override over the setting", () => {
    const [line] = plan({
      candidates: [ad("M1", "A", 30)],
      inventory: [stock("A", 30)],
      planning: [planning("A", { lead_time_days: 12 })],
    }).items;

    expect(line).toMatchObject({ lead_time_days: 12, stockout_date: "2026-12-21", ship_by: "2026-12-09" });
  });

  it("caps the quantity by local stock, unnamed warehouse last among equals", () => {
    const [line] = plan({
      candidates: [ad("M1", "A", 30)],
      inventory: [stock("A", 0)],
      localStock: [
        { sku: "A", available: 5 },
        { sku: "A", warehouse: "B", available: 5 },
        { sku: "A", warehouse: "C", available: -3 },
      ],
    }).items;

    expect(line).toMatchObject({ quantity_needed: 30, quantity: 10, local_available: 10, status: "ship_now" });
    expect(line!.sources).toEqual([
      { warehouse: "B", units: 5 },
      { warehouse: null, units: 5 },
    ]);
    expect(line!.reason_details).toContainEqual(expect.objectContaining({ code: "capped_by_local_stock", params: { quantity: 10, rounded: 30 } }));
  });

  it("plans only SKUs of Full ads with sales", () => {
    const body = plan({
      candidates: [ad("M1", "SOLD", 3), ad("M2", "IDLE", 0), { ...ad("M3", "OFF", 90), is_full: false }],
      inventory: [stock("SOLD", 1), stock("IDLE", 1), stock("OFF", 1)],
    });

    expect(body.items.map((line) => line.sku)).toEqual(["SOLD"]);
  });
});
