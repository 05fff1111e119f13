import { Messages, MissingInputs, type Sync } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listAllAds } from "#storage/ads";
import { getRunPlan, listShards, putRunPlan, type SyncShard } from "#storage/sync-shards";
import { getRun } from "#storage/sync-runs";
import { recomputeCosts } from "./sync-shard.js";
import { refreshReadModel } from "./read-model.js";
import { closeRun, type RunEnd } from "./sync-run.js";
import type { DiscoveryResult } from "./discovery.js";

/**
 * The finalize step, once every shard has finished or failed: storage costs over the whole
 * catalogue, the run closed with its state, the lease freed. Shards still pending (their map
 * failed) count as failed. Safe to run again: a closed run is returned as stored.
 */
export async function finalizeRun(ref: TableRef, runId: string, at: Date): Promise<Sync.SyncRun | undefined> {
  const outcome = await finalOutcome(ref, runId, at);
  if (!outcome) return getRun(ref, runId);
  return closeRun(ref, runId, outcome.end, at);
}

export interface FinalOutcome {
  end: RunEnd;
  /** The plan's discovery with the shards' ledger sales; null when the run was never planned. */
  discovery: DiscoveryResult | null;
}

/**
 * How the run ends, with the costs recomputed when any ad was read, and the run's discovery
 * (stored for the answer of a run followed from its record); null when the run is closed already.
 * A failed listing or ledger read makes an otherwise complete run partial, with that error.
 */
export async function finalOutcome(ref: TableRef, runId: string, at: Date): Promise<FinalOutcome | null> {
  const stored = await getRun(ref, runId);
  if (!stored || stored.state !== "running") return null;
  if (!stored.progress) return { end: { state: "failed", error: "the run was never planned: the plan step failed before it cut the catalogue into shards", failed: [] }, discovery: null };
  const shards = await listShards(ref, runId);
  const discovery = await runDiscovery(ref, runId, shards);
  const end = await shardsOutcome(ref, stored.progress.ads_total, shards, at);
  // The dashboards' views are rebuilt before the run ends (reads use the live path meanwhile);
  // a failed run leaves them stale, and its reads on the live path.
  if (end.state !== "failed") await refreshReadModel(ref, { now: at });
  if (end.state !== "failed" && discovery?.error) return { end: { ...end, state: "partial", error: discovery.error }, discovery };
  return { end, discovery };
}

/** The plan's discovery with the shards' ledger counts added and their first ledger failure; stored back for later readers. */
async function runDiscovery(ref: TableRef, runId: string, shards: readonly SyncShard[]): Promise<DiscoveryResult | null> {
  const planned = (await getRunPlan(ref, runId))?.discovery as DiscoveryResult | undefined;
  if (!planned) return null;
  const salesFromLedger = shards.reduce((sum, shard) => sum + (shard.outcome?.sales_from_ledger ?? 0), 0);
  const ledgerError = shards.map((shard) => shard.outcome?.ledger_error ?? null).find((error) => error !== null) ?? null;
  const discovery: DiscoveryResult = { ...planned, sales_from_ledger: salesFromLedger, error: planned.error ?? ledgerError };
  await putRunPlan(ref, runId, { discovery });
  return discovery;
}

async function shardsOutcome(ref: TableRef, adsTotal: number, shards: readonly SyncShard[], at: Date): Promise<RunEnd> {
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
  const ads = await listAllAds(ref);
  const cost = await recomputeCosts(ref, ads, at);
  const warnings = MissingInputs.missingInputWarnings({ activeTariffs: cost.tariffsActive, ...MissingInputs.fullAdCounts(ads) });
  const result: Sync.RunResult = {
    ads_full: adsTotal,
    inventories,
    dimensions_updated: resized,
    cost_updated: cost.updated,
    cost_skipped: cost.skipped,
    tariffs_active: cost.tariffsActive,
    warnings: Messages.describeAll(warnings),
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
