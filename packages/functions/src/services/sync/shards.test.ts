import { afterEach, describe, expect, it, vi } from "vitest";
import { PROGRESS_LOG_MS } from "@fulfillment/local/sync/progress";
import { useTestTable } from "#test/table";
import { numberedCatalogue, useSyncSandbox } from "#test/sync-sandbox";
import { faultyTable } from "#test/sdk-faults";
import { syncToTheEnd } from "#test/sync";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { listDailyStockSince } from "#storage/daily-stock";
import { acquireLease, readLease, releaseLease } from "#storage/lease";
import { getRun, listRuns } from "#storage/sync/runs";
import { getShard, listShards } from "#storage/sync/shards";
import { logger } from "#logging/logger";
import type { MarketplaceTuning } from "../marketplace.js";
import { SyncFailedError } from "../../errors.js";
import { SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "./lease.js";
import { budgetedFetch } from "./marketplace-calls.js";
import { planStep } from "./plan.js";
import { shardStep } from "./shard.js";
import { finalizeStep } from "./finalize.js";
import { recordRunStart, startSync } from "./start.js";

// The three steps as the sync state machine runs them, in the local interpreter of its definition.
const db = useTestTable("sync-shards", "test");
const { sandbox, seed } = useSyncSandbox(db);

/** `count` ads, each with its item and inventory, cut into shards of `shardSize`. */
async function prepare(count: number, shardSize: number): Promise<void> {
  vi.stubEnv("SYNC_SHARD_SIZE", String(shardSize));
  const { items, ads } = numberedCatalogue(count);
  await seed(items, ads);
}

const SHORT_WAITS: MarketplaceTuning = { timeoutMs: 2000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 5 };

const sync = (options: { ref?: typeof db.ref; marketplace?: MarketplaceTuning } = {}) =>
  syncToTheEnd(options.ref ?? db.ref, { marketplace: { ...SHORT_WAITS, ...options.marketplace } });

/** A table on which reading the shard's ads (a batch get naming `adId`) fails, as a crashing shard worker would. */
function crashingOn(adId: string, times: number) {
  const { ref, faults } = faultyTable(db.ref);
  faults.failAttempts("BatchGetItemCommand", times, { name: "ValidationException", message: "shard worker crashed", when: (input) => JSON.stringify(input).includes(`"${adId}"`) });
  return { ref, faults };
}

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("plan, shards and finalize", () => {
  it("cuts a catalogue larger than one shard into shards, counts every ad once and ends succeeded", async () => {
    // Prepare
    await prepare(5, 2);

    // Act
    const result = await sync();

    // Assess
    expect(result.stock).toMatchObject({ ads_full: 5, inventories: 5, failed: [] });
    const run = await getRun(db.ref, result.run_id);
    expect(run).toMatchObject({ state: "succeeded", progress: { ads_total: 5, ads_done: 5, shards_total: 3, shards_done: 3 } });
    const shards = await listShards(db.ref, result.run_id);
    expect(shards.map((s) => [s.shard, s.ad_ids.length, s.state])).toEqual([
      [0, 2, "done"],
      [1, 2, "done"],
      [2, 1, "done"],
    ]);
    expect((await listInventory(db.ref, ALL_FIELDS)).map((r) => r.inventory_id).sort()).toEqual(["INV1", "INV2", "INV3", "INV4", "INV5"]);
  });

  it("retries a shard that failed once: no duplicate records, its counters counted once", async () => {
    // Prepare
    await prepare(4, 2);
    const { ref, faults } = crashingOn("MLB3", 1);

    // Act
    const result = await sync({ ref });

    // Assess
    expect(faults.pending()).toBe(0);
    expect(result.stock).toMatchObject({ ads_full: 4, inventories: 4, failed: [] });
    expect(await getRun(db.ref, result.run_id)).toMatchObject({ state: "succeeded", progress: { ads_total: 4, ads_done: 4, shards_total: 2, shards_done: 2 } });
    expect(await getShard(db.ref, result.run_id, 1)).toMatchObject({ state: "done", attempts: 2 });
    const ids = ["INV1", "INV2", "INV3", "INV4"];
    expect((await listInventory(db.ref, ALL_FIELDS)).map((r) => r.inventory_id).sort()).toEqual(ids);
    expect((await listDailyStockSince(db.ref, ids, "2000-01-01")).map((row) => row.inventory_id).sort()).toEqual(ids);
  });

  it("counts a shard run twice (a repeated delivery) once", async () => {
    // Prepare
    await prepare(3, 2);
    const run = await recordRunStart(db.ref, "api", new Date(), "America/Sao_Paulo");
    const plan = await planStep(db.ref, run.id);

    // Act
    await shardStep(db.ref, run.id, 0);
    await shardStep(db.ref, run.id, 0);
    await shardStep(db.ref, run.id, 1);
    const closed = await finalizeStep(db.ref, run.id);
    const again = await finalizeStep(db.ref, run.id);

    // Assess
    expect(plan.shards).toEqual([0, 1]);
    expect(closed).toEqual({ run_id: run.id, state: "succeeded" });
    expect(again).toEqual(closed);
    expect(await getRun(db.ref, run.id)).toMatchObject({ state: "succeeded", progress: { ads_total: 3, ads_done: 3, shards_total: 2, shards_done: 2 }, result: { ads_full: 3, inventories: 3 } });
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });

  it("records a shard that keeps failing, goes on with the others, ends partial and finalizes once", async () => {
    // Prepare
    await prepare(5, 2);
    const { ref } = crashingOn("MLB3", 1000);
    const info = vi.spyOn(logger, "info");
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);

    // Act
    const result = await sync({ ref });

    // Assess
    expect(result.stock.inventories).toBe(3);
    expect(result.stock.failed).toEqual([
      { ad_id: "MLB3", error: "shard 1 failed: unexpected failure: shard worker crashed" },
      { ad_id: "MLB4", error: "shard 1 failed: unexpected failure: shard worker crashed" },
    ]);
    const run = await getRun(db.ref, result.run_id);
    expect(run).toMatchObject({ state: "partial", failed_count: 2, progress: { ads_total: 5, ads_done: 5, shards_total: 3, shards_done: 3 } });
    expect(await getShard(db.ref, result.run_id, 1)).toMatchObject({ state: "failed", attempts: 3 });
    const finished = info.mock.calls.filter(([line]) => typeof line === "string" && line.startsWith("Sync run partial"));
    expect(finished).toHaveLength(1);
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });

  it("keeps the marketplace calls of all shards within the run's budget per interval", async () => {
    // Prepare
    await prepare(6, 2);
    const mark = sandbox.requests.length;
    const budget = { maxCalls: 3, windowMs: 400 };

    // Act: every step's client takes its calls from one budget (MARKETPLACE_MAX_CALLS_PER_MINUTE's, on a shorter window).
    await sync({ marketplace: { fetch: budgetedFetch(db.ref, budget) } });

    // Assess
    // The budget counts per minute-like window; a call takes its slot a few ms before it reaches the
    // sandbox, so a window's calls may arrive just after its end: any interval of one window's length
    // holds at most two windows' budgets, and the run spans a window per budget's worth of calls.
    const arrivals = sandbox.requests.slice(mark).map((call) => call.at);
    const busiest = Math.max(...arrivals.map((at) => arrivals.filter((other) => other >= at && other < at + budget.windowMs).length));
    const windowsNeeded = Math.ceil(arrivals.length / budget.maxCalls);
    expect(arrivals.length).toBeGreaterThan(3 * budget.maxCalls);
    expect(busiest).toBeLessThanOrEqual(2 * budget.maxCalls);
    expect(arrivals.at(-1)! - arrivals[0]!).toBeGreaterThanOrEqual((windowsNeeded - 2) * budget.windowMs);
  });

  it("still honours a 429's Retry-After inside the run's budget: the call is repeated after the wait, nothing is lost", async () => {
    // Prepare
    await prepare(4, 2);
    const mark = sandbox.requests.length;
    sandbox.faults.inject({ path: "/inventories/INV3/stock/fulfillment", status: 429, retryAfter: 1, count: 1 });

    // Act
    const result = await sync({ marketplace: { fetch: budgetedFetch(db.ref, { maxCalls: 1_000 }) } });

    // Assess
    const stockOf3 = sandbox.requests.slice(mark).filter((call) => call.path === "/inventories/INV3/stock/fulfillment");
    expect(stockOf3).toHaveLength(2);
    expect(stockOf3[1]!.at - stockOf3[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(result.stock).toMatchObject({ ads_full: 4, inventories: 4, failed: [] });
  });

  it("answers with the running run when it outlasts the wait, and the run finishes afterwards", async () => {
    // Prepare
    await prepare(3, 1);
    sandbox.faults.slow({ path: /^\/inventories\//, ms: 1_000, count: 3 });

    // Act
    const answer = await startSync(db.ref, "api", { waitMs: 600 });

    // Assess
    expect("running" in answer).toBe(true);
    const running = (answer as { running: { id: string; state: string; progress: unknown } }).running;
    expect(running).toMatchObject({ state: "running", progress: { ads_total: 3, shards_total: 3 } });
    await vi.waitFor(async () => expect((await getRun(db.ref, running.id))?.state).toBe("succeeded"), { timeout: 10_000, interval: 100 });
    expect(await getRun(db.ref, running.id)).toMatchObject({ progress: { ads_done: 3, shards_done: 3 }, result: { inventories: 3 } });
  });

  it("logs a progress line every few seconds while a run goes on", async () => {
    // Prepare: one shard held up on a stock read; only the intervals are faked.
    await prepare(4, 2);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const mark = sandbox.requests.length;
    sandbox.faults.slow({ path: "/inventories/INV3/stock/fulfillment", ms: 1_500, count: 1 });
    try {
      const running = sync();
      await vi.waitUntil(() => sandbox.requests.slice(mark).some((call) => call.path === "/inventories/INV3/stock/fulfillment"), { timeout: 10_000, interval: 10 });
      await vi.waitFor(async () => expect((await listRuns(db.ref, 1))[0]?.progress).toMatchObject({ shards_done: 1 }), { timeout: 10_000, interval: 10 });

      // Act
      await vi.advanceTimersByTimeAsync(PROGRESS_LOG_MS);
      await vi.waitUntil(() => info.mock.calls.some(([line]) => typeof line === "string" && / of 4 ads, /.test(line)), { timeout: 5_000, interval: 10 });
      const result = await running;

      // Assess
      const lines = info.mock.calls.map(([line]) => line).filter((line): line is string => typeof line === "string" && / of 4 ads, /.test(line));
      expect(lines).toEqual([`Sync run ${result.run_id}: 2 of 4 ads, 1 of 2 shards`]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("stops when its lease expires mid-run and another run takes over: no shard writes after it", async () => {
    // Prepare
    await prepare(3, 1);
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    let stolen = false;
    const stealing: typeof fetch = async (input, init) => {
      if (!stolen && String(input).includes("/inventories/INV2/stock")) {
        stolen = true;
        // The run's heartbeat stopped long enough for its lease to lapse; another run took it.
        const owner = (await readLease(db.ref, SYNC_LEASE_NAME))!.owner;
        await releaseLease(db.ref, SYNC_LEASE_NAME, owner);
        await acquireLease(db.ref, SYNC_LEASE_NAME, "newer-run", SYNC_LEASE_TTL_MS);
      }
      return fetch(input, init);
    };

    // Act
    const error = await sync({ marketplace: { fetch: stealing } }).catch((e: unknown) => e);

    // Assess: the shard that met the new owner wrote nothing; the run failed for its lost lease.
    expect(stolen).toBe(true);
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as SyncFailedError).reason).toMatch(/lost its lease/);
    const [run] = await listRuns(db.ref, 1);
    expect(run).toMatchObject({ id: (error as SyncFailedError).runId, state: "failed" });
    expect(await getShard(db.ref, run!.id, 1)).toMatchObject({ state: "failed", outcome: { fatal: expect.stringMatching(/lost its lease/) } });
    expect((await listInventory(db.ref, ALL_FIELDS)).map((r) => r.inventory_id)).not.toContain("INV2");
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toMatchObject({ owner: "newer-run" });
    await releaseLease(db.ref, SYNC_LEASE_NAME, "newer-run");
  });
});
