import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { ad, inventory, load, type DatasetInput } from "#test/fixtures";
import { registerSeller } from "#storage/sellers";
import { handler } from "./overview.js";

const db = useTestTable("overview-sellers");
const A = { user_id: "111111", nickname: "LOJA_A" };
const B = { user_id: "222222", nickname: "LOJA_B" };

const overview = (query?: Record<string, string>, headers?: Record<string, string>) => invoke(handler, { path: "/full/overview", query, headers });

/** A seller's catalogue, each row naming its seller. */
const catalogue = (seller: string, name: string, records: { available: number; cost: number; updated_at: string }[]): DatasetInput => ({
  ads: records.map((record, index) => ({ ...ad({ id: `MLB${name}${index}`, sku: `SKU-${name}${index}`, cost: record.cost }), seller_id: seller })),
  inventory: records.map((record, index) => ({
    ...inventory({ inventory_id: `INV${name}${index}`, ad_id: `MLB${name}${index}`, sku: `SKU-${name}${index}`, available_qty: record.available, updated_at: record.updated_at }),
    seller_id: seller,
  })),
});

describe("GET /full/overview with seller_id=all", () => {
  it("with one seller answers its overview with its figures listed", async () => {
    // Prepare
    await registerSeller(db.ref, A);
    await load(db.ref, catalogue(A.user_id, "A", [{ available: 5, cost: 10.25, updated_at: "2026-11-20T10:00:00.000Z" }]));

    // Act
    const own = await overview();
    const all = await overview({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    const { sellers, ...sums } = all.body;
    expect(sums).toEqual(own.body);
    expect(sellers).toEqual([{ seller_id: A.user_id, nickname: A.nickname, has_data: true, summary: own.body.summary, alerts: own.body.alerts, updated_at: own.body.updated_at }]);
  });

  it("adds up every seller's overview, each seller's own figures beside the sums", async () => {
    // Prepare
    await registerSeller(db.ref, B);
    await load(
      db.ref,
      catalogue(B.user_id, "B", [
        { available: 7, cost: 2.5, updated_at: "2026-11-21T08:00:00.000Z" },
        { available: 1, cost: 0.1, updated_at: "2026-11-19T08:00:00.000Z" },
      ]),
    );

    // Act
    const ownA = await overview(undefined, { "x-seller-id": A.user_id });
    const ownB = await overview({ seller_id: B.user_id });
    const all = await overview({ seller_id: "all" });

    // Assess
    expect(all.statusCode).toBe(200);
    expect(all.body.summary).toEqual({
      products_count: 3,
      inventories_count: 3,
      units_available: 13,
      units_in_transit: 0,
      units_not_available: 0,
      immobilized_value: 5 * 10.25 + 7 * 2.5 + 0.1,
    });
    expect(all.body.summary).toEqual(
      Object.fromEntries(Object.keys(ownA.body.summary).map((field) => [field, ownA.body.summary[field] + ownB.body.summary[field]])),
    );
    expect(all.body.updated_at).toBe("2026-11-21T08:00:00.000Z");
    expect(all.body.sellers.map((seller: { seller_id: string; summary: unknown }) => [seller.seller_id, seller.summary])).toEqual([
      [A.user_id, ownA.body.summary],
      [B.user_id, ownB.body.summary],
    ]);
    expect(ownA.body).not.toHaveProperty("sellers");
  });
});
