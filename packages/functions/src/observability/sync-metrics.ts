/** The sync's figures as metrics: each shard's end (shard step) and each run's end (finalize, or the in-process runner). */
import type { Sync } from "@fulfillment/core";
import type { ShardOutcome } from "#storage/sync/shards";
import { METRIC } from "./metric-names.js";
import { count, milliseconds, publishMarketplaceTally } from "./metrics.js";

export function shardMetrics(state: "done" | "failed", outcome: ShardOutcome): void {
  count(state === "done" ? METRIC.shardsDone : METRIC.shardsFailed);
  count(METRIC.adsRead, outcome.ads_read);
  count(METRIC.adsFailed, outcome.failed.length);
  publishMarketplaceTally();
}

const OUTCOME_METRIC: Record<Exclude<Sync.RunState, "running">, string> = {
  succeeded: METRIC.runSucceeded,
  partial: METRIC.runPartial,
  failed: METRIC.runFailed,
};

export function publishRunMetrics(run: Sync.SyncRun): void {
  if (run.state === "running") return;
  count(OUTCOME_METRIC[run.state]);
  if (run.duration_ms !== null) milliseconds(METRIC.runDuration, run.duration_ms);
  if (run.progress) {
    count(METRIC.adsPlanned, run.progress.ads_total);
    // Shards that never finished (their map failed) count as failed here, as finalize counts them.
    count(METRIC.shardsFailed, Math.max(0, run.progress.shards_total - run.progress.shards_done));
  }
  // Every completed run, 0 included: the reconciliation's alarm fires on any drift.
  if (run.drift) count(METRIC.reconciliationDrift, run.drift.count);
  publishMarketplaceTally();
}
