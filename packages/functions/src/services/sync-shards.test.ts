import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Ad } from "@fulfillment/core";
import { renewSandboxTokens, startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { fullAd } from "#test/fixtures";
import { createMarketplaceClient, type MarketplaceClient, type MarketplaceClientOptions } from "../marketplace/index.js";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { listDailyStockSince } from "#storage/daily-stock";
import { acquireLease, readLease, releaseLease } from "#storage/lease";
import { getRun, listRuns } from "#storage/sync-runs";
import { getShard, listShards } from "#storage/sync-shards";
import { logger } from "#logging/logger";
import { credentialTokenStore } from "./marketplace.js";
import { PROGRESS_LOG_MS, runSync, SyncFailedError, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS, type SyncOptions } from "./sync.js";
import { planRun } from "./sync-plan.js";
import { runShard } from "./sync-shard.js";
import { finalizeRun } from "./sync-finalize.js";
import { recordRunStart } from "./sync-run.js";
import { startSync } from "./sync-start.js";

const db = useTestTable("sync-shards", "test");
let sandbox: SandboxMarketplace;

const items = (count: number): SandboxItem[] =>
  Array.from({ length: count }, (_, i) => ({ id: `MLB${i + 1}`, inventory_id: `INV${i + 1}`, stock: { available: i + 1 } }));
const ads = (count: number): Ad[] => Array.from({ length: count }, (_, i) => fullAd(`MLB${i + 1}`, { sku: `SKU-${i + 1}` }));

async function prepare(count: number): Promise<void> {
  sandbox.reseed({ items: items(count) });
  await putAds(db.ref, ads(count));
  const pair = sandbox.currentTokens();
  await putCredential(db.ref, { provider: "mercadolivre", access_token: pair.access_token, refresh_token: pair.refresh_token, user_id: sandbox.sellerId });
}

function client(options: Partial<MarketplaceClientOptions> = {}): MarketplaceClient {
  return createMarketplaceClient({
    baseUrl: sandbox.url,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    tokens: credentialTokenStore(db.ref),
    timeoutMs: 2000,
    maxRetries: 1,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    ...options,
  });
}

/**
 * A client whose shards' item reads throw (as a crashed shard would) while `fails(ids)` says so.
 * The plan's discovery reads every listed item in one call of more than `shardSize` ids: left alone.
 */
function throwingOn(shardSize: number, fails: (ids: readonly string[]) => boolean): MarketplaceClient {
  const inner = client();
  return {
    ...inner,
    getItems: (ids) => (ids.length <= shardSize && fails(ids) ? Promise.reject(new Error("shard worker crashed")) : inner.getItems(ids)),
  };
}

const sync = (options: Partial<SyncOptions> = {}) => runSync(db.ref, { trigger: "api", marketplace: client(), budget: null, ...options });

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items: [] } });
});

afterEach(async () => {
  sandbox.faults.reset();
  vi.restoreAllMocks();
  await renewSandboxTokens(sandbox);
});

afterAll(async () => {
  await sandbox.stop();
});

describe("plan, shards and finalize", () => {
  it("cuts a catalogue larger than one shard into shards, counts every ad once and ends succeeded", async () => {
    // Prepare
    await prepare(5);

    // Act
    const result = await sync({ shardSize: 2, concurrency: 2 });

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
    await prepare(4);
    let failures = 0;
    const flaky = throwingOn(2, (ids) => ids.includes("MLB3") && failures++ === 0);

    // Act
    const result = await sync({ shardSize: 2, marketplace: flaky });

    // Assess
    expect(failures).toBe(2);
    expect(result.stock).toMatchObject({ ads_full: 4, inventories: 4, failed: [] });
    expect(await getRun(db.ref, result.run_id)).toMatchObject({ state: "succeeded", progress: { ads_total: 4, ads_done: 4, shards_total: 2, shards_done: 2 } });
    expect(await getShard(db.ref, result.run_id, 1)).toMatchObject({ state: "done", attempts: 2 });
    const ids = ["INV1", "INV2", "INV3", "INV4"];
    expect((await listInventory(db.ref, ALL_FIELDS)).map((r) => r.inventory_id).sort()).toEqual(ids);
    expect((await listDailyStockSince(db.ref, ids, "2000-01-01")).map((row) => row.inventory_id).sort()).toEqual(ids);
  });

  it("counts a shard run twice (a repeated delivery) once", async () => {
    // Prepare
    await prepare(3);
    const run = await recordRunStart(db.ref, { trigger: "api", clock: () => new Date(), timeZone: "America/Sao_Paulo" });
    const plan = await planRun(db.ref, run.id, new Date(), client(), 2);
    const input = { runId: run.id, marketplace: client(), now: new Date(), timeZone: "America/Sao_Paulo" };

    // Act
    await runShard(db.ref, { ...input, shard: 0 });
    await runShard(db.ref, { ...input, shard: 0 });
    await runShard(db.ref, { ...input, shard: 1 });
    const closed = await finalizeRun(db.ref, run.id, new Date());
    const again = await finalizeRun(db.ref, run.id, new Date());

    // Assess
    expect(plan.shards).toEqual([0, 1]);
    expect(closed).toMatchObject({ state: "succeeded", progress: { ads_total: 3, ads_done: 3, shards_total: 2, shards_done: 2 }, result: { ads_full: 3, inventories: 3 } });
    expect(again).toEqual(closed);
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
  });

  it("records a shard that keeps failing, goes on with the others, ends partial and finalizes once", async () => {
    // Prepare
    await prepare(5);
    const broken = throwingOn(2, (ids) => ids.includes("MLB3"));
    const info = vi.spyOn(logger, "info");
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);

    // Act
    const result = await sync({ shardSize: 2, marketplace: broken });

    // Assess
    expect(result.stock.inventories).toBe(3);
    expect(result.stock.failed).toEqual([
      { ad_id: "MLB3", error: "shard 1 failed: shard worker crashed" },
      { ad_id: "MLB4", error: "shard 1 failed: shard worker crashed" },
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
    await prepare(6);
    const mark = sandbox.requests.length;
    const budget = { maxCalls: 3, windowMs: 400 };

    // Act
    await sync({ shardSize: 2, concurrency: 3, budget, marketplace: async (extras) => client(extras) });

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
    await prepare(4);
    const mark = sandbox.requests.length;
    sandbox.faults.inject({ path: "/inventories/INV3/stock/fulfillment", status: 429, retryAfter: 1, count: 1 });

    // Act
    const result = await sync({ shardSize: 2, budget: { maxCalls: 1_000 }, marketplace: async (extras) => client(extras) });

    // Assess
    const stockOf3 = sandbox.requests.slice(mark).filter((call) => call.path === "/inventories/INV3/stock/fulfillment");
    expect(stockOf3).toHaveLength(2);
    expect(stockOf3[1]!.at - stockOf3[0]!.at).toBeGreaterThanOrEqual(1_000);
    expect(result.stock).toMatchObject({ ads_full: 4, inventories: 4, failed: [] });
  });

  it("answers with the running run when it outlasts the wait, and the run finishes afterwards", async () => {
    // Prepare
    await prepare(3);
    sandbox.faults.slow({ path: /^\/inventories\//, ms: 400, count: 3 });

    // Act
    const answer = await startSync(db.ref, { trigger: "api", marketplace: client(), budget: null, shardSize: 1, concurrency: 1 }, 600);

    // Assess
    expect("running" in answer).toBe(true);
    const running = (answer as { running: { id: string; state: string; progress: unknown } }).running;
    expect(running).toMatchObject({ state: "running", progress: { ads_total: 3, shards_total: 3 } });
    await vi.waitFor(async () => expect((await getRun(db.ref, running.id))?.state).toBe("succeeded"), { timeout: 10_000, interval: 100 });
    expect(await getRun(db.ref, running.id)).toMatchObject({ progress: { ads_done: 3, shards_done: 3 }, result: { inventories: 3 } });
  });

  it("logs a progress line every few seconds while a run goes on", async () => {
    // Prepare: one shard held up on a stock read; only the intervals are faked.
    await prepare(4);
    vi.useFakeTimers({ toFake: ["setInterval", "clearInterval"] });
    const info = vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const mark = sandbox.requests.length;
    sandbox.faults.slow({ path: "/inventories/INV3/stock/fulfillment", ms: 1_500, count: 1 });
    try {
      const running = sync({ shardSize: 2, concurrency: 1 });
      await vi.waitUntil(() => sandbox.requests.slice(mark).some((call) => call.path === "/inventories/INV3/stock/fulfillment"), { timeout: 10_000, interval: 10 });

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

  it("stops when its lease expires mid-run and another run takes over: no later shard writes", async () => {
    // Prepare
    await prepare(3);
    vi.spyOn(logger, "warn").mockImplementation(() => undefined);
    const inner = client();
    let runId = "";
    const stealing: MarketplaceClient = {
      ...inner,
      async getItems(ids) {
        if (ids.length === 1 && ids[0] === "MLB2") {
          // The run's heartbeat stopped long enough for its lease to lapse; another run took it.
          await releaseLease(db.ref, SYNC_LEASE_NAME, runId);
          await acquireLease(db.ref, SYNC_LEASE_NAME, "newer-run", SYNC_LEASE_TTL_MS);
          await new Promise((resolve) => setTimeout(resolve, 80));
        }
        return inner.getItems(ids);
      },
    };

    // Act
    const error = await sync({ shardSize: 1, concurrency: 1, heartbeatMs: 20, marketplace: stealing, onStarted: (id) => (runId = id) }).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(SyncFailedError);
    expect((error as SyncFailedError).reason).toMatch(/lost its lease/);
    expect((await listInventory(db.ref, ALL_FIELDS)).map((r) => r.inventory_id)).toEqual(["INV1"]);
    expect((await listRuns(db.ref, 1))[0]).toMatchObject({ id: runId, state: "failed" });
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toMatchObject({ owner: "newer-run" });
    await releaseLease(db.ref, SYNC_LEASE_NAME, "newer-run");
  });
});
