/**
 * The sync's bounds, one definition for the in-process runner and the state machine
 * (stacks/sync-settings.ts): the same concurrency and attempts locally and in AWS.
 */

/** Shards worked on at once unless SYNC_SHARD_CONCURRENCY says otherwise (the Distributed Map's MaxConcurrency in AWS). */
export const DEFAULT_SHARD_CONCURRENCY = 10;
/** Attempts at one shard before it is recorded failed (the state machine's retry policy in AWS: the first and two retries). */
export const SHARD_ATTEMPTS = 3;
