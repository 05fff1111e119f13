import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Tariff } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { ITEM_ABSENT, ITEM_PRESENT, KeyConditions, Keys } from "./keys.js";
import { batchWrite, queryAll } from "./operations.js";
import { toRecord, toRecords } from "./items.js";
import { isConditionFailure } from "./conditions.js";

const COUNTER = "tariff";

export const tariffItem = (tariff: Tariff): Record<string, unknown> => ({ ...Keys.tariff(tariff.id), kind: "tariff", ...tariff });

export async function listTariffs(ref: TableRef): Promise<Tariff[]> {
  const items = await queryAll(ref, KeyConditions.partition(Keys.tariffPartition));
  return toRecords<Tariff>(items);
}

export async function getTariff(ref: TableRef, id: number): Promise<Tariff | undefined> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Keys.tariff(id), ConsistentRead: true }));
  return result.Item ? toRecord<Tariff>(result.Item) : undefined;
}

/** The next id from an atomic counter, so concurrent creates never share one. */
async function nextTariffId(ref: TableRef): Promise<number> {
  const result = await ref.doc.send(
    new UpdateCommand({
      TableName: ref.table,
      Key: Keys.counter(COUNTER),
      UpdateExpression: "ADD #n :one",
      ExpressionAttributeNames: { "#n": "value" },
      ExpressionAttributeValues: { ":one": 1 },
      ReturnValues: "UPDATED_NEW",
    }),
  );
  return Number(result.Attributes?.value);
}

export async function createTariff(ref: TableRef, fields: Omit<Tariff, "id">): Promise<Tariff> {
  // An id taken by a loaded record is skipped; the counter only moves forward.
  for (;;) {
    const tariff: Tariff = { id: await nextTariffId(ref), ...fields };
    try {
      await ref.doc.send(
        new PutCommand({ TableName: ref.table, Item: tariffItem(tariff), ConditionExpression: ITEM_ABSENT }),
      );
      return tariff;
    } catch (error) {
      if (isConditionFailure(error)) continue;
      await releaseTariffId(ref, tariff.id);
      throw error;
    }
  }
}

/** Gives an id back when no later one was taken, so a create that failed leaves the table as it was. */
async function releaseTariffId(ref: TableRef, id: number): Promise<void> {
  const key = { TableName: ref.table, Key: Keys.counter(COUNTER), ConditionExpression: "#n = :id", ExpressionAttributeNames: { "#n": "value" } };
  try {
    await ref.doc.send(
      id === 1
        ? new DeleteCommand({ ...key, ExpressionAttributeValues: { ":id": id } })
        : new UpdateCommand({ ...key, UpdateExpression: "SET #n = :previous", ExpressionAttributeValues: { ":id": id, ":previous": id - 1 } }),
    );
  } catch {
    // A later id was taken or the table is out of reach: a gap in the ids is harmless.
  }
}

/** Changes only the given fields; undefined when the tariff does not exist. */
export async function updateTariff(ref: TableRef, id: number, patch: Partial<Omit<Tariff, "id">>): Promise<Tariff | undefined> {
  const fields = Object.entries(patch).filter(([, value]) => value !== undefined);
  if (fields.length === 0) return getTariff(ref, id);
  const names: Record<string, string> = {};
  const values: Record<string, unknown> = {};
  const sets = fields.map(([name, value], i) => {
    names[`#f${i}`] = name;
    values[`:v${i}`] = value;
    return `#f${i} = :v${i}`;
  });
  try {
    const result = await ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Keys.tariff(id),
        UpdateExpression: `SET ${sets.join(", ")}`,
        ConditionExpression: ITEM_PRESENT,
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
        ReturnValues: "ALL_NEW",
      }),
    );
    return toRecord<Tariff>(result.Attributes ?? {});
  } catch (error) {
    if (isConditionFailure(error)) return undefined;
    throw error;
  }
}

/** False when the tariff does not exist. */
export async function deleteTariff(ref: TableRef, id: number): Promise<boolean> {
  try {
    await ref.doc.send(
      new DeleteCommand({ TableName: ref.table, Key: Keys.tariff(id), ConditionExpression: ITEM_PRESENT }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Upserts tariffs that carry their id (the loader) and moves the counter past the highest. */
export async function putTariffs(ref: TableRef, tariffs: Tariff[]): Promise<void> {
  await batchWrite(ref, tariffs.map((tariff) => ({ put: tariffItem(tariff) })));
  const highest = Math.max(0, ...tariffs.map((t) => t.id));
  if (highest === 0) return;
  try {
    await ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Keys.counter(COUNTER),
        UpdateExpression: "SET #n = :max",
        ConditionExpression: "attribute_not_exists(#n) OR #n < :max",
        ExpressionAttributeNames: { "#n": "value" },
        ExpressionAttributeValues: { ":max": highest },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
