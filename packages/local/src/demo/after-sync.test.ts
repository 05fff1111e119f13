import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Restock } from "@fulfillment/core";
import { handler as sync } from "@fulfillment/functions/handlers/full/sync";
import { handler as restockPlan } from "@fulfillment/functions/handlers/full/restock-plan";
import { handler as agedStock } from "@fulfillment/functions/handlers/full/aged-stock";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { replaceMarketplaceEnv } from "#test/env";
import { loadDataset } from "../loader/load.js";
import { startLocalMarketplace, type LocalMarketplace } from "../marketplace.js";
import { localConfig } from "../config.js";
import { listInventory } from "@fulfillment/functions/storage/inventory";
import { listLedgerMonth } from "@fulfillment/functions/storage/storage-ledger";
import { generateDemoDataset } from "./generate.js";

/** The demo as `npm start` runs it: the dataset of today, the sandbox marketplace seeded from it, one sync. */

const db = useTestTable("demo-after-sync");
const demo = generateDemoDataset();
const today = demo.daily_stock.map((row) => row.day).sort().at(-1)!;
let marketplace: LocalMarketplace;
let restoreEnv: () => void;

describe("demo data after a local sync", () => {
  beforeAll(async () => {
    restoreEnv = replaceMarketplaceEnv();
    await loadDataset(db.ref, demo);
    marketplace = await startLocalMarketplace(db.ref, { ...localConfig(), marketplaceUrl: undefined, marketplaceClientId: undefined, marketplaceClientSecret: undefined });
    const synced = await invoke(sync, { method: "POST", path: "/full/sync" });
    expect(synced.body).toMatchObject({ success: true });
    expect(synced.statusCode).toBe(200);
    expect(synced.body.stock.failed).toEqual([]);
  }, 120_000);

  afterAll(async () => {
    await marketplace?.stop();
    restoreEnv();
  });

  it("stores the ages and first-in-first-out lots the demo loaded: the demo takes them from the sandbox's receptions by the sync's rule", async () => {
    const fields = ["inventory_id", "oldest_stock_days", "fifo_lots", "unknown_age_units"] as const;
    const byId = (a: { inventory_id: string }, b: { inventory_id: string }) => (a.inventory_id < b.inventory_id ? -1 : 1);

    const stored = await listInventory(db.ref, [...fields]);

    const loaded = demo.inventory.map(({ inventory_id, oldest_stock_days, fifo_lots, unknown_age_units }) => ({ inventory_id, oldest_stock_days, fifo_lots, unknown_age_units }));
    expect(stored.sort(byId)).toEqual(loaded.sort(byId));
  });

  it("keeps today's storage-cost ledger rows as the demo loaded them: the sync's cost step prices them the same", async () => {
    const stored = (await listLedgerMonth(db.ref, today.slice(0, 7))).filter((row) => row.day === today);

    expect(stored).toEqual(demo.storage_ledger.filter((row) => row.day === today));
  });

  it("shows every restock status", async () => {
    const response = await invoke(restockPlan, { path: "/full/restock-plan" });

    expect(response.statusCode).toBe(200);
    expect(new Set(response.body.items.map((line: { status: string }) => line.status))).toEqual(new Set(Restock.RESTOCK_STATUSES));
  });

  it("reports the aged stock of what the sync stored: every unit of every inventory in a bucket or of unknown age", async () => {
    const response = await invoke(agedStock, { path: "/full/aged-stock" });

    expect(response.statusCode).toBe(200);
    expect(response.body.totals.skus).toBeGreaterThan(20);
    for (const sku of response.body.skus) {
      for (const inventory of sku.inventories) {
        const bucketed = Object.values(inventory.buckets as Record<string, number>).reduce((sum, units) => sum + units, 0);
        expect(bucketed + inventory.unknown_age_units, inventory.inventory_id).toBe(inventory.available_qty);
      }
    }
  });

  it("suggests every action on the synced demo data: promote, withdraw and none", async () => {
    const response = await invoke(agedStock, { path: "/full/aged-stock" });

    const actions = new Set(response.body.skus.map((sku: { action: string }) => sku.action));
    expect(actions).toEqual(new Set(["promote", "withdraw", "none"]));
    expect(response.body.skus.some((sku: { aged_units_now: number }) => sku.aged_units_now > 0)).toBe(true);
  });
});
