import { parse } from "csv-parse/sync";
import { afterAll, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load } from "#test/fixtures";
import { registerSeller } from "#storage/sellers";
import { handler } from "./aged-stock.js";

const db = useTestTable("aged-stock-sellers");
const NOW = new Date("2026-11-21T15:00:00Z");
const TODAY = "2026-11-21";
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };
const received = (daysAgo: number): string => new Date(Date.parse(`${TODAY}T00:00:00Z`) - daysAgo * 86_400_000).toISOString().slice(0, 10);

const agedStock = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/aged-stock", query, headers });
type Sku = { sku: string; seller_id?: string; projected_surcharge_30d: { no_sales: number; at_velocity: number } };

// 200 mm cube = 8 L → threshold 60 days, 0.1 × 2 = 0.2 per aged unit-day. Both sellers hold the same SKU, aged differently.
const large = { length_mm: 200, width_mm: 200, height_mm: 200 };
const stockOf = (seller: string, name: string, lots: [number, number][]) => ({
  ads: [{ ...ad({ id: `MLB${name}`, title: name, sku: "SHARED", sales_30d: 0, ...large }), seller_id: seller }],
  inventory: [
    {
      ...inventory({
        inventory_id: `INV${name}`,
        ad_id: `MLB${name}`,
        sku: "SHARED",
        available_qty: lots.reduce((sum, [, units]) => sum + units, 0),
        fifo_lots: lots.map(([daysAgo, units]) => ({ day: received(daysAgo), units })),
        unknown_age_units: 0,
      }),
      seller_id: seller,
    },
  ],
});

describe("GET /full/aged-stock with seller_id=all", () => {
  beforeAll(async () => {
    vi.useFakeTimers({ toFake: ["Date"], now: NOW });
    await load(db.ref, { tariffs: [{ id: 1, name: "large", min_volume_l: 0, max_volume_l: null, daily_fee: 0.1, aged_days_threshold: 60, aged_daily_factor: 2 }] });
    await registerSeller(db.ref, A);
    await registerSeller(db.ref, B);
    await load(db.ref, stockOf(A.user_id, "A", [[70, 10]]));
    await load(db.ref, stockOf(B.user_id, "B", [[100, 4], [10, 3]]));
  });

  afterAll(() => {
    vi.useRealTimers();
  });

  it("answers every seller's SKUs, each naming its seller, and totals that add up the sellers' own", async () => {
    // Act
    const ownA = await agedStock(undefined, { "x-seller-id": A.user_id });
    const ownB = await agedStock({ seller_id: B.user_id });
    const all = await agedStock({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body.skus).toEqual(
      [...ownA.body.skus.map((sku: Sku) => ({ ...sku, seller_id: A.user_id })), ...ownB.body.skus.map((sku: Sku) => ({ ...sku, seller_id: B.user_id }))].sort(
        (a: Sku, b: Sku) => b.projected_surcharge_30d.no_sales - a.projected_surcharge_30d.no_sales,
      ),
    );
    expect(all.body.skus.map((sku: Sku) => [sku.sku, sku.seller_id])).toEqual([["SHARED", A.user_id], ["SHARED", B.user_id]]);
    expect(all.body.totals).toMatchObject({
      skus: 2,
      available_units: ownA.body.totals.available_units + ownB.body.totals.available_units,
      aged_units_now: ownA.body.totals.aged_units_now + ownB.body.totals.aged_units_now,
      buckets: { "61-90": 10, "91-120": 4, "0-30": 3 },
      actions: { withdraw: 2 },
    });
    expect(all.body.totals.projected_surcharge_30d.no_sales).toBeCloseTo(
      ownA.body.totals.projected_surcharge_30d.no_sales + ownB.body.totals.projected_surcharge_30d.no_sales,
      2,
    );
    expect(ownA.body.skus[0]).not.toHaveProperty("seller_id");
  });

  it("sends the CSV with each row naming its seller first", async () => {
    // Act
    const csv = await agedStock({ seller_id: "all", format: "csv" });

    // Assess
    const rows = parse(csv.body as string, { columns: true, bom: true }) as Record<string, string>[];
    expect(Object.keys(rows[0]!)[0]).toBe("seller_id");
    expect(rows.map((row) => [row.seller_id, row.inventory_id])).toEqual([[A.user_id, "INVA"], [B.user_id, "INVB"]]);
  });
});
