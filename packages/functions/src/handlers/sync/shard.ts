import { table } from "#storage/client";
import { getShard } from "#storage/sync-shards";
import { logger } from "#logging/logger";
import { marketplaceClient } from "#services/marketplace";
import { budgetedFetch, maxCallsPerMinute } from "#services/call-budget";
import { businessTimeZone } from "#services/business-time";
import { failShard, runShard } from "#services/sync-shard";
import { keepLease, renewRunLease } from "#services/sync-run";
import { isFatal, SHARD_ATTEMPTS, syncFailureText, SyncLeaseLostError, SYNC_LEASE_TTL_MS } from "#services/sync";
import { observedHandler } from "../../observability/handler.js";

export interface ShardEvent {
  run_id: string;
  shard: number;
}

/**
 * The state machine's shard step (one item of the Distributed Map). A failure worth retrying is
 * thrown for the map's retry policy until the shard's last attempt, which records it failed so the
 * others go on; a fatal one (refused token, lost lease) is recorded at once.
 */
async function shard(event: ShardEvent): Promise<{ shard: number; state: string }> {
  const ref = table();
  const now = new Date();
  if (!(await renewRunLease(ref, event.run_id, now))) {
    await failShard(ref, event.run_id, event.shard, new SyncLeaseLostError(SYNC_LEASE_TTL_MS).message, null);
    return { shard: event.shard, state: "lease lost" };
  }
  const lease = keepLease(ref, event.run_id, () => new Date());
  try {
    const maxCalls = maxCallsPerMinute();
    const marketplace = await marketplaceClient(ref, maxCalls ? { fetch: budgetedFetch(ref, event.run_id, { maxCalls }) } : {});
    await runShard(ref, {
      runId: event.run_id,
      shard: event.shard,
      marketplace,
      now,
      timeZone: await businessTimeZone(ref),
      step: () => {
        if (lease.lost()) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
      },
      renewLease: () => renewRunLease(ref, event.run_id, new Date()),
    });
    return { shard: event.shard, state: "done" };
  } catch (error) {
    const reason = syncFailureText(error);
    const fatal = isFatal(error);
    const attempts = (await getShard(ref, event.run_id, event.shard))?.attempts ?? SHARD_ATTEMPTS;
    if (!fatal && attempts < SHARD_ATTEMPTS) throw error;
    logger.warn(`Sync shard ${event.shard} failed; the other shards go on`, { run_id: event.run_id, shard: event.shard, reason });
    await failShard(ref, event.run_id, event.shard, reason, fatal ? reason : null);
    return { shard: event.shard, state: "failed" };
  } finally {
    await lease.stop();
  }
}

export const handler = observedHandler(shard);
