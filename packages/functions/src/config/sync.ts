/** The sync's settings from the environment, read when a step runs (tests set them per case). */
import { positiveInteger } from "./env.js";

/** Ads per shard unless SYNC_SHARD_SIZE says otherwise: small enough for one shard to finish well within a minute. */
export const DEFAULT_SHARD_SIZE = 500;

export const shardSize = (): number => positiveInteger(process.env.SYNC_SHARD_SIZE) ?? DEFAULT_SHARD_SIZE;

/** MARKETPLACE_MAX_CALLS_PER_MINUTE, or undefined when unset: only the concurrency bound applies. */
export const maxCallsPerMinute = (): number | undefined => positiveInteger(process.env.MARKETPLACE_MAX_CALLS_PER_MINUTE);
