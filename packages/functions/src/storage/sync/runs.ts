import { GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Sync } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities, expiresAt, ITEM_ABSENT } from "../keys.js";
import { conditionalWrite } from "../conditions.js";
import { queryAll } from "../operations.js";
import { writeChanging } from "../changes.js";

type SyncRun = Sync.SyncRun;

/** A run's records (the run, its shards, its plan) expire together (its id starts with its start instant). */
export const runExpiry = (runId: string): Record<string, number> =>
  expiresAt((Date.parse(runId.split("#")[0] ?? "") || Date.now()) + Sync.RUN_RETENTION_DAYS * 86_400_000);

/** Every field of a run, checked complete by the compiler: reads pick them so key attributes stay behind. */
const RUN_FIELDS: Record<keyof SyncRun, true> = {
  id: true,
  trigger: true,
  state: true,
  started_at: true,
  finished_at: true,
  duration_ms: true,
  heartbeat_at: true,
  result: true,
  failed_count: true,
  failed_ads: true,
  error: true,
  progress: true,
  actor: true,
  request_id: true,
  drift: true,
};

function toRun(item: Record<string, unknown>): SyncRun {
  const run: Record<string, unknown> = {};
  for (const field of Object.keys(RUN_FIELDS)) run[field] = item[field] ?? (field === "failed_ads" ? [] : field === "failed_count" ? 0 : null);
  return run as unknown as SyncRun;
}

/** The stored item: the run, its keys, its place in the state index (running or succeeded only) and its expiry. */
function runItem(run: SyncRun): Record<string, unknown> {
  const indexed = run.state === "running" || run.state === "succeeded" ? Entities["sync-run"].indexKey({ state: run.state, runId: run.id }) : {};
  return {
    ...Entities["sync-run"].key({ runId: run.id }),
    ...indexed,
    kind: "sync-run",
    ...run,
    ...expiresAt(Date.parse(run.started_at) + Sync.RUN_RETENTION_DAYS * 86_400_000),
  };
}

export async function createRun(ref: TableRef, run: SyncRun): Promise<void> {
  await ref.doc.send(new PutCommand({ TableName: ref.table, Item: runItem(run), ConditionExpression: ITEM_ABSENT }));
}

/**
 * The owner's heartbeat (and, when given, the run's progress) on a running run; false when the run
 * is no longer running. Shards add to the progress themselves (sync-shards.ts), so a heartbeat
 * without progress leaves it alone.
 */
export async function recordHeartbeat(ref: TableRef, runId: string, heartbeatAt: string, progress?: Sync.RunProgress | null): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities["sync-run"].key({ runId }),
        UpdateExpression: progress === undefined ? "SET heartbeat_at = :at" : "SET heartbeat_at = :at, progress = :progress",
        ConditionExpression: "#state = :running",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":at": heartbeatAt, ":running": "running", ...(progress === undefined ? {} : { ":progress": progress }) },
      }),
    ),
  );
}

/** One run by id, read consistently (it is read to close it). */
export async function getRun(ref: TableRef, runId: string): Promise<SyncRun | undefined> {
  const { Item } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities["sync-run"].key({ runId }), ConsistentRead: true }));
  return Item ? toRun(Item) : undefined;
}

/**
 * Stores the run's final state, if it is still running: a run closed as abandoned by another one
 * stays closed. False when it was no longer running. A run stored as succeeded becomes the last
 * successful one (the overview's warnings): that write bumps the runs' topic.
 */
export async function finishRun(ref: TableRef, run: SyncRun): Promise<boolean> {
  const store = (): Promise<boolean> => conditionalWrite(
    ref.doc.send(
      new PutCommand({
        TableName: ref.table,
        Item: runItem(run),
        ConditionExpression: "#state = :running",
        ExpressionAttributeNames: { "#state": "state" },
        ExpressionAttributeValues: { ":running": "running" },
      }),
    ),
  );
  return run.state === "succeeded" ? writeChanging(ref, "sync-run", store) : store();
}

/** The newest runs first, at most `limit`. */
export async function listRuns(ref: TableRef, limit: number): Promise<SyncRun[]> {
  const items = await queryAll(
    ref,
    { ...Entities["sync-run"].query.partition(), ScanIndexForward: false, Limit: limit },
    limit,
  );
  return items.map(toRun);
}

/** Runs stored as running (the live one, if any, and any whose owner died). */
export async function listRunningRuns(ref: TableRef): Promise<SyncRun[]> {
  const items = await queryAll(ref, Entities["sync-run"].indexQuery.partition({ state: "running" }));
  return items.map(toRun);
}

/**
 * The newest run that succeeded, or null. `consistent`: from the runs' own partition, strongly
 * consistent (the state index may not show a run closed a moment ago yet).
 */
export async function lastSucceededRun(ref: TableRef, { consistent = false } = {}): Promise<SyncRun | null> {
  if (consistent) {
    const partition = Entities["sync-run"].query.partition();
    const [newest] = await queryAll(
      ref,
      {
        ...partition,
        ScanIndexForward: false,
        ConsistentRead: true,
        FilterExpression: "#state = :succeeded",
        ExpressionAttributeNames: { ...partition.ExpressionAttributeNames, "#state": "state" },
        ExpressionAttributeValues: { ...partition.ExpressionAttributeValues, ":succeeded": "succeeded" },
      },
      1,
    );
    return newest ? toRun(newest) : null;
  }
  const items = await queryAll(
    ref,
    { ...Entities["sync-run"].indexQuery.partition({ state: "succeeded" }), ScanIndexForward: false, Limit: 1 },
    1,
  );
  return items[0] ? toRun(items[0]) : null;
}
