import { GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Sync } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities, SYNC_SHARD_BOUNDS } from "../keys.js";
import { conditionalWrite } from "../conditions.js";
import { batchWrite, queryAll } from "../operations.js";
import { runExpiry } from "./runs.js";

export type ShardState = "pending" | "done" | "failed";

/** What one shard found: its counters and its failed ads, kept on the shard until finalize reads them all. */
export interface ShardOutcome {
  ads_read: number;
  inventories: number;
  dimensions_updated: number;
  failed: Sync.FailedAd[];
  /** When every failure of the shard was an unreachable marketplace: that cause in words. */
  unreachable: string | null;
  /** A failure that ends the whole run (a refused token, a lost lease), in words; null otherwise. */
  fatal: string | null;
  /** Ads whose sales_30d the shard took from the fulfillment ledger. */
  sales_from_ledger?: number;
  /** Why the shard's ledger read failed (the run is then partial); null when it answered. */
  ledger_error?: string | null;
  /** Its inventories whose stored stock differed from the marketplace's (the reconciliation), the first ones kept. */
  drift?: Sync.RunDrift;
}

export interface SyncShard {
  run_id: string;
  shard: number;
  ad_ids: string[];
  /** What the plan already read of the shard's items (opaque to storage); the shard reads the others itself. */
  items: Record<string, unknown>[];
  state: ShardState;
  attempts: number;
  outcome: ShardOutcome | null;
  error: string | null;
}

function toShard(item: Record<string, unknown>): SyncShard {
  return {
    run_id: item.run_id as string,
    shard: item.shard as number,
    ad_ids: (item.ad_ids as string[]) ?? [],
    items: (item.items as Record<string, unknown>[] | undefined) ?? [],
    state: item.state as ShardState,
    attempts: (item.attempts as number) ?? 0,
    outcome: (item.outcome as ShardOutcome | undefined) ?? null,
    error: (item.error as string | undefined) ?? null,
  };
}

/** Stores the shard definitions of a run (each pending), so an orchestrator only passes shard numbers around. */
export async function putShards(ref: TableRef, runId: string, shards: readonly { adIds: readonly string[]; items: readonly Record<string, unknown>[] }[]): Promise<void> {
  await batchWrite(
    ref,
    shards.map(({ adIds, items }, shard) => ({
      put: { ...Entities["sync-shard"].key({ runId, shardNumber: shard }), kind: "sync-shard", run_id: runId, shard, ad_ids: adIds, items, state: "pending", attempts: 0, ...runExpiry(runId) },
    })),
  );
}

export async function getShard(ref: TableRef, runId: string, shard: number): Promise<SyncShard | undefined> {
  const { Item } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities["sync-shard"].key({ runId, shardNumber: shard }), ConsistentRead: true }));
  return Item ? toShard(Item) : undefined;
}

/** Every shard of a run, in shard order. */
export async function listShards(ref: TableRef, runId: string): Promise<SyncShard[]> {
  const items = await queryAll(ref, { ...Entities["sync-shard"].query.between({ runId }, SYNC_SHARD_BOUNDS), ConsistentRead: true });
  return items.map(toShard);
}

/** Counts one more attempt at a pending shard. */
export async function countAttempt(ref: TableRef, runId: string, shard: number): Promise<void> {
  await ref.doc.send(
    new UpdateCommand({ TableName: ref.table, Key: Entities["sync-shard"].key({ runId, shardNumber: shard }), UpdateExpression: "ADD attempts :one", ExpressionAttributeValues: { ":one": 1 } }),
  );
}

/**
 * Closes a pending shard and adds its counters to the run's progress in one transaction, conditioned
 * on the shard still pending: a retried or repeated shard is counted exactly once. False when the
 * shard was already closed.
 */
export async function closeShard(
  ref: TableRef,
  runId: string,
  shard: number,
  end: { state: "done" | "failed"; outcome: ShardOutcome | null; error: string | null; adsDone: number },
): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new TransactWriteCommand({
        TransactItems: [
          {
            Update: {
              TableName: ref.table,
              Key: Entities["sync-shard"].key({ runId, shardNumber: shard }),
              UpdateExpression: "SET #state = :state, outcome = :outcome, #error = :error",
              ConditionExpression: "#state = :pending",
              ExpressionAttributeNames: { "#state": "state", "#error": "error" },
              ExpressionAttributeValues: { ":state": end.state, ":outcome": end.outcome, ":error": end.error, ":pending": "pending" },
            },
          },
          {
            Update: {
              TableName: ref.table,
              Key: Entities["sync-run"].key({ runId }),
              UpdateExpression: "SET progress.ads_done = progress.ads_done + :ads, progress.shards_done = progress.shards_done + :one",
              ConditionExpression: "attribute_exists(progress)",
              ExpressionAttributeValues: { ":ads": end.adsDone, ":one": 1 },
            },
          },
        ],
      }),
    ),
    // Only the shard's own condition (still pending) makes it an outcome; the run's failing is an error.
    { transactionItem: 0 },
  );
}
