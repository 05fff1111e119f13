/**
 * The sync state machine's bounds, apart from its stack so tests read them without loading SST
 * (SST resolves handler paths against the working directory it first sees).
 */

/** Shards worked on at once (the in-process runner's DEFAULT_SHARD_CONCURRENCY is the local twin). */
export const SHARD_MAX_CONCURRENCY = 10;
/** Retries of a failed shard after its first attempt: three attempts in all, as the shard step counts them. */
export const SHARD_RETRIES = 2;
