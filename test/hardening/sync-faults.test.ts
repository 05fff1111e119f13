import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Ad, InventoryRecord } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import type { TableRef } from "#storage/client";
import { SYNC_LEASE_NAME } from "#services/sync/lease";
import { syncToTheEnd } from "#test/sync";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { Entities } from "#storage/keys";
import { listRuns } from "#storage/sync/runs";
import { createTestTable, dropTestTable, useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { faultyTable } from "#test/sdk-faults";
import { load, type DatasetInput } from "#test/fixtures";

/**
 * The sync against DynamoDB faults: throttling and partial batches change nothing in what it
 * writes; a write that fails part-way leaves each record whole (old or new), frees the lease, and
 * the next sync completes the job.
 */

const NOW = new Date("2026-06-30T15:00:00Z");
const db = useTestTable("sync-faults", "test");
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;

const ADS = 30;
const items: SandboxItem[] = Array.from({ length: ADS }, (_, i) =>
  i % 5 === 0
    ? {
        id: `MLB${i}`,
        dimensions: { height: 10, width: 10, length: 10 },
        variations: [
          { id: i * 10 + 1, inventory_id: `VAR${i}A`, stock: { available: i + 1 } },
          { id: i * 10 + 2, inventory_id: `VAR${i}B`, stock: { available: i + 2 } },
        ],
      }
    : { id: `MLB${i}`, inventory_id: `INV${i}`, dimensions: { height: 10, width: 10, length: 10 }, stock: { available: i } },
);
const ads: Ad[] = items.map((item, i) => ({
  id: item.id,
  title: null,
  thumbnail: null,
  permalink: null,
  cost: null,
  sku: `SKU${i % 4}`,
  is_full: true,
  sales_30d: 30,
}));
const inventoryIds = items.flatMap((item) => (item.variations ? item.variations.map((v) => v.inventory_id!) : [item.inventory_id!]));

/** Yesterday's records for every inventory: what an interrupted sync must leave or replace whole. */
const oldRecords: DatasetInput = {
  inventory: inventoryIds.map((inventory_id, i) => ({
    inventory_id,
    ad_id: ads.find((ad, j) => (items[j]!.variations ? items[j]!.variations!.some((v) => v.inventory_id === inventory_id) : items[j]!.inventory_id === inventory_id))!.id,
    sku: "OLD",
    variation_id: null,
    available_qty: 1000 + i,
    in_transit_qty: 0,
    not_available_qty: 0,
    total_qty: 1000 + i,
    days_of_stock: null,
    oldest_stock_days: null,
    updated_at: "2026-06-29T12:00:00.000Z",
  })),
  tariffs: [{ id: 1, name: "Todos", min_volume_l: 0, max_volume_l: null, daily_fee: 0.1, inbound_fee: 1, active: true }],
};

async function prepare(ref: TableRef): Promise<void> {
  await putAds(ref, ads);
  await load(ref, oldRecords);
  const pair = sandbox.currentTokens();
  await putCredential(ref, { provider: "mercadolivre", ...pair, user_id: sandbox.sellerId });
}

const sync = (ref: TableRef) => syncToTheEnd(ref, { at: NOW, marketplace: { timeoutMs: 2000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 5 } });

async function leaseItem(ref: TableRef) {
  return (await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.lease.key({ name: SYNC_LEASE_NAME }), ConsistentRead: true }))).Item;
}

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterAll(async () => {
  await sandbox.stop();
  restoreEnv();
});

beforeEach(async () => {
  // Short SDK and batch backoff, never zero.
  vi.spyOn(Math, "random").mockReturnValue(0.02);
  await prepare(db.ref);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("sync under DynamoDB faults", () => {
  it("writes exactly what an untroubled sync writes, through throttling and partial batches", async () => {
    // Prepare: the same data in a second table, synced without faults.
    const reference = await createTestTable("sync-faults-reference");
    try {
      await prepare(reference);
      const expected = await sync(reference);
      const { ref, faults } = faultyTable(db.ref);
      faults.partialBatch("BatchWriteItemCommand", 8);
      faults.failAttempts("BatchWriteItemCommand", 3, { name: "ProvisionedThroughputExceededException" });
      faults.failAttempts("PutItemCommand", 2);
      faults.failAttempts("DeleteItemCommand", 2);
      faults.failAttempts("QueryCommand", 2);

      // Act
      const result = await sync(ref);

      // Assess
      expect(faults.pending()).toBe(0);
      expect({ ...result, run_id: "" }).toEqual({ ...expected, run_id: "" });
      expect(result.stock).toMatchObject({ ads_full: ADS, inventories: inventoryIds.length, failed: [] });
      // The run history differs by run id only: both runs succeeded alike.
      const runsOf = async (ref: TableRef) => (await listRuns(ref, 5)).map(({ id: _id, ...run }) => run);
      expect(await runsOf(db.ref)).toEqual(await runsOf(reference));
      // Alerts carry the instant of their run's derivation: left out with the runs.
      const withoutRuns = async (ref: TableRef) =>
        (await dumpTable(ref)).filter((item) => item.pk !== "SYNCRUN" && !String(item.pk).startsWith("SYNCSHARD#") && !String(item.pk).startsWith("ALERT"));
      expect(await withoutRuns(db.ref)).toEqual(await withoutRuns(reference));
      expect(await leaseItem(db.ref)).toBeUndefined();
    } finally {
      await dropTestTable(reference);
    }
  });

  it("leaves every record whole, old or new, and the lease free when a write fails part-way; the next sync completes it", async () => {
    // Prepare
    const before = new Map((await listInventory(db.ref)).map((r) => [r.inventory_id, r]));
    const { ref, faults } = faultyTable(db.ref);
    // Seven batches go through: the plan's (the shard definitions, discovery's copies of the 30 ads'
    // titles for the detail), the resized ads and the first inventory batch; the next one fails,
    // and so does every retry of the shard: it is recorded failed and no ad counts as read.
    faults.failAttempts("BatchWriteItemCommand", 1000, { name: "ValidationException", after: 7 });

    // Act
    const error = await sync(ref).catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ name: "SyncFailedError", reason: expect.stringMatching(/^no Full ad could be read .*shard 0 failed/) });
    expect(await leaseItem(db.ref)).toBeUndefined();
    const interrupted = await listInventory(db.ref);
    const rewritten = interrupted.filter((r) => r.updated_at === NOW.toISOString());
    expect(rewritten.length).toBeGreaterThan(0);
    expect(rewritten.length).toBeLessThan(inventoryIds.length);

    // Act: the next sync runs (the lease is free) and writes everything.
    const result = await sync(db.ref);

    // Assess
    expect(result.stock).toMatchObject({ inventories: inventoryIds.length, failed: [] });
    const after = new Map((await listInventory(db.ref)).map((r) => [r.inventory_id, r]));
    expect([...after.keys()].sort()).toEqual([...inventoryIds].sort());
    for (const record of interrupted) {
      const whole = [before.get(record.inventory_id), after.get(record.inventory_id)] as InventoryRecord[];
      expect(whole, record.inventory_id).toContainEqual(record);
    }
    expect([...after.values()].every((r) => r.updated_at === NOW.toISOString())).toBe(true);
  });
});
