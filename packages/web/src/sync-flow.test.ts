import { describe, expect, it } from "vitest";
import { progressFraction, runFromAnswer, runSyncFlow, type Answer, type SyncRun, type SyncStatus, type SyncView } from "./sync-flow.js";

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
  ...overrides,
});

const status = (overrides: Partial<SyncStatus>): SyncStatus => ({ running: null, last: null, last_success: null, next_scheduled_at: null, ...overrides });

/** A scripted API: the POST answers after `postAfterPolls` status reads; each read takes the next scripted status. */
function scripted(post: Answer, statuses: (SyncStatus | null)[], postAfterPolls: number) {
  let polls = 0;
  let resolvePost: (answer: Answer) => void = () => undefined;
  const views: SyncView[] = [];
  let clock = Date.parse("2026-11-20T10:00:00.000Z");
  return {
    views,
    deps: {
      startSync: () => new Promise<Answer>((resolve) => (resolvePost = resolve)),
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
      { status: 200, body: { success: true } },
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
      { status: 202, body: { success: true, run: { id: "r3", state: "running" } } },
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
    const { deps, views } = scripted({ status: 500, body: { success: false, error: "marketplace unreachable" } }, [status({ last: run({ state: "failed" }) })], 1);
    await runSyncFlow(deps);
    expect(views.at(-1)).toMatchObject({ phase: "done", error: "marketplace unreachable", last: { state: "failed" } });
  });

  it("without the status endpoint, shows the POST's own result as the last sync", async () => {
    const { deps, views } = scripted(
      { status: 200, body: { success: true, stock: { ads_full: 40, inventories: 47, failed: [{ ad_id: "x", error: "e" }] }, cost: { updated: 30 } } },
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
    const r = runFromAnswer({ status: 500, body: { error: "token refresh rejected" } }, started, new Date("2026-11-20T10:00:02.000Z"));
    expect(r).toMatchObject({ state: "failed", error: "token refresh rejected", duration_ms: 2000, result: null });
  });
});
