import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { handler } from "./aged-stock.js";

const db = useTestTable("aged-stock");

const NOW = new Date("2026-11-21T15:00:00Z");
const TODAY = "2026-11-21";
const received = (daysAgo: number): string => {
  const date = new Date(`${TODAY}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - daysAgo);
  return date.toISOString().slice(0, 10);
};
const lots = (...pairs: [daysAgo: number, units: number][]) => pairs.map(([daysAgo, units]) => ({ day: received(daysAgo), units }));

const agedStock = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/aged-stock", query, headers });

// 200 mm cube = 8 L → tariff "large" (threshold 60, 0.1 × 2 = 0.2 per unit-day);
// 50 mm cube = 0.125 L → tariff "small" (threshold 90, 0.01 × 3 = 0.03 per unit-day).
const large = { length_mm: 200, width_mm: 200, height_mm: 200 };
const small = { length_mm: 50, width_mm: 50, height_mm: 50 };

/**
 * SKU     sales   lots (days ago: units)                 tariff
 * PROMO   30/30d  P-1: 70: 10, 55: 5;  P-2: 20: 5        large
 * STALE   0       S-1: 400: 2, 100: 3, unknown 1         small
 * FRESH   60/30d  F-1: 10: 20                            small
 * NOLOTS  0       N-1: 4 available, no lots kept yet     small
 * EMPTY   0       E-1: nothing available                 small
 */
const dataset = {
  ads: [
    ad({ id: "MLB-PROMO", title: "Promo", sku: "PROMO", sales_30d: 30, ...large }),
    ad({ id: "MLB-STALE", title: "Stale", sku: "STALE", sales_30d: 0, ...small }),
    ad({ id: "MLB-FRESH", title: "Fresh", sku: "FRESH", sales_30d: 60, ...small }),
    ad({ id: "MLB-NOLOTS", title: "No lots", sku: "NOLOTS", sales_30d: 0, ...small }),
    ad({ id: "MLB-EMPTY", title: "Empty", sku: "EMPTY", sales_30d: 0, ...small }),
  ],
  inventory: [
    inventory({ inventory_id: "P-1", ad_id: "MLB-PROMO", sku: "PROMO", available_qty: 15, fifo_lots: lots([70, 10], [55, 5]), unknown_age_units: 0 }),
    inventory({ inventory_id: "P-2", ad_id: "MLB-PROMO", sku: "PROMO", variation_id: 7, available_qty: 5, fifo_lots: lots([20, 5]), unknown_age_units: 0 }),
    inventory({ inventory_id: "S-1", ad_id: "MLB-STALE", sku: "STALE", available_qty: 6, fifo_lots: lots([400, 2], [100, 3]), unknown_age_units: 1 }),
    inventory({ inventory_id: "F-1", ad_id: "MLB-FRESH", sku: "FRESH", available_qty: 20, fifo_lots: lots([10, 20]), unknown_age_units: 0 }),
    inventory({ inventory_id: "N-1", ad_id: "MLB-NOLOTS", sku: "NOLOTS", available_qty: 4, oldest_stock_days: 300 }),
    inventory({ inventory_id: "E-1", ad_id: "MLB-EMPTY", sku: "EMPTY", available_qty: 0, fifo_lots: [], unknown_age_units: 0 }),
  ],
  tariffs: [
    { id: 1, name: "small", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.01, aged_days_threshold: 90, aged_daily_factor: 3 },
    { id: 2, name: "large", min_volume_l: 1, max_volume_l: null, daily_fee: 0.1, aged_days_threshold: 60, aged_daily_factor: 2 },
    { id: 3, name: "inactive", min_volume_l: 1, max_volume_l: null, daily_fee: 5, active: false },
  ],
};

const ZERO_BUCKETS = { "0-30": 0, "31-60": 0, "61-90": 0, "91-120": 0, "121-180": 0, "181-365": 0, over_365: 0 };

describe("GET /full/aged-stock", () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await load(db.ref, dataset);
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("answers every SKU with stock, largest projected surcharge first, with totals", async () => {
    // Act
    const response = await agedStock();

    // Assess
    expect(response.statusCode).toBe(200);
    expect(Object.keys(response.body)).toEqual(["success", "today", "totals", "skus"]);
    expect(response.body).toMatchObject({ success: true, today: TODAY });
    expect(response.body.skus.map((sku: { sku: string; action: string }) => [sku.sku, sku.action])).toEqual([
      ["PROMO", "promote"],
      ["STALE", "withdraw"],
      ["FRESH", "none"],
      ["NOLOTS", "withdraw"],
    ]);
    expect(response.body.totals).toEqual({
      skus: 4,
      available_units: 50,
      buckets: { ...ZERO_BUCKETS, "0-30": 25, "31-60": 5, "61-90": 10, "91-120": 3, over_365: 2 },
      unknown_age_units: 5,
      aged_units_now: 15,
      crossing: { no_sales: { days_7: 5, days_14: 5, days_30: 5 }, at_velocity: { days_7: 5, days_14: 5, days_30: 5 } },
      projected_surcharge_30d: { no_sales: 89.5, at_velocity: 20.5 },
      actions: { promote: 1, withdraw: 2, none: 1 },
    });
  });

  it("projects a selling SKU with the tariff of its volume, oldest sold first, per SKU and per inventory", async () => {
    const [promo] = (await agedStock()).body.skus;

    // Threshold 60: 10 units aged 70 now; 5 aged 55 cross on day 6. Without sales 10 × 30 + 5 × 25
    // = 425 unit-days; at 1/day 45 + 35 = 80. × 0.2 per unit-day.
    expect(Object.keys(promo)).toEqual([
      "sku",
      "title",
      "buckets",
      "unknown_age_units",
      "aged_units_now",
      "crossing",
      "projected_surcharge_30d",
      "action",
      "reason",
      "reason_details",
      "inventories",
    ]);
    expect(promo).toMatchObject({
      sku: "PROMO",
      title: "Promo",
      buckets: { ...ZERO_BUCKETS, "0-30": 5, "31-60": 5, "61-90": 10 },
      unknown_age_units: 0,
      aged_units_now: 10,
      crossing: { no_sales: { days_7: 5, days_14: 5, days_30: 5 }, at_velocity: { days_7: 5, days_14: 5, days_30: 5 } },
      projected_surcharge_30d: { no_sales: 85, at_velocity: 16 },
      action: "promote",
    });
    expect(promo.reason_details).toEqual([
      {
        code: "aged_surcharge_ahead",
        params: { velocity: 1, units_at_risk: 15, threshold_days: 60, surcharge: 16 },
        text: "A 1/dia, 15 unidades que passam de 60 dias em até 30 dias custam R$\u00a016,00 de sobretaxa em 30 dias; vendê-las antes evita o custo",
      },
    ]);
    expect(promo.reason).toBe(promo.reason_details[0].text);
    const [english] = (await invoke(handler, { path: "/full/aged-stock", headers: { "accept-language": "en" } })).body.skus;
    expect(english.reason).toBe("At 1/day 15 units past the 60-day threshold now or within 30 days cost R$16.00 of aged surcharge in 30 days; selling them sooner avoids it");
    expect(promo.inventories).toEqual([
      {
        inventory_id: "P-1",
        ad_id: "MLB-PROMO",
        variation_id: null,
        available_qty: 15,
        buckets: { ...ZERO_BUCKETS, "31-60": 5, "61-90": 10 },
        unknown_age_units: 0,
        aged_units_now: 10,
        crossing: { no_sales: { days_7: 5, days_14: 5, days_30: 5 }, at_velocity: { days_7: 5, days_14: 5, days_30: 5 } },
        projected_surcharge_30d: { no_sales: 85, at_velocity: 16 },
      },
      {
        inventory_id: "P-2",
        ad_id: "MLB-PROMO",
        variation_id: 7,
        available_qty: 5,
        buckets: { ...ZERO_BUCKETS, "0-30": 5 },
        unknown_age_units: 0,
        aged_units_now: 0,
        crossing: { no_sales: { days_7: 0, days_14: 0, days_30: 0 }, at_velocity: { days_7: 0, days_14: 0, days_30: 0 } },
        projected_surcharge_30d: { no_sales: 0, at_velocity: 0 },
      },
    ]);
  });

  it("suggests withdrawing aged stock that does not sell, and reports units of unknown age apart", async () => {
    const bySku = new Map((await agedStock()).body.skus.map((sku: { sku: string }) => [sku.sku, sku]));

    // Threshold 90: 5 units past it × 30 days × 0.03.
    expect(bySku.get("STALE")).toMatchObject({
      buckets: { ...ZERO_BUCKETS, "91-120": 3, over_365: 2 },
      unknown_age_units: 1,
      aged_units_now: 5,
      projected_surcharge_30d: { no_sales: 4.5, at_velocity: 4.5 },
      action: "withdraw",
    });
    expect(bySku.get("NOLOTS")).toMatchObject({ buckets: ZERO_BUCKETS, unknown_age_units: 4, aged_units_now: 0, action: "withdraw" });
    expect(bySku.get("FRESH")).toMatchObject({ aged_units_now: 0, projected_surcharge_30d: { no_sales: 0, at_velocity: 0 }, action: "none" });
    expect(bySku.has("EMPTY")).toBe(false);
  });

  it("answers one CSV row per inventory for format=csv or Accept: text/csv", async () => {
    // Act
    const response = await agedStock({ format: "csv" });
    const negotiated = await agedStock(undefined, { accept: "text/csv" });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toBe("text/csv; charset=utf-8");
    expect(negotiated.body).toBe(response.body);
    const rows = parse(response.body as string, { columns: true }) as Record<string, string>[];
    expect(rows.map((row) => [row.sku, row.inventory_id, row.action, row.available_qty])).toEqual([
      ["PROMO", "P-1", "promote", "15"],
      ["PROMO", "P-2", "promote", "5"],
      ["STALE", "S-1", "withdraw", "6"],
      ["FRESH", "F-1", "none", "20"],
      ["NOLOTS", "N-1", "withdraw", "4"],
    ]);
    expect(rows[0]).toMatchObject({
      "units_61-90": "10",
      "units_31-60": "5",
      aged_units_now: "10",
      crossing_7d_no_sales: "5",
      crossing_30d_at_velocity: "5",
      surcharge_30d_no_sales: "85",
      surcharge_30d_at_velocity: "16",
    });
    expect(rows[2]).toMatchObject({ units_over_365: "2", unknown_age_units: "1" });
  });

  it("refuses a format other than json or csv with 400, changing nothing", async () => {
    const before = await dumpTable(db.ref);

    const response = await agedStock({ format: "pdf" });

    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: 'format deve ser json ou csv, não "pdf"' });
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});
