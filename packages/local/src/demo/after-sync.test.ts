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
import { generateDemoDataset } from "./generate.js";

/** The demo as `npm start` runs it: the dataset of today, the sandbox marketplace seeded from it, one sync. */

const db = useTestTable("demo-after-sync");
let marketplace: LocalMarketplace;
let restoreEnv: () => void;

describe("demo data after a local sync", () => {
  beforeAll(async () => {
    restoreEnv = replaceMarketplaceEnv();
    await loadDataset(db.ref, generateDemoDataset());
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
