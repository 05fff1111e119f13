import type { TableRef } from "#storage/client";
import { listAllAds } from "#storage/ads";
import { putRunPlan, putShards } from "#storage/sync-shards";
import { recordHeartbeat } from "#storage/sync-runs";
import type { MarketplaceClient } from "../marketplace/index.js";
import { discoverCatalogue, type DiscoveryResult } from "./discovery.js";
import { sellerId } from "./sync-shard.js";

/** Ads per shard unless SYNC_SHARD_SIZE says otherwise: small enough for one shard to finish well within a minute. */
export const DEFAULT_SHARD_SIZE = 500;

export const shardSize = (): number => positiveInteger(process.env.SYNC_SHARD_SIZE) ?? DEFAULT_SHARD_SIZE;

export function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

export interface Plan {
  runId: string;
  /** The shard numbers, 0..n-1: all an orchestrator passes around (the definitions are stored). */
  shards: number[];
  adsTotal: number;
  /** The catalogue discovery (sales_from_ledger is the shards' to count). */
  discovery: DiscoveryResult;
}

/**
 * The plan step: catalogue discovery (the seller's Full listings upserted as ads, the unlisted
 * ones unflagged; a failed listing is kept as the discovery's error and the stored ads still
 * sync), then the Full ads cut into shards of at most `size` ads, each stored pending under the
 * run, and the run's progress set. A missing credential or seller id fails here, before any shard.
 */
export async function planRun(ref: TableRef, runId: string, at: Date, marketplace: MarketplaceClient, size = shardSize()): Promise<Plan> {
  await sellerId(ref);
  // Sales from the ledger are read by each shard for its own inventories.
  const discovery = await discoverCatalogue(ref, marketplace, at, { ledger: false });
  await putRunPlan(ref, runId, { discovery });
  const ads = await listAllAds(ref);
  // In id order: the same catalogue always cuts into the same shards.
  const fullIds = ads
    .filter((ad) => ad.is_full === true)
    .map((ad) => ad.id)
    .sort();
  const shards: string[][] = [];
  for (let i = 0; i < fullIds.length; i += size) shards.push(fullIds.slice(i, i + size));
  await putShards(ref, runId, shards);
  await recordHeartbeat(ref, runId, at.toISOString(), { ads_total: fullIds.length, ads_done: 0, shards_total: shards.length, shards_done: 0 });
  return { runId, shards: shards.map((_, i) => i), adsTotal: fullIds.length, discovery };
}
