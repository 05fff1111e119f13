/**
 * A sync started from the overview: POST /full/sync, then GET /full/sync/status followed until
 * the run ends (a long run answers 202 and goes on; a second start answers 409 while one runs).
 * When the API has no status endpoint, the POST's own answer is the last sync shown.
 */
import type { Schema } from "@fulfillment/client";

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

/** An HTTP answer reduced to what the flow needs. */
export interface Answer {
  status: number;
  body: Record<string, unknown> | null;
}

type SpecSyncBody = Partial<Schema<"SyncResponse">> & { error?: string };

/** The run a POST /full/sync answer describes, for an API without the status endpoint. */
export function runFromAnswer(answer: Answer, startedAt: Date, finishedAt: Date): SyncRun {
  const body = (answer.body ?? {}) as SpecSyncBody;
  const failed = answer.status === 200 ? (body.stock?.failed?.length ?? 0) : 0;
  return {
    id: body.run_id ?? startedAt.toISOString(),
    trigger: "api",
    state: answer.status !== 200 ? "failed" : failed > 0 ? "partial" : "succeeded",
    started_at: startedAt.toISOString(),
    finished_at: finishedAt.toISOString(),
    duration_ms: finishedAt.getTime() - startedAt.getTime(),
    result:
      answer.status === 200
        ? {
            ads_full: body.stock?.ads_full ?? 0,
            inventories: body.stock?.inventories ?? 0,
            dimensions_updated: body.stock?.dimensions_updated ?? 0,
            cost_updated: body.cost?.updated ?? 0,
            cost_skipped: body.cost?.skipped ?? 0,
            tariffs_active: body.cost?.tariffs_active ?? 0,
          }
        : null,
    heartbeat_at: null,
    failed_count: failed,
    failed_ads: [],
    error: answer.status === 200 ? null : (body.error ?? `A sincronização falhou (HTTP ${answer.status}).`),
    progress: null,
    actor: null,
    request_id: null,
  };
}

export type SyncView =
  | { phase: "running"; fraction: number | null; progress: SyncProgress | null; note?: string }
  | { phase: "done"; last: SyncRun | null; status: SyncStatus | null; error?: string };

export interface SyncFlowDeps {
  startSync: () => Promise<Answer>;
  /** null when the API has no status endpoint. */
  readStatus: () => Promise<SyncStatus | null>;
  onUpdate: (view: SyncView) => void;
  wait: (ms: number) => Promise<void>;
  now: () => Date;
  pollMs?: number;
  /** Gives up following a run after this long (the run goes on; the next status read shows it). */
  maxWaitMs?: number;
}

function errorOf(answer: Answer): string {
  const error = answer.body?.error ?? answer.body?.message;
  return typeof error === "string" && error !== "" ? error : `A API respondeu HTTP ${answer.status}.`;
}

/** Runs one sync and reports progress until it ends. */
export async function runSyncFlow(deps: SyncFlowDeps): Promise<void> {
  const pollMs = deps.pollMs ?? 1_000;
  const maxWaitMs = deps.maxWaitMs ?? 15 * 60_000;
  const startedAt = deps.now();
  deps.onUpdate({ phase: "running", fraction: null, progress: null });

  let answer: Answer | undefined;
  const request = deps.startSync().then(
    (result) => (answer = result),
    (error: Error) => (answer = { status: 0, body: { error: `Sem resposta da API: ${error.message}` } }),
  );

  // While the POST is pending, the status endpoint shows the run's progress.
  let statusAvailable = true;
  while (answer === undefined && statusAvailable) {
    await Promise.race([request, deps.wait(pollMs)]);
    if (answer !== undefined) break;
    const status = await deps.readStatus().catch(() => null);
    if (!status) statusAvailable = false;
    else if (status.running) deps.onUpdate({ phase: "running", fraction: progressFraction(status.running.progress), progress: status.running.progress });
  }
  await request;
  const final = answer!;

  const alreadyRunning = final.status === 409;
  if (final.status === 202 || alreadyRunning) {
    const note = alreadyRunning ? "Já havia uma sincronização em andamento; acompanhando-a." : undefined;
    deps.onUpdate({ phase: "running", fraction: null, progress: null, note });
    const deadline = startedAt.getTime() + maxWaitMs;
    for (;;) {
      const status = await deps.readStatus().catch(() => null);
      if (!status) return deps.onUpdate({ phase: "done", last: null, status: null, error: alreadyRunning ? errorOf(final) : undefined });
      if (!status.running || deps.now().getTime() > deadline) return deps.onUpdate({ phase: "done", last: status.last, status });
      deps.onUpdate({ phase: "running", fraction: progressFraction(status.running.progress), progress: status.running.progress, note });
      await deps.wait(pollMs);
    }
  }

  const status = await deps.readStatus().catch(() => null);
  const error = final.status === 200 ? undefined : errorOf(final);
  deps.onUpdate({ phase: "done", last: status?.last ?? runFromAnswer(final, startedAt, deps.now()), status, error });
}
