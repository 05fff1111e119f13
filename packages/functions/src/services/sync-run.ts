import { randomBytes } from "node:crypto";
import { Sync } from "@fulfillment/core";
import { logger } from "#http/logger";
import type { TableRef } from "#storage/client";
import { acquireLease, readLease, releaseLease, renewLease } from "#storage/lease";
import { createRun, finishRun, listRunningRuns, recordHeartbeat } from "#storage/sync-runs";
import { SyncLeaseLostError, SyncRunningError } from "./sync-errors.js";

/** The lease every sync (POST /full/sync and the daily job) takes. */
export const SYNC_LEASE_NAME = "full-sync";
/** How often a running sync renews its lease and stores its heartbeat and progress. */
export const SYNC_HEARTBEAT_MS = 15_000;
/**
 * A run that stored no heartbeat for this long is abandoned: its lease lapses and the next sync
 * takes over. Three missed heartbeats, and well within a minute of a crash.
 */
export const SYNC_LEASE_TTL_MS = 45_000;

export interface RunOptions {
  trigger: Sync.RunTrigger;
  clock: () => Date;
  timeZone: string;
  heartbeatMs?: number;
}

export type RunEnd =
  | { state: "succeeded" | "partial"; result: Sync.RunResult; failed: readonly Sync.FailedAd[]; /** What made a partial run partial besides its failed ads. */ error?: string | null }
  | { state: "failed"; error: string; failed: readonly Sync.FailedAd[] };

/** One sync run: its lease and heartbeat, its stored record, and the INFO lines at its start and end. */
export interface RunHandle {
  readonly id: string;
  readonly trigger: Sync.RunTrigger;
  /** Counts ads as they are read; stored with the next heartbeat, or now with `saveProgress`. */
  setAdsTotal(total: number): void;
  adsDone(count?: number): void;
  saveProgress(): Promise<void>;
  /**
   * Marks the start of a named step (a DEBUG line): throws SyncLeaseLostError first when another
   * run has taken the lease over, so this one stops before it writes anything more.
   */
  step(name: string): void;
  /** Stores the final state, stops the heartbeat and frees the lease. */
  finish(end: RunEnd): Promise<Sync.SyncRun>;
}

const newRunId = (startedAt: Date): string => Sync.runId(startedAt, randomBytes(3).toString("hex"));

/**
 * Closes runs still stored as `running` although their owner holds no lease any more: the
 * caller holds the lease now, so they are dead. Each is recorded failed, "abandoned: no
 * heartbeat since …".
 */
async function closeAbandonedRuns(ref: TableRef, ownId: string, timeZone: string): Promise<void> {
  for (const run of await listRunningRuns(ref)) {
    if (run.id === ownId) continue;
    const closed = Sync.abandonedRun(run, timeZone);
    if (await finishRun(ref, closed)) logger.warn(`Sync run ${run.id} ${closed.error}; recorded as failed`, { run_id: run.id, trigger: run.trigger });
  }
}

/** Takes the lease (or throws SyncRunningError), records the run as running and starts its heartbeat. */
export async function startRun(ref: TableRef, options: RunOptions): Promise<RunHandle> {
  const { clock, trigger, timeZone } = options;
  const startedAt = clock();
  const id = newRunId(startedAt);
  if (!(await acquireLease(ref, SYNC_LEASE_NAME, id, SYNC_LEASE_TTL_MS, startedAt.getTime()))) {
    const holder = await readLease(ref, SYNC_LEASE_NAME);
    throw new SyncRunningError(holder ? { runId: holder.owner, heartbeatAt: holder.heartbeat_at } : undefined);
  }
  let run = Sync.startedRun(id, trigger, startedAt);
  const progress: Sync.RunProgress = { ads_total: 0, ads_done: 0, shards_total: 1, shards_done: 0 };
  let progressKnown = false;
  let lost = false;
  let beating: Promise<void> | undefined;

  try {
    await closeAbandonedRuns(ref, id, timeZone);
    await createRun(ref, run);
  } catch (error) {
    await releaseLease(ref, SYNC_LEASE_NAME, id).catch(() => undefined);
    throw error;
  }
  logger.info(`Sync run started (trigger ${trigger}, run ${id})`, { trigger, run_id: id });

  const heartbeat = async (): Promise<void> => {
    const now = clock();
    if (!(await renewLease(ref, SYNC_LEASE_NAME, id, SYNC_LEASE_TTL_MS, now.getTime()))) {
      lost = true;
      return;
    }
    await recordHeartbeat(ref, id, now.toISOString(), progressKnown ? { ...progress } : null);
  };
  const beat = (): void => {
    if (beating || lost) return;
    beating = heartbeat()
      .catch((error: unknown) => logger.warn("Sync heartbeat not stored; retrying at the next one", { run_id: id, reason: (error as Error).message }))
      .finally(() => {
        beating = undefined;
      });
  };
  const timer = setInterval(beat, options.heartbeatMs ?? SYNC_HEARTBEAT_MS);
  timer.unref?.();

  return {
    id,
    trigger,
    setAdsTotal(total) {
      progress.ads_total = total;
      progressKnown = true;
    },
    adsDone(count = 1) {
      progress.ads_done = Math.min(progress.ads_total, progress.ads_done + count);
    },
    async saveProgress() {
      if (!lost) await recordHeartbeat(ref, id, clock().toISOString(), progressKnown ? { ...progress } : null);
    },
    step(name) {
      if (lost) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
      logger.debug(`Sync step ${name}`, { run_id: id, step: name });
    },
    async finish(end) {
      clearInterval(timer);
      await beating;
      const at = clock();
      if (end.state !== "failed") progress.shards_done = progress.shards_total;
      run = Sync.finishedRun(run, {
        state: end.state,
        at,
        result: end.state === "failed" ? null : end.result,
        failed: end.failed,
        error: end.error ?? null,
        progress: progressKnown ? { ...progress } : null,
      });
      try {
        await finishRun(ref, run);
      } finally {
        await releaseLease(ref, SYNC_LEASE_NAME, id);
      }
      logFinished(run);
      return run;
    },
  };
}

function logFinished(run: Sync.SyncRun): void {
  const seconds = ((run.duration_ms ?? 0) / 1000).toFixed(1);
  const counts = run.result
    ? `${run.result.ads_full} ads, ${run.result.inventories} inventories, ${run.result.cost_updated} costs updated, ${run.failed_count} failed`
    : `${run.error}${run.failed_count > 0 ? ` (${run.failed_count} ads failed)` : ""}`;
  logger.info(`Sync run ${run.state} in ${seconds} s: ${counts} (trigger ${run.trigger}, run ${run.id})`, {
    trigger: run.trigger,
    run_id: run.id,
    state: run.state,
    duration_ms: run.duration_ms,
    ads_full: run.result?.ads_full ?? null,
    inventories: run.result?.inventories ?? null,
    cost_updated: run.result?.cost_updated ?? null,
    failed_count: run.failed_count,
    error: run.error,
  });
}
