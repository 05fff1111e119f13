import { describe, expect, it } from "vitest";
import {
  progressFraction,
  runFromAnswer,
  runSyncFlow,
  type SyncReport,
  type SyncRun,
  type SyncStartAnswer,
  type SyncStatus,
  type SyncView,
} from "./sync-flow.js";

const run = (overrides: Partial<SyncRun>): SyncRun => ({
  id: "r1",
  trigger: "api",
  state: "succeeded",
  started_at: "2026-11-20T10:00:00.000Z",
  finished_at: "2026-11-20T10:00:05.000Z",
  duration_ms: 5000,
  result: { ads_full: 40, inventories: 47, dimensions_updated: 0, cost_updated: 0, cost_skipped: 0, tariffs_active: 0 },
  failed_count: 0,
  error: null,
  progress: null,
  heartbeat_at: null,
  failed_ads: [],
  actor: null,
  request_id: null,
  drift: null,
  ...overrides,
});

const status = (overrides: Partial<SyncStatus>): SyncStatus => ({ running: null, last: null, last_success: null, next_scheduled_at: null, ...overrides });

const report = (stock: Partial<SyncReport["stock"]> = {}, cost: Partial<SyncReport["cost"]> = {}): SyncReport => ({
  success: true,
  run_id: "r-post",
  stock: { ads_full: 40, inventories: 47, dimensions_updated: 0, failed: [], ...stock },
  cost: { updated: 0, skipped: 0, tariffs_active: 0, ...cost },
  discovery: { added: 0, error: null, failed: [], listed: 40, no_longer_full: 0, sales_from_ledger: 0, updated: 0 },
  warnings: [],
});

/** What the typed client hands back for an answer of `status` with `body` (a 2xx body as data, any other as error). */
const answer = (status: number, body: object): SyncStartAnswer =>
  (status >= 200 && status < 300
    ? { data: body, response: new Response(null, { status }) }
    : { error: body, response: new Response(null, { status }) }) as SyncStartAnswer;

/** A scripted API: the POST answers after `postAfterPolls` status reads; each read takes the next scripted status. */
function scripted(post: SyncStartAnswer, statuses: (SyncStatus | null)[], postAfterPolls: number) {
  let polls = 0;
  let resolvePost: (answer: SyncStartAnswer) => void = () => undefined;
  const views: SyncView[] = [];
  let clock = Date.parse("2026-11-20T10:00:00.000Z");
  return {
    views,
    deps: {
      startSync: () => new Promise<SyncStartAnswer>((resolve) => (resolvePost = resolve)),
      readStatus: async () => {
        polls += 1;
        if (polls >= postAfterPolls) resolvePost(post);
        return statuses[Math.min(polls - 1, statuses.length - 1)] ?? null;
      },
      onUpdate: (view: SyncView) => views.push(view),
      wait: async () => {
        clock += 1000;
      },
      now: () => new Date(clock),
    },
  };
}

describe("progressFraction", () => {
  it("uses ads, then shards, and is indeterminate without figures", () => {
    expect(progressFraction({ ads_total: 40, ads_done: 10, shards_total: 1, shards_done: 0 })).toBe(0.25);
    expect(progressFraction({ ads_total: 0, ads_done: 0, shards_total: 4, shards_done: 3 })).toBe(0.75);
    expect(progressFraction({ ads_total: 0, ads_done: 0, shards_total: 0, shards_done: 0 })).toBeNull();
    expect(progressFraction(null)).toBeNull();
  });
});

describe("runSyncFlow", () => {
  it("shows the running run's progress while the POST is pending, then the last run", async () => {
    const finished = run({ id: "r2" });
    const { deps, views } = scripted(
      answer(200, report()),
      [
        status({ running: run({ state: "running", progress: { ads_total: 40, ads_done: 10, shards_total: 1, shards_done: 0 } }) }),
        status({ running: run({ state: "running", progress: { ads_total: 40, ads_done: 30, shards_total: 1, shards_done: 0 } }) }),
        status({ last: finished }),
      ],
      2,
    );
    await runSyncFlow(deps);
    expect(views.map((v) => (v.phase === "running" ? v.fraction : v.last?.id))).toEqual([null, 0.25, 0.75, "r2"]);
  });

  it("follows a run that answered 202 until it ends", async () => {
    const { deps, views } = scripted(
      answer(202, { success: true, run: { id: "r3", state: "running" } }),
      [
        status({ running: run({ state: "running", progress: { ads_total: 100, ads_done: 50, shards_total: 4, shards_done: 2 } }) }),
        status({ running: run({ state: "running", progress: { ads_total: 100, ads_done: 90, shards_total: 4, shards_done: 3 } }) }),
        status({ last: run({ id: "r3", state: "partial", failed_count: 2 }) }),
      ],
      1,
    );
    await runSyncFlow(deps);
    const last = views.at(-1);
    expect(last).toMatchObject({ phase: "done", last: { id: "r3", state: "partial" } });
    expect(views.filter((v) => v.phase === "running").map((v) => (v as { fraction: number | null }).fraction)).toContain(0.9);
  });

  it("shows the API's error of a failed sync", async () => {
    const { deps, views } = scripted(answer(500, { success: false, error: "marketplace unreachable" }), [status({ last: run({ state: "failed" }) })], 1);
    await runSyncFlow(deps);
    expect(views.at(-1)).toMatchObject({ phase: "done", error: "marketplace unreachable", last: { state: "failed" } });
  });

  it("follows the run already under way when the POST answers 409, with the API's reason", async () => {
    const { deps, views } = scripted(
      answer(409, { success: false, error: "Another sync is running" }),
      [status({ running: run({ state: "running" }) }), status({ last: run({ id: "r4" }) })],
      1,
    );
    await runSyncFlow(deps);
    expect(views.some((v) => v.phase === "running" && v.note?.includes("Já havia"))).toBe(true);
    expect(views.at(-1)).toMatchObject({ phase: "done", last: { id: "r4" } });
  });

  it("says the API could not be reached when the POST fails without an answer", async () => {
    const views: SyncView[] = [];
    await runSyncFlow({
      startSync: () => Promise.reject(new Error("Failed to fetch")),
      readStatus: async () => null,
      onUpdate: (view) => views.push(view),
      wait: async () => undefined,
      now: () => new Date("2026-11-20T10:00:00.000Z"),
    });
    expect(views.at(-1)).toMatchObject({ phase: "done", error: "Sem resposta da API: Failed to fetch", last: { state: "failed" } });
  });

  it("without the status endpoint, shows the POST's own result as the last sync", async () => {
    const { deps, views } = scripted(
      answer(200, report({ failed: [{ ad_id: "x", error: "e" }] }, { updated: 30 })),
      [null],
      1,
    );
    await runSyncFlow(deps);
    expect(views.at(-1)).toMatchObject({
      phase: "done",
      status: null,
      last: { state: "partial", failed_count: 1, result: { ads_full: 40, inventories: 47, cost_updated: 30 }, finished_at: expect.any(String) },
    });
  });
});

describe("runFromAnswer", () => {
  it("describes a failure with the API's error", () => {
    const started = new Date("2026-11-20T10:00:00.000Z");
    const r = runFromAnswer(null, "token refresh rejected", started, new Date("2026-11-20T10:00:02.000Z"));
    expect(r).toMatchObject({ state: "failed", error: "token refresh rejected", duration_ms: 2000, result: null });
  });
});
