import { spawn } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { StorageCost, Time, type Ad } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "#services/sync/lease";
import { syncStatus } from "#services/sync/status";
import { syncToTheEnd } from "#test/sync";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { listAllAds, putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { readLease } from "#storage/lease";
import { listMetricsBySku } from "#storage/metrics";
import { listRuns } from "#storage/sync/runs";
import { listTariffs } from "#storage/tariffs";
import { load } from "#test/fixtures";
import { startSlowProxy } from "#test/slow-proxy";
import { useTestTable } from "#test/table";
import { businessDayClearOfMidnight } from "#test/business-day";

/**
 * Crash-safe runs: a sync process killed (SIGKILL) in each step of the state machine — while
 * planning, while reading the marketplace or writing stock in a shard, or while computing costs
 * in finalize — leaves a run that shows as running until its lease lapses, then
 * as failed ("abandoned: no heartbeat since …"); the next run takes over, and when it completes
 * every SKU's cost agrees with the stock and tariffs stored.
 */

const db = useTestTable("sync-crash", "test");
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;
let slowStorage: { url: string; stop(): Promise<void> };

const ADS = 80;
const today = await businessDayClearOfMidnight();
const items: SandboxItem[] = Array.from({ length: ADS }, (_, i) => ({
  id: `MLB${i}`,
  inventory_id: `INV${i}`,
  dimensions: { height: 10 + (i % 3) * 10, width: 10, length: 10 },
  stock: { available: 5 + i },
  receptions: [
    { date: Time.addDays(today, -(200 + i)), quantity: 3 },
    { date: Time.addDays(today, -(i % 40)), quantity: 5 + i },
  ],
}));
const ads: Ad[] = items.map((item, i) => ({
  id: item.id,
  title: null,
  thumbnail: null,
  permalink: null,
  cost: 10,
  sku: `SKU${i % 10}`,
  is_full: true,
  sales_30d: 30,
}));
const tariffs = [
  { id: 1, min_volume_l: 0, max_volume_l: 2.5, daily_fee: 0.1, inbound_fee: 1, aged_days_threshold: 30, aged_daily_factor: 2, active: true },
  { id: 2, min_volume_l: 2.5, max_volume_l: null, daily_fee: 0.3, inbound_fee: 2, aged_days_threshold: 30, aged_daily_factor: 2, active: true },
];

async function prepare(): Promise<void> {
  await putAds(db.ref, ads);
  await load(db.ref, { tariffs });
  await putCredential(db.ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });
}

/** Starts the scheduled sync in its own process and SIGKILLs it as it begins `step`; resolves with its run id. */
async function killSyncAt(step: string): Promise<string> {
  const child = spawn(process.execPath, ["--import", "tsx", "test/support/sync-process.ts"], {
    env: {
      ...process.env,
      TABLE_NAME: db.ref.table,
      DYNAMODB_ENDPOINT: slowStorage.url,
      MARKETPLACE_API_URL: sandbox.url,
      MARKETPLACE_CLIENT_ID: sandbox.clientId,
      MARKETPLACE_CLIENT_SECRET: sandbox.clientSecret,
      POWERTOOLS_LOG_LEVEL: "DEBUG",
      POWERTOOLS_DEV: "false",
    },
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  let runId: string | undefined;
  let killedAt: string | undefined;
  child.stdout!.on("data", (chunk: Buffer) => {
    output += chunk.toString();
    for (const line of output.split("\n").slice(0, -1)) {
      const entry = line.startsWith("{") ? (JSON.parse(line) as { run_id?: string; step?: string }) : {};
      runId ??= entry.run_id;
      if (entry.step === step && !killedAt) {
        killedAt = step;
        child.kill("SIGKILL");
      }
    }
    output = output.slice(output.lastIndexOf("\n") + 1);
  });
  child.stderr!.resume();
  const signal = await new Promise<NodeJS.Signals | null>((resolve) => child.once("exit", (_code, sig) => resolve(sig)));
  expect(signal, `the sync process ended before step ${step}`).toBe("SIGKILL");
  expect(killedAt).toBe(step);
  return runId!;
}

/** The next run, in this process, once the killed run's lease has lapsed (a minute later). */
const takeOver = () => syncToTheEnd(db.ref, { at: new Date(Date.now() + 61_000), marketplace: { backoffBaseMs: 1, backoffMaxMs: 5 } });

/** Every SKU's stored cost equals what the cost rule gives for the stored stock, ads and tariffs. */
async function expectCostsConsistent(): Promise<void> {
  const [storedAds, inventory, storedTariffs, metrics] = await Promise.all([listAllAds(db.ref), listInventory(db.ref), listTariffs(db.ref), listMetricsBySku(db.ref)]);
  const expected = StorageCost.computeCosts({ ads: storedAds, inventory, tariffs: storedTariffs, now: new Date() }).metrics;
  expect(expected.length).toBe(10);
  for (const metric of expected) {
    expect(metrics.get(metric.sku), metric.sku).toMatchObject({ storage_cost: metric.storage_cost, storage_risk_cost: metric.storage_risk_cost });
  }
  expect(expected.some((metric) => (metric.storage_risk_cost ?? 0) > 0)).toBe(true);
}

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items }, latencyMs: 5 });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
  const engine = new URL(process.env.DYNAMODB_ENDPOINT!);
  slowStorage = await startSlowProxy({ host: engine.hostname, port: Number(engine.port) }, 25);
});

afterAll(async () => {
  await slowStorage.stop();
  await sandbox.stop();
  restoreEnv();
});

describe.each([
  ["while planning (catalogue discovery)", "discoverCatalogue"],
  ["while reading the marketplace", "readStock"],
  ["while writing stock", "storeStock"],
  ["while computing costs", "recomputeCosts"],
])("a sync killed %s", (_when, step) => {
  it("shows as running until its lease lapses, then failed; the next run takes over and leaves costs consistent with stock and tariffs", async () => {
    // Prepare
    await prepare();

    // Act
    const killed = await killSyncAt(step);
    const right = await syncStatus(db.ref);
    const lapsed = await syncStatus(db.ref, new Date(Date.now() + SYNC_LEASE_TTL_MS + 1_000));
    const next = await takeOver();

    // Assess
    expect(right.running).toMatchObject({ id: killed, state: "running", trigger: "schedule" });
    expect(lapsed.running).toBeNull();
    expect(lapsed.last).toMatchObject({ id: killed, state: "failed", error: expect.stringMatching(/^abandoned: no heartbeat since \d{2}:\d{2}:\d{2}$/) });
    expect(next.stock).toMatchObject({ ads_full: ADS, inventories: ADS, failed: [] });
    const runs = await listRuns(db.ref, 10);
    expect(runs.map((run) => [run.id, run.state])).toEqual([
      [next.run_id, "succeeded"],
      [killed, "failed"],
    ]);
    expect(runs[1]!.error).toBe(lapsed.last!.error);
    expect(await readLease(db.ref, SYNC_LEASE_NAME)).toBeUndefined();
    const inventory = await listInventory(db.ref);
    expect(inventory).toHaveLength(ADS);
    // Every record rewritten by the run that completed.
    const written = [...new Set(inventory.map((record) => record.updated_at!))];
    expect(written).toHaveLength(1);
    expect(Date.parse(written[0]!)).toBeGreaterThanOrEqual(Date.parse(runs[0]!.started_at));
    await expectCostsConsistent();
  }, 90_000); // a process started, killed and followed by a takeover: slow on a busy machine
});
