import { Messages, MissingInputs, StorageCost, Sync, TariffVersions, type Ad } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { listAllAds } from "#storage/ads";
import { listInventory } from "#storage/inventory";
import { putMetrics } from "#storage/metrics";
import { listTariffVersions } from "#storage/tariffs";
import { getRunPlan, putRunPlan } from "#storage/sync/plan";
import { listShards, type SyncShard } from "#storage/sync/shards";
import { getRun } from "#storage/sync/runs";
import { businessToday } from "../business-time.js";
import { refreshReadModel } from "#services/read-model/refresh";
import { LEDGER_INVENTORY_FIELDS, writeLedgerDay } from "../storage-costs.js";
import { closeRun, failedAdsOf, type RunEnd } from "./close.js";
import type { DiscoveryResult } from "./discovery.js";

/** What the state machine's finalize step answers; its Choice fails the execution of a failed run. */
export interface FinalizeOutput {
  run_id: string;
  state: Sync.RunState | null;
}

/**
 * The state machine's finalize step, once every shard has finished or failed (or the plan or the
 * map failed): the run's discovery stored with the shards' ledger counts, storage costs recomputed
 * and the dashboards' views rebuilt when any ad was read, the run closed with its state and the
 * lease freed. Shards still pending count as failed. Safe to run again: a closed run is left as stored.
 */
export async function finalizeStep(ref: TableRef, runId: string): Promise<FinalizeOutput> {
  const run = await finalizeRun(ref, runId, new Date());
  return { run_id: runId, state: run?.state ?? null };
}

async function finalizeRun(ref: TableRef, runId: string, at: Date): Promise<Sync.SyncRun | undefined> {
  const stored = await getRun(ref, runId);
  if (!stored || stored.state !== "running") return stored;
  if (!stored.progress) return closeRun(ref, runId, { state: "failed", error: "the run was never planned: the plan step failed before it cut the catalogue into shards", failed: [] }, at);
  const shards = await listShards(ref, runId);
  const discovery = await storeRunDiscovery(ref, runId, shards);
  logger.debug("Sync step recomputeCosts", { run_id: runId, step: "recomputeCosts" });
  const end = await shardsOutcome(ref, stored.progress.ads_total, shards, at);
  // The dashboards' views are rebuilt before the run ends (reads use the live path meanwhile);
  // a failed run leaves them stale, and its reads on the live path.
  if (end.state !== "failed") await refreshReadModel(ref, { now: at });
  const partial = end.state !== "failed" && discovery?.error ? { ...end, state: "partial" as const, error: discovery.error } : end;
  const closed = await closeRun(ref, runId, partial, at);
  // A run stored as succeeded changes the overview's warnings (the last successful run's).
  if (closed?.state === "succeeded") await refreshReadModel(ref, { now: at, views: ["warnings"] });
  return closed;
}

/** The plan's discovery with the shards' ledger counts added and their first ledger failure; stored back for later readers. */
async function storeRunDiscovery(ref: TableRef, runId: string, shards: readonly SyncShard[]): Promise<DiscoveryResult | null> {
  const planned = (await getRunPlan(ref, runId))?.discovery as DiscoveryResult | undefined;
  if (!planned) return null;
  const salesFromLedger = shards.reduce((sum, shard) => sum + (shard.outcome?.sales_from_ledger ?? 0), 0);
  const ledgerError = shards.map((shard) => shard.outcome?.ledger_error ?? null).find((error) => error !== null) ?? null;
  const discovery: DiscoveryResult = { ...planned, sales_from_ledger: salesFromLedger, error: planned.error ?? ledgerError };
  await putRunPlan(ref, runId, { discovery });
  return discovery;
}

async function shardsOutcome(ref: TableRef, adsTotal: number, shards: readonly SyncShard[], at: Date): Promise<RunEnd> {
  const all = failedAdsOf(shards);
  const fatal = shards.find((shard) => shard.outcome?.fatal)?.outcome?.fatal;
  if (fatal) return { state: "failed", error: fatal, failed: all };
  const closed = shards.filter((shard) => shard.state !== "pending");
  const sum = (count: (outcome: NonNullable<SyncShard["outcome"]>) => number): number => closed.reduce((total, shard) => total + (shard.outcome ? count(shard.outcome) : 0), 0);
  const read = sum((outcome) => outcome.ads_read);
  const inventories = sum((outcome) => outcome.inventories);
  const resized = sum((outcome) => outcome.dimensions_updated);
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
  const drift = Sync.sumDrift(closed.flatMap((shard) => (shard.outcome?.drift ? [shard.outcome.drift] : [])));
  return { state: all.length > 0 ? "partial" : "succeeded", result, failed: all, drift };
}


/**
 * The day's storage-cost ledger (every SKU's row at the tariff versions in force that day), and
 * storage costs from the active tariffs in force today (the business day of `now`) over every
 * stored record, so a run that completes leaves every SKU's cost consistent with the stock it
 * reads, whatever an earlier run left behind when it died.
 */
export async function recomputeCosts(ref: TableRef, ads: readonly Ad[], now: Date): Promise<{ updated: number; skipped: number; tariffsActive: number }> {
  const today = await businessToday(ref, now);
  const [versions, inventory] = await Promise.all([
    listTariffVersions(ref),
    // LEDGER_INVENTORY_FIELDS holds sku: a projection names a field once.
    listInventory(ref, ["inventory_id", "ad_id", "days_of_stock", "oldest_stock_days", ...LEDGER_INVENTORY_FIELDS]),
  ]);
  // The day's storage-cost ledger, also without an active tariff: the day was synced.
  await writeLedgerDay(ref, today, ads, inventory, versions);
  const tariffs = TariffVersions.tariffListOn(versions, today);
  const active = StorageCost.activeTariffs(tariffs);
  if (active.length === 0) return { updated: 0, skipped: 0, tariffsActive: 0 };
  const costs = StorageCost.computeCosts({ ads, inventory, tariffs: active, now });
  await putMetrics(ref, costs.metrics);
  return { updated: costs.metrics.length, skipped: costs.skipped, tariffsActive: active.length };
}

/** Why no Full ad could be read: the marketplace unreachable when every shard said so, else the first failure. */
function nothingReadText(unreachable: (string | null)[], failed: readonly Sync.FailedAd[]): string {
  if (unreachable.length > 0 && unreachable.every((text) => text !== null)) return unreachable[0]!;
  const first = failed[0];
  return `no Full ad could be read (${failed.length} of ${failed.length} failed)${first ? `; ${first.ad_id}: ${first.error}` : ""}`;
}
