import { beforeAll, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { handler } from "./replenishment.js";

const db = useTestTable("replenishment");

const replenishment = (query?: Record<string, string>) => invoke(handler, { path: "/full/replenishment", query });
const skus = (body: { items: { sku: string }[] }) => body.items.map((item) => item.sku);

const ITEM_FIELDS = [
  "ad_id",
  "sku",
  "title",
  "full_available",
  "local_available",
  "local_warehouses",
  "local_without_warehouse",
  "sales_30d",
  "daily_sales_estimate",
  "coverage_days",
  "target_full_quantity",
  "quantity_needed",
  "quantity_suggested",
  "status",
  "sources",
];

/**
 * SKU    Full ads (sales_30d)     full units    local units            coverage
 * ALPHA  A1 20 + A2 10 = 30       5 + null + 3  WH1 10, "" 5, WH2 20   8.0
 * BETA   B1 60                    10            none                   5.0
 * GAMMA  G1 7                     3             WH1 2                  12.9
 * HOTEL  H1 45                    null          (no warehouse) 100     0.0
 * ECHO   E1 30                    14            WH1 50                 14.0 (at the default trigger)
 * ZERO   Z1 0, Z2 null            0             WH1 9                  skipped: no sales
 * XRAY   X1 not Full, 100         1             WH1 9                  not a candidate
 * (none) N1 Full without SKU, 900  an inventory without SKU            ignored
 */
const dataset = {
  ads: [
    ad({ id: "A1", title: "Alpha first", sku: "ALPHA", sales_30d: 20 }),
    ad({ id: "A2", title: "Alpha second", sku: "ALPHA", sales_30d: 10 }),
    ad({ id: "A9", title: "Alpha not Full", sku: "ALPHA", is_full: false, sales_30d: 1000 }),
    ad({ id: "B1", title: "Beta", sku: "BETA", sales_30d: 60 }),
    ad({ id: "G1", title: "Gamma", sku: "GAMMA", sales_30d: 7 }),
    ad({ id: "H1", title: null, sku: "HOTEL", sales_30d: 45 }),
    ad({ id: "E1", title: "Echo", sku: "ECHO", sales_30d: 30 }),
    ad({ id: "Z1", title: "Zero", sku: "ZERO", sales_30d: 0 }),
    ad({ id: "Z2", title: "Zero null", sku: "ZERO", sales_30d: null }),
    ad({ id: "X1", title: "Xray", sku: "XRAY", is_full: false, sales_30d: 100 }),
    ad({ id: "N1", title: "No SKU", sku: null, sales_30d: 900 }),
  ],
  inventory: [
    inventory({ inventory_id: "ALPHA-1", ad_id: "A1", sku: "ALPHA", available_qty: 5 }),
    inventory({ inventory_id: "ALPHA-2", ad_id: "A2", sku: "ALPHA", available_qty: null, in_transit_qty: 40 }),
    inventory({ inventory_id: "ALPHA-3", ad_id: "A1", sku: "ALPHA", available_qty: 3 }),
    inventory({ inventory_id: "BETA-1", ad_id: "B1", sku: "BETA", available_qty: 10 }),
    inventory({ inventory_id: "GAMMA-1", ad_id: "G1", sku: "GAMMA", available_qty: 3 }),
    inventory({ inventory_id: "HOTEL-1", ad_id: "H1", sku: "HOTEL", available_qty: null }),
    inventory({ inventory_id: "ECHO-1", ad_id: "E1", sku: "ECHO", available_qty: 14 }),
    inventory({ inventory_id: "XRAY-1", ad_id: "X1", sku: "XRAY", available_qty: 1 }),
    inventory({ inventory_id: "NOSKU-1", ad_id: "N1", sku: null, available_qty: 0 }),
  ],
  local_stock: [
    { sku: "ALPHA", available: 10, warehouse: "WH1" },
    { sku: "ALPHA", available: 5 },
    { sku: "ALPHA", available: 20, warehouse: "WH2" },
    { sku: "GAMMA", available: 2, warehouse: "WH1" },
    { sku: "HOTEL", available: 100 },
    { sku: "ECHO", available: 50, warehouse: "WH1" },
    { sku: "ZERO", available: 9, warehouse: "WH1" },
    { sku: "XRAY", available: 9, warehouse: "WH1" },
  ],
};

describe("GET /full/replenishment", () => {
  beforeAll(async () => {
    await load(db.ref, dataset);
  });

  it("suggests per SKU with the default 30/14, lowest coverage first", async () => {
    const response = await replenishment();

    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.body)).toEqual(["target_days", "trigger_days", "count", "items", "mode"]);
    expect(response.body).toMatchObject({ target_days: 30, trigger_days: 14, count: 4, mode: "suggestion_only" });
    expect(skus(response.body)).toEqual(["HOTEL", "BETA", "ALPHA", "GAMMA"]);
    for (const item of response.body.items) expect(Object.keys(item)).toEqual(ITEM_FIELDS);

    const [hotel, beta, alpha, gamma] = response.body.items;
    expect(alpha).toMatchObject({
      ad_id: "A1",
      sku: "ALPHA",
      title: "Alpha first",
      full_available: 8,
      local_available: 35,
      local_warehouses: [
        { warehouse: "WH1", available: 10 },
        { warehouse: "WH2", available: 20 },
      ],
      sales_30d: 30,
      daily_sales_estimate: 1,
      coverage_days: 8,
      target_full_quantity: 30,
      quantity_needed: 22,
      quantity_suggested: 22,
      status: "ready",
    });
    expect(beta).toMatchObject({
      ad_id: "B1",
      title: "Beta",
      full_available: 10,
      local_available: 0,
      local_warehouses: [],
      sales_30d: 60,
      daily_sales_estimate: 2,
      coverage_days: 5,
      target_full_quantity: 60,
      quantity_needed: 50,
      quantity_suggested: 0,
      status: "no_local_stock",
    });
    // 7 / 30 = 0.2333…; 3 / 0.2333… = 12.857… → 12.9; ceil(0.2333… × 30) = 7; capped by 2 local units.
    expect(gamma).toMatchObject({
      ad_id: "G1",
      full_available: 3,
      local_available: 2,
      local_warehouses: [{ warehouse: "WH1", available: 2 }],
      sales_30d: 7,
      daily_sales_estimate: 0.23,
      coverage_days: 12.9,
      target_full_quantity: 7,
      quantity_needed: 4,
      quantity_suggested: 2,
      status: "ready",
    });
    expect(hotel).toMatchObject({
      ad_id: "H1",
      title: null,
      full_available: 0,
      local_available: 100,
      local_warehouses: [],
      sales_30d: 45,
      daily_sales_estimate: 1.5,
      coverage_days: 0,
      target_full_quantity: 45,
      quantity_needed: 45,
      quantity_suggested: 45,
      status: "ready",
    });
  });

  it("gives every item the same sources object with three descriptive texts", async () => {
    const response = await replenishment();

    const [first, ...rest] = response.body.items;
    expect(Object.keys(first.sources).sort()).toEqual(["full_available", "local_available", "velocity"]);
    for (const text of Object.values(first.sources)) {
      expect(typeof text).toBe("string");
      expect((text as string).length).toBeGreaterThan(0);
    }
    for (const item of rest) expect(item.sources).toEqual(first.sources);
  });

  it("skips a SKU whose coverage reaches the trigger, and includes it when the trigger is higher", async () => {
    const atDefault = await replenishment();
    const higher = await replenishment({ trigger_days: "15" });

    expect(skus(atDefault.body)).not.toContain("ECHO");
    expect(higher.body.trigger_days).toBe(15);
    expect(skus(higher.body)).toEqual(["HOTEL", "BETA", "ALPHA", "GAMMA", "ECHO"]);
    expect(higher.body.items[4]).toMatchObject({
      coverage_days: 14,
      target_full_quantity: 30,
      quantity_needed: 16,
      quantity_suggested: 16,
      local_warehouses: [{ warehouse: "WH1", available: 50 }],
    });
  });

  it("uses target_days for the target quantity and trigger_days for the selection", async () => {
    const response = await replenishment({ target_days: "60", trigger_days: "6" });

    expect(response.body).toMatchObject({ target_days: 60, trigger_days: 6, count: 2 });
    expect(response.body.items).toMatchObject([
      { sku: "HOTEL", target_full_quantity: 90, quantity_needed: 90, quantity_suggested: 90, status: "ready" },
      { sku: "BETA", target_full_quantity: 120, quantity_needed: 110, quantity_suggested: 0, status: "no_local_stock" },
    ]);
  });

  it.each([
    [{ target_days: "5" }, 7, 7],
    [{ target_days: "100" }, 90, 14],
    [{ target_days: "90", trigger_days: "200" }, 90, 90],
    [{ target_days: "20", trigger_days: "25" }, 20, 20],
    [{ trigger_days: "0" }, 30, 1],
    [{ trigger_days: "-3" }, 30, 1],
    [{ target_days: "-40" }, 7, 7],
    [{ target_days: "abc", trigger_days: "xyz" }, 30, 14],
    [{ target_days: "1.5", trigger_days: "2.5" }, 30, 14],
    [{ target_days: "", trigger_days: "" }, 30, 14],
    [{ target_days: "45", trigger_days: "10" }, 45, 10],
  ])("clamps or defaults %j to target %i and trigger %i", async (query, target, trigger) => {
    const response = await replenishment(query);

    expect(response.statusCode).toBe(200);
    expect(response.body.target_days).toBe(target);
    expect(response.body.trigger_days).toBe(trigger);
    expect(response.body.count).toBe(response.body.items.length);
  });

  it("applies the clamped values to the computation", async () => {
    // target 7, trigger 7: only HOTEL (0.0) and BETA (5.0) are under 7 days.
    const response = await replenishment({ target_days: "5" });

    expect(response.body.items).toMatchObject([
      { sku: "HOTEL", target_full_quantity: 11, quantity_needed: 11, quantity_suggested: 11 },
      { sku: "BETA", target_full_quantity: 14, quantity_needed: 4, quantity_suggested: 0 },
    ]);
  });

  it("trigger_days 0 becomes 1: only a SKU without coverage stays", async () => {
    // HOTEL has 0 days of coverage, below 1: it is the only one left.
    const response = await replenishment({ trigger_days: "0" });

    expect(response.body).toMatchObject({ trigger_days: 1, count: 1, mode: "suggestion_only" });
    expect(skus(response.body)).toEqual(["HOTEL"]);
  });
});
