import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { Tariff } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { ITEM_ABSENT, ITEM_PRESENT, KeyConditions, Keys, TABLE_SCHEMA } from "./keys.js";
import { batchWrite, queryAll } from "./operations.js";
import { toRecord, toRecords } from "./items.js";
import { isConditionFailure } from "./conditions.js";
import { storageUnavailableIn } from "./unavailable.js";

const COUNTER = "tariff";
/** A create claim lives as long as the idempotency record of its request. */
const CLAIM_SECONDS = 24 * 60 * 60;

interface CreateClaim {
  tariff: Tariff;
  expires_at_epoch: number;
}

export const tariffItem = (tariff: Tariff): Record<string, unknown> => ({ ...Keys.tariff(tariff.id), kind: "tariff", ...tariff });

export async function listTariffs(ref: TableRef, { consistent = false } = {}): Promise<Tariff[]> {
  const items = await queryAll(ref, { ...KeyConditions.partition(Keys.tariffPartition), ...(consistent ? { ConsistentRead: true } : {}) });
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

/**
 * Creates a tariff with the next id, exactly once per request key: the tariff and a claim on the
 * key are written in one transaction, so a retry of a create whose answer was lost (a timeout, a
 * frozen engine, a retry with the same Idempotency-Key after Powertools lost its record) finds the
 * claim and returns the tariff the first try stored instead of storing a second one. Without a key
 * from the client, a random one still covers the SDK's own retries of the call.
 */
export async function createTariff(ref: TableRef, fields: Omit<Tariff, "id">, requestKey: string = randomUUID()): Promise<Tariff> {
  const claimKey = Keys.createClaim("tariff", requestKey);
  for (;;) {
    const tariff: Tariff = { id: await nextTariffId(ref), ...fields };
    const now = Math.floor(Date.now() / 1000);
    try {
      await ref.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: ref.table, Item: tariffItem(tariff), ConditionExpression: ITEM_ABSENT } },
            {
              Put: {
                TableName: ref.table,
                Item: { ...claimKey, kind: "create-claim", tariff, [TABLE_SCHEMA.ttlAttribute]: now + CLAIM_SECONDS },
                // The table's TTL deletes late: an expired claim no longer counts.
                ConditionExpression: `${ITEM_ABSENT} OR #expires < :now`,
                ExpressionAttributeNames: { "#expires": TABLE_SCHEMA.ttlAttribute },
                ExpressionAttributeValues: { ":now": now },
              },
            },
          ],
        }),
      );
      return tariff;
    } catch (error) {
      const [tariffTaken, claimTaken] = cancelledConditions(error);
      if (claimTaken) {
        await releaseTariffId(ref, tariff.id);
        const claim = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: claimKey, ConsistentRead: true }));
        const first = (claim.Item as CreateClaim).tariff;
        const same = (Object.keys(fields) as (keyof typeof fields)[]).every((name) => first[name] === fields[name]);
        if (!same) throw new CreateKeyReusedError();
        return first;
      }
      // An id taken by a loaded record is skipped; the counter only moves forward.
      if (tariffTaken) continue;
      // Storage that does not answer would only make the caller wait a second budget for nothing.
      if (!storageUnavailableIn(error)) await releaseTariffId(ref, tariff.id);
      throw error;
    }
  }
}

/** The request key already created a tariff with other fields. */
export class CreateKeyReusedError extends Error {
  constructor() {
    super("This Idempotency-Key already created a tariff with other values; use a new key for a different tariff");
    this.name = "CreateKeyReusedError";
  }
}

/** Which items of a cancelled transaction failed their condition. */
function cancelledConditions(error: unknown): boolean[] {
  const e = error as { name?: string; CancellationReasons?: { Code?: string }[] } | undefined;
  if (e?.name !== "TransactionCanceledException") return [];
  return (e.CancellationReasons ?? []).map((reason) => reason.Code === "ConditionalCheckFailed");
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
