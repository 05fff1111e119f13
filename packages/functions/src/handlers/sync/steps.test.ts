import { afterEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { numberedCatalogue, useSyncSandbox } from "#test/sync-sandbox";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { readLease } from "#storage/lease";
import { getRun } from "#storage/sync/runs";
import { getShard } from "#storage/sync/shards";
import { recordRunStart } from "#services/sync/start";
import { withScope } from "#storage/scope";
import { SYNC_LEASE_NAME } from "#services/sync/lease";
import { handler as plan } from "./plan.js";
import { handler as shard } from "./shard.js";
import { handler as finalize } from "./finalize.js";

// The three steps as the state machine calls them, one Lambda invocation each (stacks/SyncMachine.ts).
const db = useTestTable("sync-steps", "test");
const { seed } = useSyncSandbox(db);

/** `count` ads cut into shards of 2, and a run recorded as the schedule starts one: its id. */
async function prepare(count: number): Promise<string> {
  vi.stubEnv("SYNC_SHARD_SIZE", "2");
  const { items, ads } = numberedCatalogue(count);
  await seed(items, ads);
  return (await recordRunStart(db.ref, "schedule", new Date(), "America/Sao_Paulo")).id;
}

afterEach(() => {
  vi.unstubAllEnvs();
});

describe("sync steps as Lambda handlers", () => {
  it("plan lists and cuts, each shard stores its ads, finalize closes the run succeeded and frees the lease", async () => {
    // Prepare
    const runId = await prepare(3);

    // Act
    const planned = await plan({ run_id: runId });
    for (const number of planned.shards) await shard({ run_id: runId, shard: number });
    const closed = await finalize({ run_id: runId });

    // Assess
    expect(planned).toEqual({ run_id: runId, shards: [0, 1] });
    expect(closed).toEqual({ run_id: runId, state: "succeeded" });
    expect(await getRun(db.ref, runId)).toMatchObject({
      state: "succeeded",
      result: { ads_full: 3, inventories: 3 },
      progress: { ads_total: 3, ads_done: 3, shards_total: 2, shards_done: 2 },
    });
    expect((await listInventory(db.ref, ALL_FIELDS)).map((record) => record.inventory_id).sort()).toEqual(["INV1", "INV2", "INV3"]);
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });

  it("each step enters the scope of the run's seller that its input names, wherever it is invoked", async () => {
    // Prepare: a later seller's run and records, stored in its scope.
    const SCOPE = "ml-222";
    const runId = await withScope(SCOPE, () => prepare(3));

    // Act: invoked outside any scope, as Lambda invokes the steps.
    const planned = await plan({ run_id: runId, scope: SCOPE });
    for (const number of planned.shards) await shard({ run_id: runId, scope: SCOPE, shard: number });
    const closed = await finalize({ run_id: runId, scope: SCOPE });

    // Assess
    expect(closed).toEqual({ run_id: runId, state: "succeeded" });
    expect(await withScope(SCOPE, () => getRun(db.ref, runId))).toMatchObject({ state: "succeeded", result: { inventories: 3 } });
    expect((await withScope(SCOPE, () => listInventory(db.ref, ALL_FIELDS))).map((record) => record.inventory_id).sort()).toEqual(["INV1", "INV2", "INV3"]);
    expect(await getRun(db.ref, runId)).toBeUndefined();
    expect(await listInventory(db.ref, ALL_FIELDS)).toEqual([]);
  });

  it("finalize, reached when the map failed, counts a shard that never ran as failed ads: the run ends partial, once", async () => {
    // Prepare
    const runId = await prepare(3);
    const planned = await plan({ run_id: runId });
    await shard({ run_id: runId, shard: 0 });

    // Act: the map gave up before shard 1 ran.
    const closed = await finalize({ run_id: runId });
    const again = await finalize({ run_id: runId });

    // Assess
    expect(planned.shards).toEqual([0, 1]);
    expect(closed).toEqual({ run_id: runId, state: "partial" });
    expect(again).toEqual(closed);
    expect(await getShard(db.ref, runId, 1)).toMatchObject({ state: "pending", attempts: 0 });
    expect(await getRun(db.ref, runId)).toMatchObject({
      state: "partial",
      failed_count: 1,
      failed_ads: [{ ad_id: "MLB3", error: "shard 1 never finished" }],
      result: { ads_full: 3, inventories: 2 },
    });
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });
});
