import { randomBytes } from "node:crypto";
import { Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { acquireLease, readLease, releaseLease, renewLease } from "#storage/lease";
import { createRun, finishRun, getRun, listRunningRuns, recordHeartbeat } from "#storage/sync-runs";
import { alertAfterChange } from "./alerts/record.js";
import { publishRunMetrics } from "../observability/sync-metrics.js";
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
  /**
   * Marks the start of a named step (a DEBUG line): throws SyncLeaseLostError first when another
   * run has taken the lease over, so this one stops before it writes anything more.
   */
  step(name: string): void;
  /** Stores the final state (with the progress the shards stored), stops the heartbeat and frees the lease. */
  finish(end: RunEnd): Promise<Sync.SyncRun>;
}

/** The lease of a run kept alive by a heartbeat while one process works on it. */
export interface LeaseKeeper {
  lost(): boolean;
  stop(): Promise<void>;
}

/** Renews the run's lease and stores its heartbeat every `heartbeatMs` until stopped or the lease is lost. */
export function keepLease(ref: TableRef, id: string, clock: () => Date, heartbeatMs = SYNC_HEARTBEAT_MS): LeaseKeeper {
  let lost = false;
  let beating: Promise<void> | undefined;
  const heartbeat = async (): Promise<void> => {
    const now = clock();
    if (!(await renewLease(ref, SYNC_LEASE_NAME, id, SYNC_LEASE_TTL_MS, now.getTime()))) {
      lost = true;
      return;
    }
    await recordHeartbeat(ref, id, now.toISOString());
  };
  const beat = (): void => {
    if (beating || lost) return;
    beating = heartbeat()
      .catch((error: unknown) => logger.warn("Sync heartbeat not stored; retrying at the next one", { run_id: id, reason: (error as Error).message }))
      .finally(() => {
        beating = undefined;
      });
  };
  const timer = setInterval(beat, heartbeatMs);
  timer.unref?.();
  return {
    lost: () => lost,
    async stop() {
      clearInterval(timer);
      await beating;
    },
  };
}

/**
 * Stores a run's final state if it is still running, with the progress its shards stored, and
 * frees the lease. Safe to call again: a run already closed is returned as stored.
 */
export async function closeRun(ref: TableRef, runId: string, end: RunEnd, at: Date): Promise<Sync.SyncRun | undefined> {
  const stored = await getRun(ref, runId);
  if (!stored) return undefined;
  if (stored.state !== "running") {
    await releaseLease(ref, SYNC_LEASE_NAME, runId);
    return stored;
  }
  const run = Sync.finishedRun(stored, {
    state: end.state,
    at,
    result: end.state === "failed" ? null : end.result,
    failed: end.failed,
    error: end.error ?? null,
    progress: stored.progress,
  });
  try {
    await finishRun(ref, run);
  } finally {
    await releaseLease(ref, SYNC_LEASE_NAME, runId);
  }
  logFinished(run);
  publishRunMetrics(run);
  await alertAfterChange(ref, "sync", at);
  return run;
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

/**
 * Takes the lease (or throws SyncRunningError) and records the run as running, closing runs left
 * running by a dead owner. The orchestrator's steps then keep the lease alive (keepLease).
 */
export async function recordRunStart(ref: TableRef, options: Omit<RunOptions, "heartbeatMs">): Promise<Sync.SyncRun> {
  const { clock, trigger, timeZone } = options;
  const startedAt = clock();
  const id = newRunId(startedAt);
  if (!(await acquireLease(ref, SYNC_LEASE_NAME, id, SYNC_LEASE_TTL_MS, startedAt.getTime()))) {
    const holder = await readLease(ref, SYNC_LEASE_NAME);
    throw new SyncRunningError(holder ? { runId: holder.owner, heartbeatAt: holder.heartbeat_at } : undefined);
  }
  const run = Sync.startedRun(id, trigger, startedAt);
  try {
    await closeAbandonedRuns(ref, id, timeZone);
    await createRun(ref, run);
  } catch (error) {
    await releaseLease(ref, SYNC_LEASE_NAME, id).catch(() => undefined);
    throw error;
  }
  logger.info(`Sync run started (trigger ${trigger}, run ${id})`, { trigger, run_id: id });
  return run;
}

/** Renews the run's lease from a step of the orchestrator; false when another run has taken it over. */
export const renewRunLease = (ref: TableRef, runId: string, at: Date): Promise<boolean> => renewLease(ref, SYNC_LEASE_NAME, runId, SYNC_LEASE_TTL_MS, at.getTime());

/** Takes the lease (or throws SyncRunningError), records the run as running and starts its heartbeat. */
export async function startRun(ref: TableRef, options: RunOptions): Promise<RunHandle> {
  const { clock, trigger } = options;
  const run = await recordRunStart(ref, options);
  const id = run.id;
  const lease = keepLease(ref, id, clock, options.heartbeatMs);

  return {
    id,
    trigger,
    step(name) {
      if (lease.lost()) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
      logger.debug(`Sync step ${name}`, { run_id: id, step: name });
    },
    async finish(end) {
      await lease.stop();
      return (await closeRun(ref, id, end, clock())) ?? run;
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
