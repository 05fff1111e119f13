import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { registerSeller } from "#storage/sellers";
import { handler } from "./inventory-list.js";

const db = useTestTable("inventory-list-sellers");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const list = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/inventory", query, headers });
type Item = { inventory_id: string; seller_id?: string };
const rows = (body: { items: Item[] }) => body.items.map((item) => [item.inventory_id, item.seller_id]);

/** A seller's records, each row naming its seller: [id, available, days of stock, oldest lot's days]. */
const catalogue = (seller: string, records: [string, number, number | null, number | null][]): DatasetInput => ({
  ads: records.map(([id]) => ({ ...ad({ id: `MLB${id}`, sku: `SKU-${id}` }), seller_id: seller })),
  inventory: records.map(([id, available, days, oldest]) => ({
    ...inventory({ inventory_id: id, ad_id: `MLB${id}`, sku: `SKU-${id}`, available_qty: available, days_of_stock: days, oldest_stock_days: oldest }),
    seller_id: seller,
  })),
});

describe("GET /full/inventory with seller_id=all", () => {
  it("with one seller answers its list, each item naming it", async () => {
    // Prepare
    await registerSeller(db.ref, A);
    await load(db.ref, catalogue(A.user_id, [["A1", 5, 30, 10], ["A2", 9, 5, 120]]));

    // Act
    const own = await list();
    const all = await list({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body).toEqual({ ...own.body, items: own.body.items.map((item: Item) => ({ ...item, seller_id: A.user_id })) });
  });

  it("merges every seller's records, sorted and filtered as one list", async () => {
    // Prepare
    await registerSeller(db.ref, B);
    await load(db.ref, catalogue(B.user_id, [["B1", 20, 12, 95], ["B2", 1, 60, null]]));

    // Act
    const byCoverage = await list({ seller_id: "all" });
    const byAvailable = await list({ seller_id: "all", sort_by: "available" });
    const alerts = await list({ seller_id: "all", alerts: "1" });
    const ownB = await list(undefined, { "x-seller-id": B.user_id });

    // Assess
    expect(byCoverage.body).toMatchObject({ has_data: true, count: 4 });
    expect(rows(byCoverage.body)).toEqual([["A2", A.user_id], ["B1", B.user_id], ["A1", A.user_id], ["B2", B.user_id]]);
    expect(rows(byAvailable.body)).toEqual([["B1", B.user_id], ["A2", A.user_id], ["A1", A.user_id], ["B2", B.user_id]]);
    // Alerting: coverage under 14 days or the oldest lot over 90 days.
    expect(alerts.body).toMatchObject({ count: 2 });
    expect(rows(alerts.body)).toEqual([["A2", A.user_id], ["B1", B.user_id]]);
    expect(rows(ownB.body)).toEqual([["B1", undefined], ["B2", undefined]]);
  });
});
