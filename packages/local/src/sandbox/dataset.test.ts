import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Sync, Time } from "@fulfillment/core";
import { createMarketplaceClient } from "@fulfillment/functions/marketplace/client";
import { salesFor, seedFromDataset, type SandboxDataset } from "./dataset.js";
import { receptionsFor } from "./receptions.js";
import { buildCatalog } from "./seed.js";
import { startSandboxMarketplace, type SandboxMarketplace } from "./server.js";

const TODAY = "2026-06-30";

const dataset = {
  ads: [
    { id: "MLB10", sku: "A", is_full: true, sales_30d: 30, length_mm: 200, width_mm: 150, height_mm: 100 },
    { id: "MLB20", sku: "B", is_full: true, sales_30d: 0 },
    { id: "MLB30", sku: "C", is_full: false, sales_30d: 5 },
  ],
  inventory: [
    { inventory_id: "I10", ad_id: "MLB10", variation_id: null, available_qty: 12, in_transit_qty: 2, not_available_qty: 1, total_qty: 15, oldest_stock_days: 45 },
    { inventory_id: "I21", ad_id: "MLB20", variation_id: 1701, available_qty: 1, in_transit_qty: 0, not_available_qty: 0, total_qty: 1, oldest_stock_days: 10 },
    { inventory_id: "I22", ad_id: "MLB20", variation_id: "1702", available_qty: 0, in_transit_qty: 3, not_available_qty: 0, total_qty: 3, oldest_stock_days: null },
    { inventory_id: "I23", ad_id: "MLB20", variation_id: 1703, available_qty: 7, in_transit_qty: 0, not_available_qty: 2, total_qty: 9, oldest_stock_days: 0 },
  ],
} satisfies SandboxDataset;

let sandbox: SandboxMarketplace;

beforeAll(async () => {
  // The sandbox's clock is the dataset's day: its 12-month retention counts from there.
  sandbox = await startSandboxMarketplace({ seed: seedFromDataset(dataset, { today: TODAY }), now: () => Date.parse(`${TODAY}T15:00:00Z`) });
});

afterAll(async () => {
  await sandbox.stop();
});

describe("receptionsFor", () => {
  it("rebuilds the oldest age first-in-first-out", () => {
    for (const [available, age] of [[1, 30], [2, 1], [12, 45], [5, 0], [100, 365], [9, 410]] as const) {
      const receptions = receptionsFor(available, age, TODAY);
      expect(Sync.oldestStockDays({ available, receptions, searchedFrom: Time.addDays(TODAY, -600), today: TODAY })).toBe(age);
    }
  });

  it("gives no receptions without stock or age", () => {
    expect(receptionsFor(0, 10, TODAY)).toEqual([]);
    expect(receptionsFor(5, null, TODAY)).toEqual([]);
  });
});

describe("salesFor", () => {
  it("gives ledger entries whose 30-day count is the dataset's sales_30d", () => {
    const now = new Date(`${TODAY}T15:00:00Z`);
    for (const sales30d of [1, 2, 3, 4, 7, 30, 45, 1000]) {
      const catalog = buildCatalog({ items: [{ id: "MLB1", inventory_id: "I1", sales: salesFor(sales30d, TODAY) }] }, 1);
      expect(Sync.ledgerSales(new Map([["MLB1", ["I1"]]]), catalog.operations, now).get("MLB1"), `${sales30d}`).toBe(sales30d);
    }
    expect(salesFor(0, TODAY)).toEqual([]);
    expect(salesFor(null, TODAY)).toEqual([]);
  });
});

describe("seedFromDataset", () => {
  it("is deterministic for a given day", () => {
    expect(seedFromDataset(dataset, { today: TODAY })).toEqual(seedFromDataset(dataset, { today: TODAY }));
  });

  it("lets a sync through the client reproduce the dataset's inventory", async () => {
    // Prepare
    const client = createMarketplaceClient({
      baseUrl: sandbox.url,
      clientId: sandbox.clientId,
      clientSecret: sandbox.clientSecret,
      tokens: { load: async () => sandbox.tokens, save: async () => undefined },
    });
    const fullAds = dataset.ads.filter((ad) => ad.is_full);
    const windowStartDay = Time.addDays(TODAY, -180);

    // Act
    const { items, failed } = await client.getItems(fullAds.map((ad) => ad.id));
    const inventories = items.flatMap((item) =>
      [{ id: item.inventory_id, variation: null as string | number | null }, ...(item.variations ?? []).map((v) => ({ id: v.inventory_id, variation: v.id }))]
        .filter((entry): entry is { id: string; variation: string | number | null } => Boolean(entry.id))
        .map((entry) => ({ ...entry, adId: item.id })),
    );
    const operations = await client.searchOperations({
      sellerId: sandbox.sellerId,
      inventoryIds: inventories.map((inventory) => inventory.id),
      dateFrom: windowStartDay,
      dateTo: Time.addDays(TODAY, 1),
      type: "inbound_reception",
    });
    const records = await Promise.all(
      inventories.map(async (inventory) => {
        const sales = fullAds.find((ad) => ad.id === inventory.adId)!.sales_30d;
        const figures = Sync.stockFromFulfillment(await client.getStock(inventory.id), sales);
        const receptions = operations
          .filter((op) => op.inventory_id === inventory.id)
          .map((op) => ({ date: op.date_created, quantity: op.detail?.available_quantity ?? 0 }));
        return {
          inventory_id: inventory.id,
          ad_id: inventory.adId,
          ...figures,
          oldest_stock_days: Sync.oldestStockDays({ available: figures.available_qty, receptions, searchedFrom: windowStartDay, today: TODAY }),
        };
      }),
    );

    // Assess
    expect(failed).toEqual([]);
    expect(Sync.packageDimensions(items[0]!)).toEqual({ length_mm: 200, width_mm: 150, height_mm: 100 });
    for (const expected of dataset.inventory) {
      const record = records.find((r) => r.inventory_id === expected.inventory_id);
      expect(record).toMatchObject({
        ad_id: expected.ad_id,
        available_qty: expected.available_qty,
        in_transit_qty: expected.in_transit_qty,
        not_available_qty: expected.not_available_qty,
        total_qty: expected.total_qty,
        oldest_stock_days: expected.oldest_stock_days,
      });
    }
    expect(records.find((r) => r.inventory_id === "I10")!.days_of_stock).toBe(12);
    expect(records.find((r) => r.inventory_id === "I21")!.days_of_stock).toBeNull();
  });
});
