/**
 * The sync's bounds, read by the state machine definition (stacks/sync-settings.ts) and by the
 * shard step, which records its own failure on its last attempt.
 */

/** Shards worked on at once: the Distributed Map's MaxConcurrency. */
export const DEFAULT_SHARD_CONCURRENCY = 10;
/** Attempts at one shard before it is recorded failed (the state machine's retry policy: the first and two retries). */
export const SHARD_ATTEMPTS = 3;
/**
 * Ads per part of a shard: a part is stored and recorded as one, and a retried shard resumes after
 * its stored parts. A multiple of the marketplace's 20 ids per multiget and of the 100 inventories
 * the client names per operations search: parts of single-inventory ads make no more calls than
 * one whole shard would.
 */
export const SHARD_CHUNK_ADS = 100;
