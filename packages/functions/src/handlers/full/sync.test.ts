import { describe, expect, it, vi } from "vitest";
import { Time, type Ad } from "@fulfillment/core";
import { renewSandboxTokens, startSandboxMarketplace, type SandboxItem } from "@fulfillment/local/sandbox/index";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { type DatasetInput, fullAd } from "#test/fixtures";
import { listAllAds } from "#storage/ads";
import { getCredential, putCredential } from "#storage/credentials";
import { listInventory } from "#storage/inventory";
import { acquireLease, releaseLease } from "#storage/lease";
import { SYNC_LEASE_TTL_MS, SYNC_LEASE_NAME } from "#services/sync/lease";
import { syncMachine } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { listRuns } from "#storage/sync/runs";
import { dumpTable, type StoredItem } from "#test/dump";
import { listOpenAlerts } from "#storage/alerts/state";
import { logger } from "#logging/logger";
import { handler as dailySync } from "../jobs/daily-sync.js";
import { handler as inventoryDetail } from "./inventory-detail.js";
import { handler as inventoryList } from "./inventory-list.js";
import { handler } from "./sync.js";
import { handler as syncStatus } from "./sync-status.js";
import { handler as syncRuns } from "./sync-runs.js";
import { ANSWER_WAIT_MS } from "#services/sync/start";
import { logAt } from "#test/log-level";

const db = useTestTable("sync-handler", "test");
const { sandbox, seed, storeCredential, requestsOfTest } = useSyncSandbox(db, { readsOnly: true });

const today = (): string => Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date());
const daysAgo = (days: number): string => Time.addDays(today(), -days);

const postSync = (headers?: Record<string, string>) => invoke(handler, { method: "POST", path: "/full/sync", headers });

/** Serves the items and stores the ads and records; the tests store the credential each needs. */
const prepare = (items: SandboxItem[], ads: Ad[], dataset: DatasetInput = {}) => seed(items, ads, dataset, { credential: false });

/** Refreshes through the sandbox as another process would; the returned pair is the newest. */
const refreshElsewhere = (refreshToken: string) => renewSandboxTokens(sandbox, refreshToken);

/** No token of the sandbox (issued so far) nor the client secret appears in the text. */
function expectNoSecrets(text: string, ...extra: string[]): void {
  const current = sandbox.currentTokens();
  for (const secret of [current.access_token, current.refresh_token, sandbox.tokens.access_token, sandbox.tokens.refresh_token, sandbox.clientSecret, ...extra]) {
    expect(text).not.toContain(secret);
  }
  expect(text).not.toMatch(/APP_USR-[0-9a-f]|TG-[0-9a-f]/);
}

const items: SandboxItem[] = [
  {
    id: "MLB1",
    inventory_id: "INV1",
    dimensions: { height: 10, width: 10, length: 5 },
    stock: { available: 9, not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damaged", quantity: 1 }], total: 12 },
    receptions: [{ date: daysAgo(100), quantity: 20 }],
  },
  {
    id: "MLB2",
    dimensions: { height: 20, width: 10, length: 10 },
    variations: [
      { id: 2001, inventory_id: "VAR1", stock: { available: 6 }, receptions: [{ date: daysAgo(4), quantity: 6 }] },
      { id: 2002, inventory_id: "VAR2", stock: { available: 3 }, receptions: [{ date: daysAgo(2), quantity: 3 }] },
    ],
  },
];
const ads = [fullAd("MLB1", { sku: "SKU-1", sales_30d: 30 }), fullAd("MLB2", { sku: "SKU-2", sales_30d: 15 })];

describe("POST /full/sync", () => {
  it("syncs stock and costs, answering 200 with the result; GET /full/inventory then shows the unit costs", async () => {
    // Prepare
    await prepare(items, [...ads, fullAd("MLB9", { sku: "SKU-9" })], {
      tariffs: [
        { id: 1, min_volume_l: 0, max_volume_l: 1, daily_fee: 0.2, inbound_fee: 1, aged_days_threshold: 50, aged_daily_factor: 2, active: true },
        { id: 2, min_volume_l: 1, max_volume_l: null, daily_fee: 0.5, inbound_fee: 2, active: true },
        { id: 3, min_volume_l: 0, max_volume_l: null, daily_fee: 9, inbound_fee: 9, active: false },
      ],
    });
    // MLB9 is still listed as Full, but its item is gone by the time it is read.
    sandbox.reseed({ items, listedOnly: ["MLB9"] });
    await storeCredential();

    // Act
    const response = await postSync();
    const listed = await invoke(inventoryList, { path: "/full/inventory", query: { sort_by: "available" } });
    const detail = await invoke(inventoryDetail, { path: "/full/inventory/MLB2", pathParameters: { ad_id: "MLB2" } });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.body).toEqual({
      success: true,
      run_id: expect.any(String),
      stock: { ads_full: 3, inventories: 3, dimensions_updated: 2, failed: [{ ad_id: "MLB9", error: "Item with id MLB9 not found" }] },
      cost: { updated: 2, skipped: 1, tariffs_active: 2 },
      discovery: { listed: 3, added: 0, updated: 2, no_longer_full: 0, sales_from_ledger: 0, failed: [{ ad_id: "MLB9", error: "Item with id MLB9 not found" }], error: null },
      // MLB9 was never read: no dimensions, so no tariff and no storage cost (the skipped SKU).
      warnings: [{ code: "no_dimensions", params: { ads: 1 }, text: expect.stringContaining("1 anúncio Full sem dimensões") }],
    });
    // A failed ad among others: a partial run, answered 200.
    expect(await listRuns(db.ref, 1)).toEqual([
      expect.objectContaining({ id: response.body.run_id, trigger: "api", state: "partial", failed_count: 1, failed_ads: [{ ad_id: "MLB9", error: "Item with id MLB9 not found" }] }),
    ]);
    expect(listed.body.items).toEqual([
      // 0.5 l: 0.2 × 9 / 2 + 1 = 1.9; the lot received 100 days ago: (100 − 50) × 0.2 × 2 = 20
      expect.objectContaining({
        inventory_id: "INV1",
        variation_id: null,
        available_qty: 9,
        in_transit_qty: 2,
        not_available_qty: 1,
        total_qty: 12,
        days_of_stock: 9,
        oldest_stock_days: 100,
        storage_cost_unit: 1.9,
        storage_risk_unit: 20,
      }),
      // 2 l: days 6/(15/30) = 12 and 3/(15/30) = 6, mean 9: 0.5 × 9 / 2 + 2 = 4.25; no risk
      expect.objectContaining({ inventory_id: "VAR1", variation_id: 2001, days_of_stock: 12, oldest_stock_days: 4, storage_cost_unit: 4.25, storage_risk_unit: null }),
      expect.objectContaining({ inventory_id: "VAR2", variation_id: 2002, days_of_stock: 6, oldest_stock_days: 2, storage_cost_unit: 4.25, storage_risk_unit: null }),
    ]);
    expect(detail.statusCode).toBe(200);
    expect(detail.body.daily_series).toEqual([{ date: today(), available: 9, in_transit: 0, not_available: 0 }]);
  });

  it("refreshes an expired token once and stores the rotated pair", async () => {
    // Prepare
    await prepare(items, ads);
    await storeCredential();
    const before = sandbox.currentTokens();
    sandbox.expireAccessTokens();

    // Act
    const response = await postSync();

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.body.stock).toMatchObject({ inventories: 3, failed: [] });
    const stored = await getCredential(db.ref, "mercadolivre");
    const issued = sandbox.currentTokens();
    expect(stored).toMatchObject({ access_token: issued.access_token, refresh_token: issued.refresh_token, user_id: sandbox.sellerId });
    expect(stored?.access_token).not.toBe(before.access_token);
    expect(stored?.refresh_token).not.toBe(before.refresh_token);
    expect(requestsOfTest().filter((line) => line.startsWith("POST"))).toEqual(["POST /oauth/token"]);
  });

  it("answers 409 to a second request while a sync runs, and that request changes nothing", async () => {
    // Prepare: the first sync is held up on the items read.
    await prepare(items, ads, { inventory: [{ inventory_id: "INV1", ad_id: "MLB1", sku: "SKU-1", available_qty: 1 }] });
    await storeCredential();
    sandbox.faults.slow({ path: "/items", ms: 300, count: 1 });

    // Act
    const first = postSync();
    const second = postSync();
    const earliest = await Promise.race([first, second]);
    const inventoryMeanwhile = await listInventory(db.ref);
    const answers = await Promise.all([first, second]);

    // Assess
    expect(earliest.statusCode).toBe(409);
    expect(earliest.body).toEqual({ success: false, error: expect.stringMatching(/^Uma sincronização de estoque já está em andamento/) });
    expect(inventoryMeanwhile).toEqual([expect.objectContaining({ inventory_id: "INV1", available_qty: 1 })]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(requestsOfTest().filter((line) => line.startsWith("GET /users/"))).toHaveLength(1);
    expect((await listInventory(db.ref)).find((record) => record.inventory_id === "INV1")?.available_qty).toBe(9);
  });

  it("answers 202 with the run and its progress when the run outlasts about 20 s; status and runs follow it to its end", async () => {
    // Prepare: one stock read is held up 30 s; the sandbox's wait and the answer's wait run on a fake clock.
    await prepare(items, ads);
    await storeCredential();
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout"] });
    sandbox.faults.slow({ path: /^\/inventories\//, ms: 30_000, count: 1 });
    try {
      const answering = postSync();
      await vi.waitUntil(() => requestsOfTest().some((line) => line.startsWith("GET /inventories/")), { timeout: 10_000, interval: 10 });

      // Act
      await vi.advanceTimersByTimeAsync(ANSWER_WAIT_MS);
      const response = await answering;
      const during = await invoke(syncStatus, { method: "GET", path: "/full/sync/status" });
      await vi.advanceTimersByTimeAsync(30_000);
      const runId = (response.body as { run: { id: string } }).run.id;
      await vi.waitFor(async () => expect((await invoke(syncStatus, { method: "GET", path: "/full/sync/status" })).body.last).toMatchObject({ id: runId, state: "succeeded" }), {
        timeout: 10_000,
        interval: 50,
      });
      const after = await invoke(syncStatus, { method: "GET", path: "/full/sync/status" });
      const runs = await invoke(syncRuns, { method: "GET", path: "/full/sync/runs" });

      // Assess
      const progress = { ads_total: 2, ads_done: 0, shards_total: 1, shards_done: 0 };
      expect(response.statusCode).toBe(202);
      expect(response.body).toEqual({ success: true, run: { id: expect.any(String), state: "running", progress } });
      expect(during.body.running).toMatchObject({ id: runId, state: "running", progress });
      expect(after.body).toMatchObject({ running: null, last: { id: runId, state: "succeeded", progress: { ads_total: 2, ads_done: 2, shards_total: 1, shards_done: 1 } } });
      expect(runs.body.runs[0]).toMatchObject({ id: runId, state: "succeeded", result: { ads_full: 2, inventories: 3 } });
      expect((await listInventory(db.ref)).map((record) => record.inventory_id).sort()).toEqual(["INV1", "VAR1", "VAR2"]);
    } finally {
      vi.useRealTimers();
    }
  });

  it("is not blocked by the expired lease of a crashed sync", async () => {
    // Prepare
    await prepare(items, ads);
    await storeCredential();
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "crashed", 1000, Date.now() - 60_000)).toBe(true);

    // Act
    const response = await postSync();

    // Assess
    expect(response.statusCode).toBe(200);
  });

  it("answers 500 with a readable reason when no credential is stored, in pt-BR by default and in English on request", async () => {
    // Prepare
    await prepare(items, ads);

    // Act
    const response = await postSync();
    const english = await postSync({ "accept-language": "en" });

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.headers).toMatchObject({ "content-language": "pt-BR" });
    expect(response.body).toEqual({
      success: false,
      error:
        'Falha na sincronização: Nenhuma credencial do marketplace gravada (nenhum registro de credencial "mercadolivre"): conecte primeiro a conta do vendedor (abra GET /marketplace/connect em um navegador, ou rode npm run connect)',
    });
    expect(english.statusCode).toBe(500);
    expect(english.headers).toMatchObject({ "content-language": "en" });
    expect(english.body).toEqual({
      success: false,
      error:
        'Sync failed: No marketplace credential stored (no "mercadolivre" credential record): connect the seller\'s account first (open GET /marketplace/connect in a browser, or run npm run connect)',
    });
    expect(requestsOfTest()).toEqual([]);
    expect(await listInventory(db.ref)).toEqual([]);
  });

  it("answers 500 naming invalid_grant, without token text, when the stored refresh token was already used", async () => {
    // Prepare: another process rotated the pair after it was stored.
    await prepare(items, ads);
    const stale = sandbox.currentTokens();
    await storeCredential(stale);
    await refreshElsewhere(stale.refresh_token);
    sandbox.expireAccessTokens();

    // Act
    const response = await postSync();

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: expect.stringContaining("invalid_grant") });
    expect(response.body.error).toMatch(/^Falha na sincronização: renovação do token recusada: invalid_grant \(/);
    expectNoSecrets(response.body.error, stale.access_token, stale.refresh_token);
    expect(await listInventory(db.ref)).toEqual([]);
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ refresh_token: stale.refresh_token });
    // The failed sync released its lease.
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "next", SYNC_LEASE_TTL_MS)).toBe(true);
    await releaseLease(db.ref, SYNC_LEASE_NAME, "next");
  });
});

describe("POST /full/sync failure outcome", () => {
  // The stored data apart from the run history, its shard definitions, the lease and the alerts (a failed run opens one).
  const storedData = async (): Promise<StoredItem[]> =>
    (await dumpTable(db.ref)).filter((item) => item.pk !== "SYNCRUN" && item.pk !== "LEASE" && !String(item.pk).startsWith("SYNCSHARD#") && !String(item.pk).startsWith("ALERT"));

  const tariffs = [{ id: 1, min_volume_l: 0, max_volume_l: null, daily_fee: 0.5, inbound_fee: 1, active: true }];
  const yesterday = {
    inventory: [
      { inventory_id: "INV1", ad_id: "MLB1", sku: "SKU-1", available_qty: 1, oldest_stock_days: 5, updated_at: `${daysAgo(1)}T12:00:00Z` },
      { inventory_id: "VAR1", ad_id: "MLB2", sku: "SKU-2", variation_id: 2001, available_qty: 1, oldest_stock_days: 5, updated_at: `${daysAgo(1)}T12:00:00Z` },
    ],
    daily_stock: [{ inventory_id: "INV1", day: daysAgo(1), available_qty: 1, in_transit_qty: 0, not_available_qty: 0 }],
    metrics: [{ sku: "SKU-1", storage_cost: 9.99, storage_risk_cost: 1.11 }],
    tariffs,
  };

  async function lastRun() {
    return (await listRuns(db.ref, 1))[0];
  }

  it("answers 500 'marketplace unreachable at <host>: connection refused' and changes nothing when the marketplace cannot be reached", async () => {
    // Prepare: a port nobody listens on.
    await prepare(items, ads, yesterday);
    await storeCredential();
    const closed = await startSandboxMarketplace({ seed: { items: [] } });
    await closed.stop();
    const restore = replaceMarketplaceEnv({ ...sandboxEnv(sandbox), MARKETPLACE_API_URL: closed.url });
    const before = await storedData();

    // Act
    const response = await postSync().finally(restore);

    // Assess
    const host = new URL(closed.url).host;
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: `Falha na sincronização: marketplace inacessível em ${host}: conexão recusada (ECONNREFUSED)` });
    expect(await storedData()).toEqual(before);
    expect(await lastRun()).toMatchObject({
      trigger: "api",
      state: "failed",
      error: `marketplace unreachable at ${host}: connection refused (ECONNREFUSED)`,
      result: null,
      failed_count: 2,
    });
    // The failed run is an open alert
    expect((await listOpenAlerts(db.ref)).find((alert) => alert.kind === "sync_failed")).toMatchObject({ severity: "critical", message: expect.stringContaining("connection refused") });
  });

  it("answers 500 'connection reset' when the marketplace drops every connection", async () => {
    // Prepare
    await prepare(items, ads, yesterday);
    await storeCredential();
    sandbox.faults.disconnect({ path: "/items", count: 20 });
    const before = await storedData();

    // Act
    const response = await postSync();

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body.error).toMatch(new RegExp(`^Falha na sincronização: marketplace inacessível em ${new URL(sandbox.url).host}: conexão interrompida \\(`));
    expect(await storedData()).toEqual(before);
  });

  it("answers 500 when no Full ad could be read at all, keeps every record and recomputes no cost", async () => {
    // Prepare: every stock read fails; recomputing costs would change SKU-1's metric.
    await prepare(items, ads, yesterday);
    await storeCredential();
    sandbox.faults.inject({ path: /^\/inventories\//, status: 500, count: 100 });
    // Discovery, before the stock reads, refreshes the ads' marketplace fields (with the detail's copy of
    // title and thumbnail, and the change counter of ads): the rest must stay as it was.
    const notAds = async () => (await storedData()).filter((item) => !/^(ADS#|ADHEAD#|READMODEL$)/.test(String(item.pk)));
    const before = await notAds();

    // Act
    const response = await postSync();

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body.error).toMatch(/^Falha na sincronização: nenhum anúncio Full pôde ser lido \(2 de 2 falharam\); MLB1: GET \/inventories\/\{id\}\/stock\/fulfillment: HTTP 500/);
    expect(await notAds()).toEqual(before);
    expect((await listAllAds(db.ref)).map(({ id, cost, sales_30d, is_full }) => ({ id, cost, sales_30d, is_full })).sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      ads.map(({ id, cost, sales_30d }) => ({ id, cost, sales_30d, is_full: true })),
    );
    expect(await lastRun()).toMatchObject({ state: "failed", failed_count: 2, failed_ads: [expect.objectContaining({ ad_id: "MLB1" }), expect.objectContaining({ ad_id: "MLB2" })] });
  });

  it("answers 500 with the sentence when the client secret is not configured, and records the failed run", async () => {
    // Prepare
    await prepare(items, ads);
    await storeCredential();
    const restore = replaceMarketplaceEnv({ MARKETPLACE_API_URL: sandbox.url, MARKETPLACE_CLIENT_ID: sandbox.clientId });

    // Act
    const response = await postSync().finally(restore);

    // Assess: the run stores the English sentence; the answer is in the request's language.
    const sentence = "The marketplace client secret is not configured (MARKETPLACE_CLIENT_SECRET): the sync cannot refresh the marketplace token";
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({
      success: false,
      error: "Falha na sincronização: O client secret do marketplace não está configurado (MARKETPLACE_CLIENT_SECRET): a sincronização não consegue renovar o token do marketplace",
    });
    expect(requestsOfTest()).toEqual([]);
    expect(await lastRun()).toMatchObject({ state: "failed", error: sentence });
    expectNoSecrets(JSON.stringify(await lastRun()));
  });

  it("answers 500 with the sentence when the credential has no seller id", async () => {
    // Prepare
    await prepare(items, ads);
    await putCredential(db.ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: null });

    // Act
    const response = await postSync();
    const english = await postSync({ "accept-language": "en" });

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body.error).toBe(
      'Falha na sincronização: A credencial "mercadolivre" não tem id do vendedor (user_id): grave-o com o par de tokens, a sincronização precisa dele para buscar as operações de estoque',
    );
    expect(english.body.error).toBe(
      'Sync failed: The "mercadolivre" credential has no seller id (user_id): store it with the token pair, the sync needs it to search the stock operations',
    );
    expect(requestsOfTest()).toEqual([]);
    expect(await listInventory(db.ref)).toEqual([]);
  });
});

describe("sync log lines", () => {
  it("logs one INFO line when a run starts and one when it ends, with trigger, run id, duration, counts and failed count", async () => {
    // Prepare: MLB9 is listed but cannot be read.
    await prepare(items, [...ads, fullAd("MLB9", { sku: "SKU-9" })]);
    sandbox.reseed({ items, listedOnly: ["MLB9"] });
    await storeCredential();
    const lines: string[] = [];
    const write = process.stdout.write.bind(process.stdout);
    const spy = vi.spyOn(process.stdout, "write").mockImplementation(((chunk: string | Uint8Array, ...rest: unknown[]) => {
      const text = typeof chunk === "string" ? chunk : Buffer.from(chunk).toString("utf8");
      if (!text.includes('"level"')) return (write as (...args: unknown[]) => boolean)(chunk, ...rest);
      lines.push(...text.split("\n").filter((line) => line.startsWith("{")));
      return true;
    }) as typeof process.stdout.write);
    const logsOff = logAt("INFO");

    // Act
    const response = await postSync().finally(() => {
      logsOff();
      spy.mockRestore();
    });

    // Assess
    const runId = response.body.run_id;
    const runLines = lines.map((line) => JSON.parse(line)).filter((line) => line.run_id === runId);
    expect(runLines).toEqual([
      expect.objectContaining({ level: "INFO", message: `Sync run started (trigger api, run ${runId})`, trigger: "api" }),
      expect.objectContaining({
        level: "INFO",
        message: expect.stringMatching(new RegExp(`^Sync run partial in \\d+\\.\\d s: 3 ads, 3 inventories, 0 costs updated, 1 failed \\(trigger api, run ${runId.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\)$`)),
        trigger: "api",
        state: "partial",
        duration_ms: expect.any(Number),
        ads_full: 3,
        inventories: 3,
        cost_updated: 0,
        failed_count: 1,
      }),
    ]);
  });
});

describe("daily sync job", () => {
  it("starts the same sync as POST /full/sync and leaves it running unwatched", async () => {
    // Prepare
    await prepare(items, ads);
    await storeCredential();

    // Act
    const started = await dailySync({ id: "schedule-event-1" });
    await syncMachine.settled();

    // Assess
    expect(started).toEqual({ run: { id: expect.any(String), state: "running", progress: expect.any(Object) } });
    const [run] = await listRuns(db.ref, 1);
    expect(run).toMatchObject({ id: (started as { run: { id: string } }).run.id, trigger: "schedule", state: "succeeded", result: { ads_full: 2, inventories: 3, dimensions_updated: 2 }, failed_count: 0 });
    expect((await listInventory(db.ref)).map((record) => record.inventory_id).sort()).toEqual(["INV1", "VAR1", "VAR2"]);
  });

  it("skips when another sync holds the lease", async () => {
    // Prepare
    await prepare(items, ads);
    await storeCredential();
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "manual-sync", SYNC_LEASE_TTL_MS)).toBe(true);

    // Act
    const result = await dailySync({ id: "schedule-event-2" });

    // Assess
    expect(result).toEqual({ skipped: expect.stringMatching(/already running/) });
    expect(requestsOfTest()).toEqual([]);
    await releaseLease(db.ref, SYNC_LEASE_NAME, "manual-sync");
  });

  it("records the run failed, naming the cause, when the sync cannot run, and frees the lease", async () => {
    // Prepare: no credential stored.
    await prepare(items, ads);

    // Act
    const started = await dailySync({ id: "schedule-event-3" });
    await syncMachine.settled();

    // Assess
    const [run] = await listRuns(db.ref, 1);
    expect(run).toMatchObject({ id: (started as { run: { id: string } }).run.id, state: "failed", error: expect.stringMatching(/credential/i) });
    expect(await acquireLease(db.ref, SYNC_LEASE_NAME, "next", SYNC_LEASE_TTL_MS)).toBe(true);
    await releaseLease(db.ref, SYNC_LEASE_NAME, "next");
  });
});
