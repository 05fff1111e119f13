import { GetCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { Entities } from "../keys.js";
import { runExpiry } from "./runs.js";

/**
 * What the plan step found besides the shards (the catalogue discovery's counts), kept for
 * finalize and for the answer of a run followed from its record. Opaque to storage.
 */
export async function putRunPlan(ref: TableRef, runId: string, found: Record<string, unknown>): Promise<void> {
  await ref.doc.send(
    new PutCommand({ TableName: ref.table, Item: { ...Entities["sync-plan"].key({ runId }), kind: "sync-plan", run_id: runId, found, ...runExpiry(runId) } }),
  );
}

export async function getRunPlan(ref: TableRef, runId: string): Promise<Record<string, unknown> | undefined> {
  const { Item } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities["sync-plan"].key({ runId }), ConsistentRead: true }));
  return Item?.found as Record<string, unknown> | undefined;
}
