/**
 * A sync started from the overview: POST /full/sync, then GET /full/sync/status followed until
 * the run ends (a long run answers 202 and goes on; a second start answers 409 while one runs).
 * When the API has no status endpoint, the POST's own answer is the last sync shown.
 */
import type { CallResult, Schema } from "@fulfillment/client";
import { errorText } from "./api.js";

export type SyncProgress = Schema<"SyncRunProgress">;
export type SyncRunResult = Schema<"SyncRunResult">;
export type SyncRun = Schema<"SyncRun">;
export type SyncState = SyncRun["state"];
export type SyncStatus = Omit<Schema<"SyncStatusResponse">, "success">;

export const STATE_LABELS: Record<SyncState, string> = {
  running: "Em andamento",
  succeeded: "Concluída",
  partial: "Concluída com falhas",
  failed: "Falhou",
};

/** Done share of a running run (0..1), or null when it has no figures yet (an indeterminate bar). */
export function progressFraction(progress: SyncProgress | null | undefined): number | null {
  if (!progress) return null;
  if (progress.ads_total > 0) return Math.min(1, Math.max(0, progress.ads_done / progress.ads_total));
  if (progress.shards_total > 0) return Math.min(1, Math.max(0, progress.shards_done / progress.shards_total));
  return null;
}

/** What POST /full/sync answers: the finished run's report (200), the run going on (202) or an error. */
export type SyncStartAnswer = CallResult<"/full/sync", "post", "application/json">;
/** The report of a sync that finished within the request (200). */
export type SyncReport = Schema<"SyncResponse">;

/** The run a POST /full/sync answer describes (its report, or the failure's text), for an API without the status endpoint. */
export function runFromAnswer(report: SyncReport | null, failure: string | undefined, startedAt: Date, finishedAt: Date): SyncRun {
  const failed = report?.stock.failed.length ?? 0;
  return {
    id: report?.run_id ?? startedAt.toISOString(),
    trigger: "api",
    state: !report ? "failed" : failed > 0 ? "partial" : "succeeded",
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    duration_ms: finishedAt.getTime() - startedAt.getTime(),
    result: report
      ? {
          ads_full: report.stock.ads_full,
          inventories: report.stock.inventories,
          dimensions_updated: report.stock.dimensions_updated,
          cost_updated: report.cost.updated,
          cost_skipped: report.cost.skipped,
          tariffs_active: report.cost.tariffs_active,
        }
      : null,
    heartbeat_at: null,
    failed_count: failed,
    failed_ads: [],
    error: report ? null : (failure ?? "A sincronização falhou."),
    progress: null,
    actor: null,
    request_id: null,
    drift: null,
  };
}

export type SyncView =
  | { phase: "running"; fraction: number | null; progress: SyncProgress | null; note?: string }
  | { phase: "done"; last: SyncRun | null; status: SyncStatus | null; error?: string };

export interface SyncFlowDeps {
  startSync: () => Promise<SyncStartAnswer>;
  /** null when the API has no status endpoint. */
  readStatus: () => Promise<SyncStatus | null>;
  onUpdate: (view: SyncView) => void;
  wait: (ms: number) => Promise<void>;
  now: () => Date;
  pollMs?: number;
  /** Gives up following a run after this long (the run goes on; the next status read shows it). */
  maxWaitMs?: number;
}

/** Runs one sync and reports progress until it ends. */
export async function runSyncFlow(deps: SyncFlowDeps): Promise<void> {
  const pollMs = deps.pollMs ?? 1_000;
  const maxWaitMs = deps.maxWaitMs ?? 15 * 60_000;
  const startedAt = deps.now();
  deps.onUpdate({ phase: "running", fraction: null, progress: null });

  let answer: SyncStartAnswer | undefined;
  let unreachable: string | undefined;
  const request = deps.startSync().then(
    (result) => (answer = result),
    (error: Error) => (unreachable = `Sem resposta da API: ${error.message}`),
  );
  const settled = () => answer !== undefined || unreachable !== undefined;

  // While the POST is pending, the status endpoint shows the run's progress.
  let statusAvailable = true;
  while (!settled() && statusAvailable) {
    await Promise.race([request, deps.wait(pollMs)]);
    if (settled()) break;
    const status = await deps.readStatus().catch(() => null);
    if (!status) statusAvailable = false;
    else if (status.running) deps.onUpdate({ phase: "running", fraction: progressFraction(status.running.progress), progress: status.running.progress });
  }
  await request;
  const code = answer?.response.status ?? 0;
  const failure = unreachable ?? (answer?.error !== undefined ? errorText(code, answer.error) : undefined);
  const report = code === 200 && answer?.data && "stock" in answer.data ? answer.data : null;

  const alreadyRunning = code === 409;
  if (code === 202 || alreadyRunning) {
    const note = alreadyRunning ? "Já havia uma sincronização em andamento; acompanhando-a." : undefined;
    deps.onUpdate({ phase: "running", fraction: null, progress: null, note });
    const deadline = startedAt.getTime() + maxWaitMs;
    for (;;) {
      const status = await deps.readStatus().catch(() => null);
      if (!status) return deps.onUpdate({ phase: "done", last: null, status: null, error: alreadyRunning ? failure : undefined });
      if (!status.running || deps.now().getTime() > deadline) return deps.onUpdate({ phase: "done", last: status.last, status });
      deps.onUpdate({ phase: "running", fraction: progressFraction(status.running.progress), progress: status.running.progress, note });
      await deps.wait(pollMs);
    }
  }

  const status = await deps.readStatus().catch(() => null);
  deps.onUpdate({ phase: "done", last: status?.last ?? runFromAnswer(report, failure, startedAt, deps.now()), status, error: failure });
}
