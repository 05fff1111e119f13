import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { putMetrics } from "#storage/metrics";
import type { SkuMetric } from "@fulfillment/core";
import { handler } from "./inventory-list.js";

const db = useTestTable("inventory-list", "test");

const list = (query?: Record<string, string>) => invoke(handler, { path: "/full/inventory", query });
const ids = (body: { items: { inventory_id: string }[] }) => body.items.map((item) => item.inventory_id);

const ITEM_FIELDS = [
  "inventory_id",
  "ad_id",
  "sku",
  "variation_id",
  "title",
  "thumbnail",
  "permalink",
  "available_qty",
  "in_transit_qty",
  "not_available_qty",
  "total_qty",
  "days_of_stock",
  "oldest_stock_days",
  "storage_cost_unit",
  "storage_risk_unit",
  "is_aged",
  "is_low_coverage",
  "updated_at",
];

describe("GET /full/inventory", () => {
  it("answers has_data false and count 0 when there is no inventory", async () => {
    const response = await list();

    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({ has_data: false, count: 0, items: [] });
  });

  it("outputs every field of an item, in order, from the record, its ad and its SKU metric", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB1", title: "Cloro 10kg", thumbnail: "https://img/1.jpg", permalink: "https://ml/MLB1", cost: 50, sku: "CLORO" })],
      inventory: [
        inventory({
          inventory_id: "INV1",
          ad_id: "MLB1",
          sku: "CLORO",
          variation_id: 17,
          available_qty: 5,
          in_transit_qty: 2,
          not_available_qty: 1,
          total_qty: 8,
          days_of_stock: 12.5,
          oldest_stock_days: 95,
          updated_at: "2026-11-20T10:00:00Z",
        }),
      ],
      metrics: [{ sku: "CLORO", storage_cost: 0.42, storage_risk_cost: 1.5 }],
    });

    const response = await list();

    expect(response.statusCode).toBe(200);
    expect(response.body.has_data).toBe(true);
    expect(response.body.count).toBe(1);
    const [item] = response.body.items;
    expect(Object.keys(item)).toEqual(ITEM_FIELDS);
    expect(item).toEqual({
      inventory_id: "INV1",
      ad_id: "MLB1",
      sku: "CLORO",
      variation_id: 17,
      title: "Cloro 10kg",
      thumbnail: "https://img/1.jpg",
      permalink: "https://ml/MLB1",
      available_qty: 5,
      in_transit_qty: 2,
      not_available_qty: 1,
      total_qty: 8,
      days_of_stock: 12.5,
      oldest_stock_days: 95,
      storage_cost_unit: 0.42,
      storage_risk_unit: 1.5,
      is_aged: true,
      is_low_coverage: true,
      updated_at: "2026-11-20T10:00:00Z",
    });
  });

  it("gives null ad fields without an ad and null unit costs when the metric is missing, zero or empty", async () => {
    await load(db.ref, {
      ads: [ad({ id: "MLB2", title: "Boia", thumbnail: null, permalink: "https://ml/MLB2" })],
      inventory: [
        inventory({ inventory_id: "NOAD", ad_id: null, sku: "NOMETRIC", variation_id: "V-1", available_qty: null, days_of_stock: 1 }),
        inventory({ inventory_id: "MISSINGAD", ad_id: "GONE", sku: "ZERO", days_of_stock: 2 }),
        inventory({ inventory_id: "PARTIAL", ad_id: "MLB2", sku: "HALF", days_of_stock: 3 }),
        inventory({ inventory_id: "NOSKU", ad_id: "MLB2", sku: null, days_of_stock: 4 }),
        inventory({ inventory_id: "BLANK", sku: "BLANK", days_of_stock: 5 }),
      ],
      metrics: [
        { sku: "ZERO", storage_cost: 0, storage_risk_cost: 0 },
        { sku: "HALF", storage_cost: null, storage_risk_cost: 2.25 },
      ],
    });
    // An empty text value, as an older writer may have left it.
    await putMetrics(db.ref, [{ sku: "BLANK", storage_cost: "", storage_risk_cost: "" } as unknown as SkuMetric]);

    const response = await list();

    const byId = Object.fromEntries(response.body.items.map((item: { inventory_id: string }) => [item.inventory_id, item]));
    expect(byId.NOAD).toMatchObject({
      ad_id: null,
      variation_id: "V-1",
      title: null,
      thumbnail: null,
      permalink: null,
      available_qty: null,
      total_qty: 0,
      storage_cost_unit: null,
      storage_risk_unit: null,
    });
    expect(byId.MISSINGAD).toMatchObject({ ad_id: "GONE", title: null, thumbnail: null, permalink: null, storage_cost_unit: null, storage_risk_unit: null });
    expect(byId.PARTIAL).toMatchObject({ title: "Boia", thumbnail: null, permalink: "https://ml/MLB2", storage_cost_unit: null, storage_risk_unit: 2.25 });
    expect(byId.NOSKU).toMatchObject({ sku: null, title: "Boia", storage_cost_unit: null, storage_risk_unit: null });
    expect(byId.BLANK).toMatchObject({ storage_cost_unit: null, storage_risk_unit: null });
    for (const item of response.body.items) expect(Object.keys(item)).toEqual(ITEM_FIELDS);
  });

  it("passes updated_at through as stored, null when absent", async () => {
    await load(db.ref, {
      inventory: [
        inventory({ inventory_id: "Z", updated_at: "2026-11-20T10:00:00Z", days_of_stock: 1 }),
        inventory({ inventory_id: "OFFSET", updated_at: "2026-11-20T07:15:30.123-03:00", days_of_stock: 2 }),
        inventory({ inventory_id: "NONE", updated_at: null, days_of_stock: 3 }),
      ],
    });

    const response = await list();

    expect(response.body.items.map((item: { updated_at: string | null }) => item.updated_at)).toEqual([
      "2026-11-20T10:00:00Z",
      "2026-11-20T07:15:30.123-03:00",
      null,
    ]);
  });

  describe("ordering", () => {
    const records = [
      inventory({ inventory_id: "A", available_qty: 10, days_of_stock: 30, oldest_stock_days: 5 }),
      inventory({ inventory_id: "B", available_qty: 300, days_of_stock: null, oldest_stock_days: 200 }),
      inventory({ inventory_id: "C", available_qty: 1, days_of_stock: 0.5, oldest_stock_days: null }),
      inventory({ inventory_id: "D", available_qty: 50, days_of_stock: 365, oldest_stock_days: 91 }),
      inventory({ inventory_id: "E", available_qty: 7, days_of_stock: 13.9, oldest_stock_days: 0 }),
      inventory({ inventory_id: "F", available_qty: 20, days_of_stock: null, oldest_stock_days: null }),
    ];

    it("sorts by coverage ascending with unknown coverage last by default", async () => {
      await load(db.ref, { inventory: records });

      const response = await list();

      const order = ids(response.body);
      expect(order.slice(0, 4)).toEqual(["C", "E", "A", "D"]);
      expect(order.slice(4).sort()).toEqual(["B", "F"]);
    });

    it.each([["coverage"], ["unknown"], [""], ["AVAILABLE"]])("sort_by=%s sorts by coverage", async (sortBy) => {
      await load(db.ref, { inventory: records });

      const response = await list({ sort_by: sortBy });

      const order = ids(response.body);
      expect(order.slice(0, 4)).toEqual(["C", "E", "A", "D"]);
      expect(order.slice(4).sort()).toEqual(["B", "F"]);
    });

    it("sort_by=aged sorts by oldest stock descending with unknown age last", async () => {
      await load(db.ref, { inventory: records });

      const response = await list({ sort_by: "aged" });

      const order = ids(response.body);
      expect(order.slice(0, 4)).toEqual(["B", "D", "A", "E"]);
      expect(order.slice(4).sort()).toEqual(["C", "F"]);
    });

    it("sort_by=available sorts by available units descending", async () => {
      await load(db.ref, { inventory: records });

      const response = await list({ sort_by: "available" });

      expect(ids(response.body)).toEqual(["B", "D", "F", "A", "E", "C"]);
    });
  });

  describe("alerts filter", () => {
    const records = [
      inventory({ inventory_id: "LOW", days_of_stock: 13.9, oldest_stock_days: 10 }),
      inventory({ inventory_id: "EDGE", days_of_stock: 14, oldest_stock_days: 90 }),
      inventory({ inventory_id: "AGED", days_of_stock: 60, oldest_stock_days: 91 }),
      inventory({ inventory_id: "BOTH", days_of_stock: 1, oldest_stock_days: 300 }),
      inventory({ inventory_id: "UNKNOWN", days_of_stock: null, oldest_stock_days: null }),
    ];

    it("alerts=1 keeps only aged or low-coverage records, with their flags", async () => {
      await load(db.ref, { inventory: records });

      const response = await list({ alerts: "1" });

      expect(response.body.count).toBe(3);
      expect(response.body.has_data).toBe(true);
      expect(response.body.items.map((i: Record<string, unknown>) => [i.inventory_id, i.is_aged, i.is_low_coverage])).toEqual([
        ["BOTH", true, true],
        ["LOW", false, true],
        ["AGED", true, false],
      ]);
    });

    it.each([["true"], ["0"], ["11"], ["yes"], [""]])("alerts=%s does not filter", async (alerts) => {
      await load(db.ref, { inventory: records });

      const response = await list({ alerts });

      expect(response.body.count).toBe(5);
      expect(ids(response.body).sort()).toEqual(["AGED", "BOTH", "EDGE", "LOW", "UNKNOWN"]);
    });

    it("flags the boundaries: 14 days is not low coverage and 90 days is not aged", async () => {
      await load(db.ref, { inventory: records });

      const response = await list();

      const edge = response.body.items.find((i: { inventory_id: string }) => i.inventory_id === "EDGE");
      expect(edge).toMatchObject({ is_aged: false, is_low_coverage: false });
      const unknown = response.body.items.find((i: { inventory_id: string }) => i.inventory_id === "UNKNOWN");
      expect(unknown).toMatchObject({ is_aged: false, is_low_coverage: false });
    });

    it("answers has_data false when the filter leaves nothing", async () => {
      await load(db.ref, { inventory: [inventory({ inventory_id: "CALM", days_of_stock: 40, oldest_stock_days: 20 })] });

      const response = await list({ alerts: "1" });

      expect(response.body).toEqual({ has_data: false, count: 0, items: [] });
    });
  });
});
