/**
 * The sync's bounds, read by the state machine definition (stacks/sync-settings.ts) and by the
 * shard step, which records its own failure on its last attempt.
 */

/** Shards worked on at once: the Distributed Map's MaxConcurrency. */
export const DEFAULT_SHARD_CONCURRENCY = 10;
/** Attempts at one shard before it is recorded failed (the state machine's retry policy: the first and two retries). */
export const SHARD_ATTEMPTS = 3;
