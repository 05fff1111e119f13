import { afterEach, describe, expect, it, vi } from "vitest";
import { Sync, Time } from "@fulfillment/core";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { fullAd } from "#test/fixtures";
import { syncToTheEnd } from "#test/sync";
import { runLeftBehind, useSyncSandbox } from "#test/sync-sandbox";
import { listInventory } from "#storage/inventory";
import { acquireLease, readLease, releaseLease } from "#storage/lease";
import { listRuns } from "#storage/sync/runs";
import { SYNC_HEARTBEAT_MS, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "./lease.js";
import { SyncFailedError } from "../../errors.js";
import { SyncRunningError } from "./errors.js";

/**
 * The run's lease carries a heartbeat: the owner renews it while it works, a run that stops
 * renewing is taken over once its lease lapses (45 s after its last heartbeat, so within a
 * minute of a crash), and the abandoned run is recorded failed.
 */

const db = useTestTable("sync-run", "test");

const items: SandboxItem[] = [
  { id: "MLB1", inventory_id: "INV1", stock: { available: 4 } },
  { id: "MLB2", inventory_id: "INV2", stock: { available: 2 } },
];

const { sandbox, seed, requestsOfTest } = useSyncSandbox(db, { items });
const prepare = () => seed(items, [fullAd("MLB1"), fullAd("MLB2")]);

const SHORT_WAITS = { timeoutMs: 10_000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 5 };

/** A sync whose clock stands at `at`, or runs on the test's fake clock when absent. */
const sync = (at?: Date) => syncToTheEnd(db.ref, { at, marketplace: SHORT_WAITS });
const itemsRequested = (): boolean => requestsOfTest().some((line) => line.startsWith("GET /items?"));
const stockRequested = (): boolean => requestsOfTest().some((line) => line.startsWith("GET /inventories/"));

afterEach(() => {
  vi.useRealTimers();
});

describe("heartbeat", () => {
  it("renews the lease and stores the heartbeat and progress every 15 s while the run works", async () => {
    // Prepare: only the heartbeat's interval and the clock are faked.
    await prepare();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: start });
    // Held up in its shard (past the plan), on a stock read.
    sandbox.faults.slow({ path: /^\/inventories\//, ms: 3_000, count: 1 });
    const running = sync();
    await expect.poll(stockRequested, { interval: 20, timeout: 10_000 }).toBe(true);

    // Act
    await vi.advanceTimersByTimeAsync(SYNC_HEARTBEAT_MS);

    // Assess
    const beat = new Date(start + SYNC_HEARTBEAT_MS).toISOString();
    await expect.poll(async () => (await readLease(db.ref, SYNC_LEASE_NAME))?.heartbeat_at, { interval: 20, timeout: 5_000 }).toBe(beat);
    expect((await readLease(db.ref, SYNC_LEASE_NAME))?.expires_at_ms).toBe(start + SYNC_HEARTBEAT_MS + SYNC_LEASE_TTL_MS);
    await expect
      .poll(async () => (await listRuns(db.ref, 1))[0], { interval: 20, timeout: 5_000 })
      .toMatchObject({ state: "running", heartbeat_at: beat, progress: { ads_total: 2, ads_done: 0, shards_total: 1, shards_done: 0 } });
    const result = await running;
    expect(result.stock).toMatchObject({ inventories: 2, failed: [] });
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });
});

describe("takeover", () => {
  /** A run whose owner died right after the heartbeat at `heartbeat`, 2 s into the run, holding the lease. */
  const deadRun = (heartbeat: number) => runLeftBehind(db.ref, new Date(heartbeat), new Date(heartbeat - 2_000));

  it("takes over a run that stopped renewing once 45 s have passed since its heartbeat, and records it failed", async () => {
    // Prepare
    await prepare();
    const heartbeat = Date.parse("2026-11-20T17:02:11.000Z");
    const dead = await deadRun(heartbeat);

    // Act
    const tooSoon = await sync(new Date(heartbeat + SYNC_LEASE_TTL_MS - 1)).catch((e: unknown) => e);
    const requestsTooSoon = requestsOfTest().length;
    const result = await sync(new Date(heartbeat + SYNC_LEASE_TTL_MS + 1));

    // Assess
    expect(tooSoon).toBeInstanceOf(SyncRunningError);
    expect(requestsTooSoon).toBe(0);
    expect(SYNC_LEASE_TTL_MS).toBeLessThan(60_000);
    expect(result.stock).toMatchObject({ inventories: 2, failed: [] });
    const runs = await listRuns(db.ref, 5);
    // 17:02:11 UTC is 14:02:11 in São Paulo, the business zone.
    expect(runs.find((run) => run.id === dead.id)).toMatchObject({
      state: "failed",
      error: "abandoned: no heartbeat since 14:02:11",
      finished_at: new Date(heartbeat).toISOString(),
      duration_ms: 2_000,
    });
    expect(runs.find((run) => run.id === result.run_id)).toMatchObject({ state: "succeeded" });
    expect(runs.filter((run) => run.state === "running")).toEqual([]);
  });

  it("stops a run that lost its lease before it writes anything", async () => {
    // Prepare: the run is held up reading items; meanwhile its lease lapses and another run takes it.
    await prepare();
    const start = Date.now();
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval", "Date"], now: start });
    sandbox.faults.slow({ path: "/items", ms: 3_000, count: 1 });
    const running = sync().catch((e: unknown) => e);
    await expect.poll(itemsRequested, { interval: 20, timeout: 10_000 }).toBe(true);
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "another-run", SYNC_LEASE_TTL_MS, start + SYNC_LEASE_TTL_MS + 1)).toBe(true);

    // Act: the held-up run's next heartbeat finds the lease gone.
    await vi.advanceTimersByTimeAsync(SYNC_HEARTBEAT_MS);
    const error = await running;

    // Assess
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as Error).message).toBe("Sync failed: the run lost its lease: no heartbeat was stored for 45 s and another run took over");
    expect(await listInventory(db.ref)).toEqual([]);
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toMatchObject({ owner: "another-run" });
    expect((await listRuns(db.ref, 1))[0]).toMatchObject({ state: "failed", error: expect.stringMatching(/^the run lost its lease/) });
    await releaseLease(db.ref, SYNC_LEASE_NAME, "another-run");
  });
});

describe("the abandoned reason", () => {
  it("names the last heartbeat's wall-clock time in the business zone", () => {
    expect(Sync.abandonedReason(new Date("2026-11-20T17:02:11.900Z"), Time.DEFAULT_TIME_ZONE)).toBe("abandoned: no heartbeat since 14:02:11");
    expect(Sync.abandonedReason(new Date("2026-11-20T17:02:11Z"), "UTC")).toBe("abandoned: no heartbeat since 17:02:11");
  });
});
