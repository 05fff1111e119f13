import type { Sync } from "@fulfillment/core";
import type { SyncShard } from "#storage/sync/shards";
import { byAdId } from "./errors.js";

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
