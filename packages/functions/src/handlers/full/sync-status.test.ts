import { describe, expect, it } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { Sync, Time, type Ad } from "@fulfillment/core";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { fullAd } from "#test/fixtures";
import { Entities } from "#storage/keys";
import { releaseLease } from "#storage/lease";
import { createRun, finishRun, listRuns } from "#storage/sync/runs";
import { SYNC_LEASE_NAME } from "#services/sync/lease";
import { syncMachine } from "#test/sync";
import { runLeftBehind, useSyncSandbox } from "#test/sync-sandbox";
import { handler as dailySync } from "../jobs/daily-sync.js";
import { handler as postSyncHandler } from "./sync.js";
import { handler as statusHandler } from "./sync-status.js";
import { handler as runsHandler } from "./sync-runs.js";
import { handler as overviewHandler } from "./overview.js";

const db = useTestTable("sync-status", "test");

const postSync = () => invoke(postSyncHandler, { method: "POST", path: "/full/sync" });
const getStatus = () => invoke(statusHandler, { path: "/full/sync/status" });
const getRuns = (query?: Record<string, string>) => invoke(runsHandler, { path: "/full/sync/runs", ...(query ? { query } : {}) });

const RUN_ID = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z#[0-9a-f]{6}$/;
const ISO = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/;

const items: SandboxItem[] = [
  { id: "MLB1", inventory_id: "INV1", dimensions: { height: 10, width: 10, length: 5 }, stock: { available: 9 } },
  {
    id: "MLB2",
    variations: [
      { id: 2001, inventory_id: "VAR1", stock: { available: 6 } },
      { id: 2002, inventory_id: "VAR2", stock: { available: 3 } },
    ],
  },
];
const ads: Ad[] = [fullAd("MLB1", { sku: "SKU-1", sales_30d: 30 }), fullAd("MLB2", { sku: "SKU-2", sales_30d: 15 })];

const { sandbox, seed, requestsOfTest } = useSyncSandbox(db, { items });
const prepare = () => seed(items, ads);

/** A run stored as running by an owner that last renewed its heartbeat `ago` ms before now, with its lease. */
function runLeftBehindBy(ago: number) {
  const heartbeat = new Date(Date.now() - ago);
  return runLeftBehind(db.ref, heartbeat, new Date(heartbeat.getTime() - 5_000));
}

describe("GET /full/sync/runs and GET /full/sync/status", () => {
  it("says, on an empty service without tariffs, that none is active: in the sync's answer, its run record and the overview", async () => {
    // Prepare: a new seller: ads and a credential, no tariff, no local stock.
    await prepare();

    // Act: on a busy machine the run may outlast the answer's window (202): then it is followed to its end.
    const answer = await postSync();
    if (answer.statusCode === 202) await expect.poll(async () => (await getStatus()).body.running, { timeout: 60_000 }).toBeNull();
    const runs = await getRuns({ limit: "1" });
    const status = await getStatus();
    const english = await invoke(runsHandler, { path: "/full/sync/runs", query: { limit: "1" }, headers: { "accept-language": "en" } });
    const overview = await invoke(overviewHandler, { path: "/full/overview" });

    // Assess
    const noTariffs = { code: "no_active_tariffs", params: {}, text: expect.stringMatching(/^Nenhuma tarifa de armazenagem ativa.*Cadastre a tabela de tarifas em Tarifas \(POST \/full\/tariffs\)/) };
    expect([200, 202]).toContain(answer.statusCode);
    if (answer.statusCode === 200) {
      expect(answer.body.cost.tariffs_active).toBe(0);
      expect(answer.body.warnings).toContainEqual(noTariffs);
    }
    expect(runs.body.runs[0].result.tariffs_active).toBe(0);
    expect(runs.body.runs[0].result.warnings).toContainEqual(noTariffs);
    expect(status.body.last.result.warnings).toContainEqual(noTariffs);
    expect(english.body.runs[0].result.warnings).toContainEqual({ code: "no_active_tariffs", params: {}, text: expect.stringMatching(/^No active storage tariff.*Tariffs/) });
    expect(overview.body.warnings.map((warning: { code: string }) => warning.code)).toEqual(expect.arrayContaining(["no_active_tariffs", "no_local_stock"]));
    expect(overview.body.warnings).toContainEqual(noTariffs);
  });

  it("record every run, from the API and from the schedule, newest first with every field", async () => {
    // Prepare
    await prepare();

    // Act
    const api = await postSync();
    const scheduled = await dailySync({ id: "schedule-event" });
    await syncMachine.settled();
    const runs = await getRuns();
    const one = await getRuns({ limit: "1" });
    const status = await getStatus();

    // Assess
    expect(api.statusCode).toBe(200);
    expect(runs.statusCode).toBe(200);
    expect(runs.body.runs.map((run: Sync.SyncRun) => [run.id, run.trigger])).toEqual([
      [(scheduled as { run: { id: string } }).run.id, "schedule"],
      [api.body.run_id, "api"],
    ]);
    const [latest, first] = runs.body.runs as Sync.SyncRun[];
    expect(first).toEqual({
      id: expect.stringMatching(RUN_ID),
      trigger: "api",
      state: "succeeded",
      started_at: expect.stringMatching(ISO),
      finished_at: expect.stringMatching(ISO),
      duration_ms: Date.parse(first!.finished_at!) - Date.parse(first!.started_at),
      heartbeat_at: first!.finished_at,
      result: { ads_full: 2, inventories: 3, dimensions_updated: 1, cost_updated: 0, cost_skipped: 0, tariffs_active: 0, warnings: expect.any(Array) },
      failed_count: 0,
      failed_ads: [],
      error: null,
      progress: { ads_total: 2, ads_done: 2, shards_total: 1, shards_done: 1 },
      // Who started it: the open local API names no caller; the request's id as API Gateway gave it.
      actor: "local",
      request_id: expect.any(String),
      // The first run: no inventory was stored to reconcile.
      drift: { count: 0, inventories: [] },
    });
    expect(first!.id.startsWith(first!.started_at)).toBe(true);
    expect(latest).toMatchObject({ trigger: "schedule", state: "succeeded", result: { ads_full: 2, inventories: 3, dimensions_updated: 0 }, actor: null, request_id: null });
    expect(one.body.runs).toEqual([latest]);
    expect(status.statusCode).toBe(200);
    expect(status.body).toEqual({
      success: true,
      running: null,
      last: latest,
      last_success: latest,
      next_scheduled_at: Sync.nextDailySync(new Date()).toISOString(),
    });
    expect(Date.parse(status.body.next_scheduled_at) - Date.now()).toBeLessThanOrEqual(86_400_000);
    expect(new Date(status.body.next_scheduled_at).getUTCHours()).toBe(6);
  });

  it("keep a run 90 days", async () => {
    // Prepare
    await prepare();

    // Act
    const { body } = await postSync();

    // Assess
    const { Item } = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: Entities["sync-run"].key({ runId: body.run_id }) }));
    const started = Date.parse(body.run_id.split("#")[0]);
    expect(Item!.expires_at_epoch).toBe(Math.ceil(started / 1000) + 90 * 86_400);
  });

  it("show a failed run as the last one, with its error, while last_success keeps the earlier success", async () => {
    // Prepare
    await prepare();
    const good = await postSync();
    sandbox.faults.inject({ path: /^\/inventories\//, status: 500, count: 100 });

    // Act
    const bad = await postSync();
    const status = await getStatus();

    // Assess
    expect(bad.statusCode).toBe(500);
    expect(status.body.last).toMatchObject({
      state: "failed",
      trigger: "api",
      result: null,
      failed_count: 2,
      error: expect.stringMatching(/^no Full ad could be read/),
      finished_at: expect.stringMatching(ISO),
    });
    expect(status.body.last_success).toMatchObject({ id: good.body.run_id, state: "succeeded" });
  });

  it("list 20 runs by default and up to 100 when asked", async () => {
    // Prepare: 21 finished runs, a second apart.
    const base = Date.now() - 3_600_000;
    for (let i = 0; i < 21; i++) {
      const run = Sync.startedRun(Sync.runId(new Date(base + i * 1000), `00000${i % 10}`), i % 2 ? "api" : "schedule", new Date(base + i * 1000));
      await createRun(db.ref, run);
      await finishRun(db.ref, Sync.finishedRun(run, { state: "succeeded", at: new Date(base + i * 1000 + 500), result: null, failed: [], error: null, progress: null }));
    }

    // Act
    const byDefault = await getRuns();
    const empty = await getRuns({ limit: "" });
    const many = await getRuns({ limit: "100" });

    // Assess
    expect(byDefault.body.runs).toHaveLength(20);
    expect(empty.body.runs).toEqual(byDefault.body.runs);
    expect(many.body.runs).toHaveLength(21);
    const ids = many.body.runs.map((run: Sync.SyncRun) => run.id);
    expect(ids).toEqual([...ids].sort().reverse());
    expect(byDefault.body.runs[0].id).toBe(ids[0]);
  });

  it.each(["0", "101", "abc", "1.5", "-3"])("answer 400 to limit=%j", async (limit) => {
    // Act
    const response = await getRuns({ limit });

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(/^limit deve ser um número inteiro de 1 a 100/) });
  });

  it("show the run under way, with its progress, while a slow marketplace holds it", async () => {
    // Prepare
    await prepare();
    // The shard's first stock read is held (the plan and its discovery are done by then).
    sandbox.faults.slow({ path: /^\/inventories\//, ms: 1_500, count: 1 });

    // Act: the status while that stock read is pending, then after the run.
    const sync = postSync();
    await expect.poll(() => requestsOfTest().some((line) => line.startsWith("GET /inventories/")), { interval: 20, timeout: 10_000 }).toBe(true);
    const during = await getStatus();
    const answer = await sync;
    const after = await getStatus();

    // Assess
    expect(during.body.running).toEqual({
      id: answer.body.run_id,
      trigger: "api",
      state: "running",
      started_at: expect.stringMatching(ISO),
      finished_at: null,
      duration_ms: null,
      heartbeat_at: expect.stringMatching(ISO),
      result: null,
      failed_count: 0,
      failed_ads: [],
      error: null,
      progress: { ads_total: 2, ads_done: 0, shards_total: 1, shards_done: 0 },
      actor: "local",
      request_id: expect.any(String),
      drift: null,
    });
    expect(during.body.last).toBeNull();
    expect(after.body.running).toBeNull();
    expect(after.body.last).toMatchObject({ id: answer.body.run_id, state: "succeeded" });
  });

  it("show a run whose owner stopped its heartbeat as failed, abandoned; the next sync takes over and records it so", async () => {
    // Prepare: the owner's last heartbeat was two minutes ago; its lease has lapsed.
    await prepare();
    const dead = await runLeftBehindBy(120_000);
    const since = Time.clockTime(Time.DEFAULT_TIME_ZONE, new Date(dead.heartbeat_at!));

    // Act
    const status = await getStatus();
    const sync = await postSync();
    const stored = await listRuns(db.ref, 5);

    // Assess
    const abandoned = {
      ...dead,
      state: "failed",
      finished_at: dead.heartbeat_at,
      duration_ms: 5_000,
      error: `abandoned: no heartbeat since ${since}`,
    };
    expect(status.body.running).toBeNull();
    expect(status.body.last).toEqual(abandoned);
    expect(sync.statusCode).toBe(200);
    expect(stored.map((run) => [run.id, run.state])).toEqual([
      [sync.body.run_id, "succeeded"],
      [dead.id, "failed"],
    ]);
    expect(stored[1]).toEqual(abandoned);
  });

  it("show a run whose heartbeat is recent as running, and a new sync waits (409)", async () => {
    // Prepare
    await prepare();
    const alive = await runLeftBehindBy(10_000);

    // Act
    const status = await getStatus();
    const sync = await postSync();

    // Assess
    expect(status.body.running).toMatchObject({ id: alive.id, state: "running", trigger: "schedule" });
    expect(sync.statusCode).toBe(409);
    expect(sync.body).toEqual({ success: false, error: expect.stringContaining(`já está em andamento (execução ${alive.id}`) });
    expect(requestsOfTest()).toEqual([]);
    await releaseLease(db.ref, SYNC_LEASE_NAME, alive.id);
  });
});
