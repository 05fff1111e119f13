/**
 * The sandbox marketplace of a sync test file and what its tests share: the service pointed at it
 * for the file's tests, a clean start for each test (no fault left armed, a working token pair),
 * the catalogue seeded with the seller's credential stored, the requests of the current test, and
 * a run left behind by an owner that died.
 */
import { afterAll, afterEach, beforeAll, beforeEach, expect } from "vitest";
import { Sync, type Ad } from "@fulfillment/core";
import { renewSandboxTokens, startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import type { TableRef } from "#storage/client";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { acquireLease } from "#storage/lease";
import { createRun } from "#storage/sync/runs";
import { SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "#services/sync/lease";
import { fullAd, load, type DatasetInput } from "#test/fixtures";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";

export interface SyncSandboxOptions {
  /** The sandbox's clock: its 12-month retention of operations counts back from it. */
  now?: () => number;
  /** Served until a test seeds its own. */
  items?: SandboxItem[];
  /** Checked after the file's tests: nothing but reads and token refreshes reached the marketplace. */
  readsOnly?: boolean;
}

export interface SyncSandbox {
  /** Stands for the running sandbox (started in the file's beforeAll), so tests and hooks name it directly. */
  readonly sandbox: SandboxMarketplace;
  /** Serves `items`, stores `ads` (and a dataset's records, through the loader), and the sandbox's current tokens as the seller's credential. */
  seed(items: SandboxItem[], ads: Ad[], dataset?: DatasetInput, options?: { credential?: boolean }): Promise<void>;
  /** Stores the seller's credential: the sandbox's current pair unless the test names other tokens. */
  storeCredential(tokens?: { access_token?: string; refresh_token?: string }, options?: { userId?: boolean }): Promise<void>;
  /** "METHOD path" of the requests the sandbox received during the current test. */
  requestsOfTest(): string[];
}

/** Starts the sandbox marketplace before the calling file's tests and stops it after them. */
export function useSyncSandbox(db: { readonly ref: TableRef }, options: SyncSandboxOptions = {}): SyncSandbox {
  let started: SandboxMarketplace | undefined;
  let restoreEnv = (): void => undefined;
  let mark = 0;
  const running = (): SandboxMarketplace => {
    if (!started) throw new Error("the sandbox marketplace starts in the file's beforeAll: use it from a test or hook");
    return started;
  };

  beforeAll(async () => {
    started = await startSandboxMarketplace({ seed: { items: options.items ?? [] }, ...(options.now ? { now: options.now } : {}) });
    restoreEnv = replaceMarketplaceEnv(sandboxEnv(started));
  });
  beforeEach(() => {
    mark = running().requests.length;
  });
  afterEach(async () => {
    running().faults.reset();
    // A test that expired or used up the tokens leaves the next one a working pair.
    await renewSandboxTokens(running());
  });
  afterAll(async () => {
    const sandbox = running();
    if (options.readsOnly) {
      const others = sandbox.requests.filter((r) => r.method !== "GET" && !(r.method === "POST" && r.path === "/oauth/token"));
      expect(sandbox.requests.length).toBeGreaterThan(0);
      expect(others).toEqual([]);
    }
    await sandbox.stop();
    restoreEnv();
  });

  const storeCredential: SyncSandbox["storeCredential"] = async (tokens = {}, { userId = true } = {}) => {
    const pair = running().currentTokens();
    await putCredential(db.ref, {
      provider: "mercadolivre",
      access_token: tokens.access_token ?? pair.access_token,
      refresh_token: tokens.refresh_token ?? pair.refresh_token,
      ...(userId ? { user_id: running().sellerId } : {}),
    });
  };

  return {
    sandbox: new Proxy({} as SandboxMarketplace, { get: (_, property) => Reflect.get(running(), property) }),
    async seed(items, ads, dataset, { credential = true } = {}) {
      running().reseed({ items });
      await putAds(db.ref, ads);
      if (dataset) await load(db.ref, dataset);
      if (credential) await storeCredential();
    },
    storeCredential,
    requestsOfTest: () => running().requests.slice(mark).map((r) => `${r.method} ${r.path}`),
  };
}

/** `count` Full items MLB1… with one inventory each (INV1…, i units in stock), and their ads (SKU-1…). */
export function numberedCatalogue(count: number): { items: SandboxItem[]; ads: Ad[] } {
  const numbers = Array.from({ length: count }, (_, i) => i + 1);
  return {
    items: numbers.map((n) => ({ id: `MLB${n}`, inventory_id: `INV${n}`, stock: { available: n } })),
    ads: numbers.map((n) => fullAd(`MLB${n}`, { sku: `SKU-${n}` })),
  };
}

/**
 * A run stored as running whose owner died right after its heartbeat at `heartbeat`, still
 * holding the lease: what a crash leaves behind for the next run to take over.
 */
export async function runLeftBehind(ref: TableRef, heartbeat: Date, started: Date): Promise<Sync.SyncRun> {
  const run = { ...Sync.startedRun(Sync.runId(started, "dead01"), "schedule", started), heartbeat_at: heartbeat.toISOString() };
  expect(await acquireLease(ref, SYNC_LEASE_NAME, run.id, SYNC_LEASE_TTL_MS, heartbeat.getTime())).toBe(true);
  await createRun(ref, run);
  return run;
}
