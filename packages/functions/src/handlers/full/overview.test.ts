import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { handler } from "./overview.js";

const db = useTestTable("overview", "test");

const overview = () => invoke(handler, { path: "/full/overview" });

describe("GET /full/overview", () => {
  it("answers has_data false with a message and empty objects when there is no inventory", async () => {
    // Prepare: records of other kinds do not count as inventory.
    await load(db.ref, { ads: [ad({ id: "MLB1", cost: 10 })], local_stock: [{ sku: "A", available: 3 }] });

    // Act
    const response = await overview();

    // Assess
    expect(response.statusCode).toBe(200);
    const message = "Ainda não há dados de estoque Full. Rode a sincronização (POST /full/sync) para carregá-los.";
    expect(response.body).toEqual({ has_data: false, message, message_detail: { code: "overview_no_data", params: {}, text: message }, summary: {}, alerts: {}, warnings: expect.any(Array) });
    expect(response.body.message).toMatch(/sync/i);
    // Local stock is there; no tariff is: the overview says what is missing and where to add it.
    expect(response.body.warnings).toEqual([{ code: "no_active_tariffs", params: {}, text: expect.stringMatching(/Nenhuma tarifa.*Tarifas/) }]);
    expect(response.headers.vary).toMatch(/Accept-Language/);
  });

  it("sums units with nulls as 0 and counts distinct non-null ad ids", async () => {
    await load(db.ref, {
      inventory: [
        inventory({ inventory_id: "I1", ad_id: "MLB1", available_qty: 5, in_transit_qty: 2, not_available_qty: 1 }),
        inventory({ inventory_id: "I2", ad_id: "MLB1", available_qty: null, in_transit_qty: 4, not_available_qty: null }),
        inventory({ inventory_id: "I3", ad_id: "MLB2", available_qty: 7, in_transit_qty: null, not_available_qty: 3 }),
        inventory({ inventory_id: "I4", ad_id: null, available_qty: 11, in_transit_qty: 1, not_available_qty: 0 }),
        inventory({ inventory_id: "I5", ad_id: null, available_qty: 0, in_transit_qty: 0, not_available_qty: 2 }),
      ],
    });

    const response = await overview();

    expect(response.statusCode).toBe(200);
    expect(response.body.has_data).toBe(true);
    expect(response.body).not.toHaveProperty("message");
    expect(response.body.summary).toEqual({
      products_count: 2,
      inventories_count: 5,
      units_available: 23,
      units_in_transit: 7,
      units_not_available: 6,
      immobilized_value: 0,
    });
  });

  it("values only records whose ad has a non-zero cost, rounded to 2 decimals", async () => {
    await load(db.ref, {
      ads: [
        ad({ id: "PRICED", cost: 1.234 }),
        ad({ id: "CENTS", cost: 0.1 }),
        ad({ id: "CENTS2", cost: 0.2 }),
        ad({ id: "FREE", cost: 0 }),
        ad({ id: "UNPRICED", cost: null }),
      ],
      inventory: [
        // 7 × 1.234 = 8.638
        inventory({ inventory_id: "I1", ad_id: "PRICED", available_qty: 7, in_transit_qty: 100 }),
        // null available adds nothing
        inventory({ inventory_id: "I2", ad_id: "PRICED", available_qty: null, not_available_qty: 50 }),
        // 0.1 + 0.2 in binary would be 0.30000000000000004
        inventory({ inventory_id: "I3", ad_id: "CENTS", available_qty: 1 }),
        inventory({ inventory_id: "I4", ad_id: "CENTS2", available_qty: 1 }),
        inventory({ inventory_id: "I5", ad_id: "FREE", available_qty: 1000 }),
        inventory({ inventory_id: "I6", ad_id: "UNPRICED", available_qty: 1000 }),
        // an ad id without an ad record, and no ad at all
        inventory({ inventory_id: "I7", ad_id: "MISSING", available_qty: 1000 }),
        inventory({ inventory_id: "I8", ad_id: null, available_qty: 1000 }),
      ],
    });

    const response = await overview();

    // 8.638 + 0.3 = 8.938 → 8.94
    expect(response.body.summary.immobilized_value).toBe(8.94);
    expect(response.body.summary.products_count).toBe(6);
    expect(response.body.summary.units_available).toBe(4009);
  });

  it("keeps a sum of many small values free of binary drift", async () => {
    // 30 records of 1 × 19.99 = 599.70 exactly.
    const records = Array.from({ length: 30 }, (_, i) => inventory({ inventory_id: `I${i}`, ad_id: "MLB1", available_qty: 1 }));
    await load(db.ref, { ads: [ad({ id: "MLB1", cost: 19.99 })], inventory: records });

    const response = await overview();

    expect(response.body.summary.immobilized_value).toBe(599.7);
    expect(response.body.summary.products_count).toBe(1);
  });

  it("counts alerts at their boundaries", async () => {
    await load(db.ref, {
      inventory: [
        // coverage: only 13.9 is low (< 14); all have coverage ≤ 180, so none is stranded
        inventory({ inventory_id: "C1", available_qty: 1, days_of_stock: 13.9 }),
        inventory({ inventory_id: "C2", available_qty: 1, days_of_stock: 14 }),
        inventory({ inventory_id: "C3", available_qty: 1, days_of_stock: 14.1 }),
        // age: only 91 is aged (> 90); available 0 keeps them from being stranded
        inventory({ inventory_id: "A1", available_qty: 0, oldest_stock_days: 90 }),
        inventory({ inventory_id: "A2", available_qty: 0, oldest_stock_days: 91 }),
        // stranded: available > 0 and (coverage unknown or > 180)
        inventory({ inventory_id: "S1", available_qty: 1, days_of_stock: 180 }),
        inventory({ inventory_id: "S2", available_qty: 1, days_of_stock: 181 }),
        inventory({ inventory_id: "S3", available_qty: 2, days_of_stock: null }),
        inventory({ inventory_id: "S4", available_qty: 0, days_of_stock: null }),
        inventory({ inventory_id: "S5", available_qty: null, days_of_stock: null }),
        inventory({ inventory_id: "S6", available_qty: 0, days_of_stock: 500 }),
      ],
    });

    const response = await overview();

    expect(response.body.alerts).toEqual({ low_coverage: 1, aged_stock: 1, stranded: 2 });
    expect(response.body.summary.inventories_count).toBe(11);
    expect(response.body.summary.products_count).toBe(0);
  });

  it("counts one record in several alerts when it matches several rules", async () => {
    await load(db.ref, {
      inventory: [
        inventory({ inventory_id: "I1", available_qty: 3, days_of_stock: 2, oldest_stock_days: 200 }),
        inventory({ inventory_id: "I2", available_qty: 3, days_of_stock: null, oldest_stock_days: 120 }),
      ],
    });

    const response = await overview();

    expect(response.body.alerts).toEqual({ low_coverage: 1, aged_stock: 2, stranded: 1 });
  });
});
