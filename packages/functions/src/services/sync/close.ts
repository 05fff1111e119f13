/**
 * How a run ends, whichever step ends it (finalize; plan on a fatal error; start for a run left
 * behind): its failed ads from its shards, its final state stored once, the lease freed.
 */
import { Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { releaseLease } from "#storage/lease";
import { finishRun, getRun } from "#storage/sync/runs";
import type { SyncShard } from "#storage/sync/shards";
import { alertAfterChange } from "../alerts/record.js";
import { publishRunMetrics } from "../../observability/sync-metrics.js";
import { byAdId } from "./errors.js";
import { SYNC_LEASE_NAME } from "./lease.js";

export type RunEnd =
  | {
      state: "succeeded" | "partial";
      result: Sync.RunResult;
      failed: readonly Sync.FailedAd[];
      /** What made a partial run partial besides its failed ads. */
      error?: string | null;
      /** The shards' reconciliation, summed. */
      drift?: Sync.RunDrift;
    }
  | { state: "failed"; error: string; failed: readonly Sync.FailedAd[] };

/**
 * Every failed ad of a run, in ad id order, from its shards: each closed shard's failed ads, and
 * every ad of a shard that never finished. Finalize stores the first ones on the run; a finished
 * run's answer lists them all.
 */
export function failedAdsOf(shards: readonly SyncShard[]): Sync.FailedAd[] {
  return byAdId(
    shards.flatMap((shard) =>
      shard.state === "pending" ? shard.ad_ids.map((ad_id) => ({ ad_id, error: `shard ${shard.shard} never finished` })) : (shard.outcome?.failed ?? []),
    ),
  );
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
    drift: end.state === "failed" ? null : (end.drift ?? null),
  });
  // The alerts (and their deliveries queued) before the run shows as finished: whoever waits for
  // the run's end finds them recorded. The derivation counts this run as finished.
  await alertAfterChange(ref, "sync", at, run);
  try {
    await finishRun(ref, run);
  } finally {
    await releaseLease(ref, SYNC_LEASE_NAME, runId);
  }
  logFinished(run);
  publishRunMetrics(run);
  return run;
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
    drift_count: run.drift?.count ?? null,
  });
  if (run.drift && run.drift.count > 0) {
    logger.warn(`Sync run ${run.id}: ${run.drift.count} inventories differed from what notifications built; the run stored what it read`, {
      run_id: run.id,
      drift: run.drift,
    });
  }
}
