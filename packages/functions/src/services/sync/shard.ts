import { Sync, type Ad } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getAdsById } from "#storage/ads";
import { shardMetrics } from "../../observability/sync-metrics.js";
import { closeShard, countAttempt, getShard, type ShardOutcome } from "#storage/sync/shards";
import { listChunks, type ChunkOutcome } from "#storage/sync/chunks";
import type { MarketplaceClient, MarketplaceItem } from "../../marketplace/index.js";
import { logger } from "#logging/logger";
import { businessTimeZone } from "../business-time.js";
import { sellerId } from "../seller.js";
import { SHARD_ATTEMPTS, SHARD_CHUNK_ADS } from "./bounds.js";
import { byAdId, isFatal, SyncLeaseLostError, syncFailureText } from "./errors.js";
import { SYNC_LEASE_TTL_MS, whileHoldingLease, type HeldLease } from "./lease.js";
import { runMarketplaceClient } from "./marketplace-calls.js";
import { itemsOf, readFullItems } from "./shard-reads.js";
import { syncChunk } from "./shard-chunk.js";
import { StoragePace } from "./storage-pace.js";

export interface ShardInput {
  runId: string;
  shard: number;
  marketplace: MarketplaceClient;
  /** The run's business day and zone, and the instant stored on the records. */
  now: Date;
  timeZone: string;
  /** The run's lease: each part of the shard checks it, and it is renewed right before the shard writes. */
  lease: HeldLease;
}

/** What the state machine's shard step answers (the map discards it). */
export interface ShardStepOutput {
  shard: number;
  state: "done" | "failed" | "lease lost";
}

/**
 * The state machine's shard step (one item of the map), holding the run's lease. A failure worth
 * retrying is thrown for the definition's retry policy until the shard's last attempt, which
 * records it failed and returns: the map never fails for a shard, and the others go on. A fatal
 * one (a refused token, a lost lease) is recorded at once.
 */
export async function shardStep(ref: TableRef, runId: string, shard: number): Promise<ShardStepOutput> {
  const now = new Date();
  const done = await whileHoldingLease(ref, runId, async (lease): Promise<ShardStepOutput> => {
    try {
      const marketplace = await runMarketplaceClient(ref, runId);
      await runShard(ref, { runId, shard, marketplace, now, timeZone: await businessTimeZone(ref), lease });
      return { shard, state: "done" };
    } catch (error) {
      const reason = syncFailureText(error);
      const fatal = isFatal(error);
      // Attempts unknown (storage did not answer): not taken for the last, so a retry decides.
      const attempts = await getShard(ref, runId, shard).then(
        (stored) => stored?.attempts ?? SHARD_ATTEMPTS,
        () => 0,
      );
      if (!fatal && attempts < SHARD_ATTEMPTS) {
        logger.info(`Sync shard ${shard} failed (attempt ${attempts}); the state machine retries it`, { run_id: runId, shard, reason });
        throw error;
      }
      logger.warn(`Sync shard ${shard} failed; the other shards go on`, { run_id: runId, shard, reason });
      await failShard(ref, runId, shard, reason, fatal ? reason : null);
      return { shard, state: "failed" };
    }
  });
  if (done) return done;
  await failShard(ref, runId, shard, new SyncLeaseLostError(SYNC_LEASE_TTL_MS).message, null);
  return { shard, state: "lease lost" };
}

/**
 * The shard step: its ads cut into parts of SHARD_CHUNK_ADS, each read (sales, stock, receptions)
 * and stored with today's daily rows, then recorded stored (writes keyed by inventory and day, so
 * a part stored again rewrites the same items). A retried shard skips the parts it stored: no ad
 * is read from the marketplace twice in a run. Parts run at the storage's pace (storage-pace.ts).
 * At the end the shard is closed and its counters added to the run in one transaction; a shard
 * already closed is left as it is. A refused token is thrown: no other ad would fare better.
 */
export async function runShard(ref: TableRef, input: ShardInput): Promise<ShardOutcome | null> {
  const pace = new StoragePace(undefined, undefined, { run_id: input.runId, shard: input.shard });
  const definition = await pace.storing(() => getShard(ref, input.runId, input.shard));
  if (!definition || definition.state !== "pending") return definition?.outcome ?? null;
  await countAttempt(ref, input.runId, input.shard);
  const stored = await pace.storing(() => listChunks(ref, input.runId, input.shard));
  const chunks = chunksOf(definition.ad_ids).filter((chunk) => !stored.has(chunk.number));
  if (stored.size > 0) logger.info(`Sync shard ${input.shard} resumes after ${stored.size} stored parts`, { run_id: input.runId, shard: input.shard, parts_left: chunks.length });
  const left = chunks.flatMap((chunk) => chunk.adIds);
  const [adsById, seller] = await pace.storing(() => Promise.all([getAdsById(ref, left), sellerId(ref)]));
  const ads = left.map((id) => adsById.get(id)).filter((ad): ad is Ad => ad !== undefined);

  input.lease.step("readFullItems");
  const read = await readFullItems(input.marketplace, ads, definition.items as MarketplaceItem[]);
  const outcomes = new Map(stored);
  await pace.forEach(chunks, async (chunk) => {
    const ids = new Set(chunk.adIds);
    const chunkAds = ads.filter((ad) => ids.has(ad.id));
    const outcome = await syncChunk(ref, { ...input, chunk: chunk.number, ads: chunkAds, read: itemsOf(read, ids), sellerId: seller, pace });
    outcomes.set(chunk.number, outcome);
  });

  const outcome = shardOutcome([...outcomes.values()]);
  const closed = await pace.storing(() => closeShard(ref, input.runId, input.shard, { state: "done", outcome, error: null, adsDone: definition.ad_ids.length }));
  if (closed) shardMetrics("done", outcome);
  return outcome;
}

/**
 * Records a shard that still failed after its retries: the ads of its stored parts count as they
 * were stored, the others as failed, and the other shards go on.
 */
export async function failShard(ref: TableRef, runId: string, shard: number, error: string, fatal: string | null): Promise<void> {
  const definition = await getShard(ref, runId, shard);
  if (!definition || definition.state !== "pending") return;
  const stored = await listChunks(ref, runId, shard);
  const done = new Set(chunksOf(definition.ad_ids).flatMap((chunk) => (stored.has(chunk.number) ? chunk.adIds : [])));
  const lost = definition.ad_ids.filter((adId) => !done.has(adId)).map((ad_id) => ({ ad_id, error: `shard ${shard} failed: ${error}` }));
  const parts = stored.size > 0 ? shardOutcome([...stored.values()]) : { ads_read: 0, inventories: 0, dimensions_updated: 0, failed: [] };
  const outcome: ShardOutcome = { ...parts, failed: byAdId([...parts.failed, ...lost]), unreachable: null, fatal };
  if (await closeShard(ref, runId, shard, { state: "failed", outcome, error, adsDone: definition.ad_ids.length })) shardMetrics("failed", outcome);
}

/** The shard's ads in parts of SHARD_CHUNK_ADS, numbered: the same definition always cuts the same parts. */
function chunksOf(adIds: readonly string[]): { number: number; adIds: string[] }[] {
  const chunks: { number: number; adIds: string[] }[] = [];
  for (let i = 0; i < adIds.length; i += SHARD_CHUNK_ADS) chunks.push({ number: chunks.length, adIds: adIds.slice(i, i + SHARD_CHUNK_ADS) });
  return chunks;
}

/** The shard's outcome from its parts': counters added, failures in ad order, the first drifts and ledger failure kept. */
function shardOutcome(parts: readonly ChunkOutcome[]): ShardOutcome {
  const sum = (count: (part: ChunkOutcome) => number): number => parts.reduce((total, part) => total + count(part), 0);
  const failing = parts.filter((part) => part.failed.length > 0);
  return {
    ads_read: sum((part) => part.ads_read),
    inventories: sum((part) => part.inventories),
    dimensions_updated: sum((part) => part.dimensions_updated),
    failed: byAdId(parts.flatMap((part) => part.failed)),
    // Unreachable only when every part that failed an ad says so.
    unreachable: failing.length > 0 && failing.every((part) => part.unreachable !== null) ? failing[0]!.unreachable : null,
    fatal: null,
    sales_from_ledger: sum((part) => part.sales_from_ledger),
    ledger_error: parts.map((part) => part.ledger_error).find((error) => error !== null) ?? null,
    drift: Sync.sumDrift(parts.map((part) => part.drift)),
  };
}
