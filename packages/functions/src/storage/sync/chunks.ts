import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { Sync } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities } from "../keys.js";
import { queryAll } from "../operations.js";
import { runExpiry } from "./runs.js";

/** What one stored part of a shard found: the shard's outcome adds them up when it closes. */
export interface ChunkOutcome {
  ads_read: number;
  inventories: number;
  dimensions_updated: number;
  failed: Sync.FailedAd[];
  /** When every failure of the part was an unreachable marketplace: that cause in words. */
  unreachable: string | null;
  sales_from_ledger: number;
  ledger_error: string | null;
  drift: Sync.RunDrift;
}

/**
 * Records a part of a shard as stored, right after its records were: a retry of the shard skips
 * it and asks the marketplace nothing more about its ads. Keyed by shard and part, so writing it
 * again changes nothing.
 */
export async function putChunk(ref: TableRef, runId: string, shard: number, chunk: number, outcome: ChunkOutcome): Promise<void> {
  await ref.doc.send(
    new PutCommand({
      TableName: ref.table,
      Item: { ...Entities["sync-chunk"].key({ runId, shardNumber: shard, chunk }), kind: "sync-chunk", run_id: runId, shard, chunk, outcome, ...runExpiry(runId) },
    }),
  );
}

/** The stored parts of a shard, by part number. */
export async function listChunks(ref: TableRef, runId: string, shard: number): Promise<Map<number, ChunkOutcome>> {
  const prefix = Entities["sync-chunk"].sortPrefix({ shardNumber: shard });
  const items = await queryAll(ref, { ...Entities["sync-chunk"].query.prefix({ runId }, prefix), ConsistentRead: true });
  return new Map(items.map((item) => [item.chunk as number, item.outcome as ChunkOutcome]));
}
