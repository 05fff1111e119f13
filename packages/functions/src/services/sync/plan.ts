import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { listAllAds } from "#storage/ads";
import { putShards } from "#storage/sync/shards";
import { putRunPlan } from "#storage/sync/plan";
import { recordHeartbeat } from "#storage/sync/runs";
import { shardSize } from "../../config/sync.js";
import type { MarketplaceClient, MarketplaceItem } from "../../marketplace/index.js";
import { sellerId } from "../seller.js";
import { closeRun } from "./close.js";
import { discoverListedItems, itemForShard } from "./discovery.js";
import { syncFailureText } from "./errors.js";
import { whileHoldingLease, type HeldLease } from "./lease.js";
import { runMarketplaceClient } from "./marketplace-calls.js";

/** What the plan step hands the map: the run and its shard numbers (the definitions are stored). */
export interface PlanOutput {
  run_id: string;
  shards: number[];
}

/**
 * The state machine's plan step, holding the run's lease (a large listing outlasts it). A run
 * that cannot be planned (no credential, no seller id, a refused token) is closed failed here, and
 * the map gets no shard; a run whose lease another run has taken gets none either.
 */
export async function planStep(ref: TableRef, runId: string): Promise<PlanOutput> {
  const planned = await whileHoldingLease(ref, runId, async (lease) => {
    try {
      return await planRun(ref, runId, new Date(), await runMarketplaceClient(ref, runId), lease);
    } catch (error) {
      const reason = syncFailureText(error);
      logger.error("Sync plan failed", { run_id: runId, reason });
      await closeRun(ref, runId, { state: "failed", error: reason, failed: [] }, new Date());
      return [];
    }
  });
  return { run_id: runId, shards: planned ?? [] };
}

/**
 * Catalogue discovery (the seller's Full listings upserted as ads, the unlisted ones unflagged; a
 * failed listing is kept as the discovery's error and the stored ads still sync), then the Full
 * ads cut into shards of at most SYNC_SHARD_SIZE ads, each stored pending under the run, and the
 * run's progress set. A missing credential or seller id fails here, before any shard.
 */
async function planRun(ref: TableRef, runId: string, at: Date, marketplace: MarketplaceClient, lease: HeldLease): Promise<number[]> {
  await sellerId(ref);
  lease.step("discoverCatalogue");
  // Sales from the ledger are read by each shard for its own inventories.
  const { discovery, items } = await discoverListedItems(ref, marketplace, at, { ledger: false });
  // Each shard gets what discovery read of its items: item details are read once per run.
  const handed = new Map(items.map((item) => [item.id, itemForShard(item)]));
  await putRunPlan(ref, runId, { discovery });
  const ads = await listAllAds(ref);
  // In id order: the same catalogue always cuts into the same shards.
  const fullIds = ads
    .filter((ad) => ad.is_full === true)
    .map((ad) => ad.id)
    .sort();
  const size = shardSize();
  const shards: { adIds: string[]; items: MarketplaceItem[] }[] = [];
  for (let i = 0; i < fullIds.length; i += size) {
    const adIds = fullIds.slice(i, i + size);
    shards.push({ adIds, items: adIds.flatMap((id) => handed.get(id) ?? []) });
  }
  lease.step("storeShards");
  await putShards(ref, runId, shards);
  await recordHeartbeat(ref, runId, at.toISOString(), { ads_total: fullIds.length, ads_done: 0, shards_total: shards.length, shards_done: 0 });
  return shards.map((_, i) => i);
}
