/**
 * The sync state machine's bounds, apart from its stack so tests read them without loading SST
 * (SST resolves handler paths against the working directory it first sees). The shard step
 * reads the same ones (services/sync/bounds.ts).
 */
import { DEFAULT_SHARD_CONCURRENCY, SHARD_ATTEMPTS } from "@fulfillment/functions/services/sync/bounds";

/** Shards worked on at once. */
export const SHARD_MAX_CONCURRENCY = DEFAULT_SHARD_CONCURRENCY;
/** Retries of a failed shard after its first attempt, as the shard step counts attempts. */
export const SHARD_RETRIES = SHARD_ATTEMPTS - 1;

/** The task states' names: the local interpreter maps each to its step handler. */
export const SYNC_TASK_STATES = { plan: "Plan", shard: "Shard", finalize: "Finalize" } as const;
