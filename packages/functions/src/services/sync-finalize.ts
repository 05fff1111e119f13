import type { Sync } from "@fulfillment/core";
import type { TableRef } from "../storage/client.js";
import { listAllAds } from "../storage/ads.js";
import { listShards } from "../storage/sync-shards.js";
import { getRun } from "../storage/sync-runs.js";
import { recomputeCosts } from "./sync-shard.js";
import { closeRun, type RunEnd } from "./sync-run.js";

/**
 * The finalize step, once every shard has finished or failed: storage costs over the whole
 * catalogue, the run closed with its state, the lease freed. Shards still pending (their map
 * failed) count as failed. Safe to run again: a closed run is returned as stored.
 */
export async function finalizeRun(ref: TableRef, runId: string, at: Date): Promise<Sync.SyncRun | undefined> {
  const end = await finalOutcome(ref, runId, at);
  if (!end) return getRun(ref, runId);
  return closeRun(ref, runId, end, at);
}

/** How the run ends, with the costs recomputed when any ad was read; null when the run is closed already. */
export async function finalOutcome(ref: TableRef, runId: string, at: Date): Promise<RunEnd | null> {
  const stored = await getRun(ref, runId);
  if (!stored || stored.state !== "running") return null;
  if (!stored.progress) return { state: "failed", error: "the run was never planned: the plan step failed before it cut the catalogue into shards", failed: [] };
  const adsTotal = stored.progress?.ads_total ?? 0;
  const shards = await listShards(ref, runId);
  const failed: Sync.FailedAd[] = [];
  let read = 0;
  let inventories = 0;
  let resized = 0;
  for (const shard of shards) {
    if (shard.state === "pending") {
      failed.push(...shard.ad_ids.map((ad_id) => ({ ad_id, error: `shard ${shard.shard} never finished` })));
      continue;
    }
    if (shard.outcome?.fatal) return { state: "failed", error: shard.outcome.fatal, failed: sorted(failed) };
    read += shard.outcome?.ads_read ?? 0;
    inventories += shard.outcome?.inventories ?? 0;
    resized += shard.outcome?.dimensions_updated ?? 0;
    failed.push(...(shard.outcome?.failed ?? []));
  }
  const all = sorted(failed);
  if (adsTotal > 0 && read === 0) return { state: "failed", error: nothingReadText(shards.map((s) => s.outcome?.unreachable ?? null), all), failed: all };
  const cost = await recomputeCosts(ref, await listAllAds(ref), at);
  const result: Sync.RunResult = {
    ads_full: adsTotal,
    inventories,
    dimensions_updated: resized,
    cost_updated: cost.updated,
    cost_skipped: cost.skipped,
    tariffs_active: cost.tariffsActive,
  };
  return { state: all.length > 0 ? "partial" : "succeeded", result, failed: all };
}

const sorted = (failed: Sync.FailedAd[]): Sync.FailedAd[] => [...failed].sort((a, b) => (a.ad_id < b.ad_id ? -1 : a.ad_id > b.ad_id ? 1 : 0));

/** Why no Full ad could be read: the marketplace unreachable when every shard said so, else the first failure. */
function nothingReadText(unreachable: (string | null)[], failed: readonly Sync.FailedAd[]): string {
  if (unreachable.length > 0 && unreachable.every((text) => text !== null)) return unreachable[0]!;
  const first = failed[0];
  return `no Full ad could be read (${failed.length} of ${failed.length} failed)${first ? `; ${first.ad_id}: ${first.error}` : ""}`;
}
