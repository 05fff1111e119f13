import { GetCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Restock } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { writeChanging } from "./changes.js";
import { Entities, fitsKey } from "./keys.js";
import { batchWrite, queryPartitions } from "./operations.js";
import { toRecord, toRecords } from "./items.js";

type SkuPlanning = Restock.SkuPlanning;

const FIELDS = ["sku", ...Restock.PLANNING_FIELDS, "updated_at"];

export function planningItem(planning: SkuPlanning): Record<string, unknown> {
  return { ...Entities.planning.key({ sku: planning.sku }), kind: "planning", ...planning };
}

/** A stored record with every field present (a field never set reads as null). */
const complete = (record: Partial<SkuPlanning> & { sku: string }): Required<SkuPlanning> => ({
  ...Restock.noPlanning(record.sku),
  ...record,
  updated_at: record.updated_at ?? null,
});

/** Every SKU's planning parameters, one query per shard. */
export async function listPlanning(ref: TableRef, { consistent = false } = {}): Promise<SkuPlanning[]> {
  const items = await queryPartitions(ref, Entities.planning.query.shards(), { projection: FIELDS, consistent });
  return toRecords<SkuPlanning>(items).map(complete);
}

/** One SKU's parameters; undefined when none is stored. */
export async function getPlanning(ref: TableRef, sku: string): Promise<SkuPlanning | undefined> {
  const key = Entities.planning.key({ sku });
  if (!fitsKey(key)) return undefined;
  const { Item: item } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: key, ConsistentRead: true }));
  return item ? complete(toRecord<SkuPlanning>(item)) : undefined;
}

/** Replaces whole records (the dataset loader). */
export async function putPlanning(ref: TableRef, records: SkuPlanning[]): Promise<void> {
  await writeChanging(ref, "planning", () => batchWrite(ref, records.map((record) => ({ put: planningItem(complete(record)) }))));
}

/** Who made a change through the API and in which request: stored beside the change, never answered. */
export interface ChangeStamp {
  actor: string;
  requestId: string | null;
}

/**
 * Sets the given fields of one SKU's record (null clears one), creating it when missing, in one
 * conditional-free UpdateItem: concurrent changes of different fields never undo each other.
 * The record keeps the actor and request id of its last change (`actor`, `request_id`); the
 * answer is the planning fields only.
 */
export async function updatePlanning(
  ref: TableRef,
  sku: string,
  change: Partial<Restock.PlanningFields>,
  now: Date,
  stamp?: ChangeStamp,
): Promise<Required<SkuPlanning>> {
  const fields = Restock.PLANNING_FIELDS.filter((field) => change[field] !== undefined);
  const names: Record<string, string> = { "#sku": "sku", "#kind": "kind", "#updated": "updated_at" };
  const values: Record<string, unknown> = { ":sku": sku, ":kind": "planning", ":updated": now.toISOString() };
  const sets = ["#sku = :sku", "#kind = :kind", "#updated = :updated"];
  if (stamp) {
    Object.assign(names, { "#actor": "actor", "#request": "request_id" });
    Object.assign(values, { ":actor": stamp.actor, ":request": stamp.requestId });
    sets.push("#actor = :actor", "#request = :request");
  }
  fields.forEach((field, i) => {
    names[`#f${i}`] = field;
    values[`:v${i}`] = change[field];
    sets.push(`#f${i} = :v${i}`);
  });
  const result = await writeChanging(
    ref,
    "planning",
    () =>
      ref.doc.send(
        new UpdateCommand({
          TableName: ref.table,
          Key: Entities.planning.key({ sku }),
          UpdateExpression: `SET ${sets.join(", ")}`,
          ExpressionAttributeNames: names,
          ExpressionAttributeValues: values,
          ReturnValues: "ALL_NEW",
        }),
      ),
    { single: true },
  );
  const { actor: _actor, request_id: _request, ...planning } = toRecord<SkuPlanning & { actor?: string; request_id?: string | null }>(
    result.Attributes ?? { sku },
  );
  return complete(planning);
}
