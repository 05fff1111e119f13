import { randomUUID } from "node:crypto";
import { DeleteCommand, GetCommand, TransactWriteCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { TariffVersions, type Tariff } from "@fulfillment/core";
import { CreateKeyReusedError } from "../errors.js";
import type { TableRef } from "./client.js";
import { claimHash, Entities, ITEM_ABSENT, ITEM_PRESENT, TABLE_SCHEMA } from "./keys.js";
import { batchWrite, queryAll } from "./operations.js";
import { toRecord, toRecords } from "./items.js";
import { cancelledConditions, conditionalWrite, isTransactionConflict } from "./conditions.js";
import { storageUnavailableIn } from "./unavailable.js";
import { writeChanging } from "./changes.js";
import { backOff } from "../backoff.js";

/** Retries of a transaction another writer conflicted with. */
const CONFLICT_BACKOFF = { baseMs: 10, maxMs: 250 };

const COUNTER = "tariff";
/** A create claim lives as long as the idempotency record of its request. */
const CLAIM_SECONDS = 24 * 60 * 60;

interface CreateClaim {
  tariff: Tariff;
  /** The version it recorded, without the tariff (the item holds it once); absent on a claim written before versions were kept. */
  version?: TariffVersions.VersionSummary;
  expires_at_epoch: number;
}

export const tariffItem = (tariff: Tariff): Record<string, unknown> => ({ ...Entities.tariff.key({ id: tariff.id }), kind: "tariff", ...tariff });

const TARIFF_FIELDS = ["id", "name", "min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor", "active"] as const;

/** The tariff's own fields of a stored item (not its version count). */
function tariffOf(item: Record<string, unknown>): Tariff {
  const tariff: Record<string, unknown> = {};
  for (const field of TARIFF_FIELDS) if (field in item) tariff[field] = item[field];
  return tariff as unknown as Tariff;
}

/** The tariffs' partition (every tariff and version), built once: GET /full/tariffs reads it on every request. */
const TARIFF_PARTITION = Entities.tariff.query.partition();

const versionItem = (version: TariffVersions.TariffVersion): Record<string, unknown> => ({
  ...Entities["tariff-version"].key({ id: version.tariff_id, version: version.version }),
  kind: "tariff-version",
  ...version,
});

/** Who records a version, from which day, and when. */
export interface VersionStamp {
  /** First business day in force; null: since always (the loader). */
  effectiveFrom: string | null;
  actor: string;
  /** The API request that records it (stored as the version's request_id). */
  requestId?: string | null;
  now?: Date;
}

/** Every version of every tariff: recorded ones, and version 0 of a tariff stored before versions were kept. One Query. */
export async function listTariffVersions(ref: TableRef, { consistent = false } = {}): Promise<TariffVersions.TariffVersion[]> {
  const items = await queryAll(ref, { ...TARIFF_PARTITION, ...(consistent ? { ConsistentRead: true } : {}) });
  const stored = items.filter((item) => item.kind !== "tariff-version").map((item) => tariffOf(toRecord(item)));
  // Not toRecord: it strips the bookkeeping attribute "version", here the version's number.
  const recorded = items.filter((item) => item.kind === "tariff-version").map(({ pk: _pk, sk: _sk, kind: _kind, ...version }) => version as unknown as TariffVersions.TariffVersion);
  return TariffVersions.allVersions(stored, recorded);
}

/** A write of the loader or of set-up: in force since always, by no one in particular. */
export const SINCE_ALWAYS: VersionStamp = { effectiveFrom: null, actor: "system" };

/** Every tariff as last recorded, those whose last change deleted them left out (the loader's and set-up's view). */
export async function listTariffs(ref: TableRef, { consistent = false } = {}): Promise<Tariff[]> {
  const items = await queryAll(ref, { ...TARIFF_PARTITION, ...(consistent ? { ConsistentRead: true } : {}) });
  return items.filter((item) => item.kind !== "tariff-version" && item.deleted !== true).map((item) => tariffOf(toRecord(item)));
}

/** A tariff as last recorded; undefined when unknown or deleted. */
export async function getTariff(ref: TableRef, id: number): Promise<Tariff | undefined> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.tariff.key({ id }), ConsistentRead: true }));
  return result.Item && result.Item.deleted !== true ? tariffOf(toRecord(result.Item)) : undefined;
}

/** Creates a tariff in force since always (the loader, set-up); see createTariffVersion. */
export async function createTariff(ref: TableRef, fields: Omit<Tariff, "id">, requestKey?: string): Promise<Tariff> {
  return (await createTariffVersion(ref, fields, SINCE_ALWAYS, requestKey)).tariff;
}

/** Changes the given fields since always (set-up); undefined when the tariff is not in force. */
export async function updateTariff(ref: TableRef, id: number, patch: Partial<Omit<Tariff, "id">>): Promise<Tariff | undefined> {
  return (await changeTariff(ref, id, SINCE_ALWAYS, (current) => ({ ...current, ...patch, id })))?.tariff;
}

/** Deletes a tariff since always (set-up); false when it is not in force. */
export async function deleteTariff(ref: TableRef, id: number): Promise<boolean> {
  return (await changeTariff(ref, id, SINCE_ALWAYS, () => "delete")) !== undefined;
}

/** The tariffs in force on a business day. */
export async function listTariffsOn(ref: TableRef, day: string, options: { consistent?: boolean } = {}): Promise<Tariff[]> {
  return TariffVersions.tariffListOn(await listTariffVersions(ref, options), day);
}

/** The next id from an atomic counter, so concurrent creates never share one. */
async function nextTariffId(ref: TableRef): Promise<number> {
  const result = await ref.doc.send(
    new UpdateCommand({
      TableName: ref.table,
      Key: Entities.counter.key({ name: COUNTER }),
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
export async function createTariffVersion(
  ref: TableRef,
  fields: Omit<Tariff, "id">,
  stamp: VersionStamp,
  requestKey: string = randomUUID(),
): Promise<TariffVersions.TariffVersion> {
  const claimKey = Entities["create-claim"].key({ resource: "tariff", hash: claimHash(requestKey) });
  const sinceAlways = stamp.effectiveFrom === null;
  for (;;) {
    const tariff: Tariff = { id: await nextTariffId(ref), ...fields };
    const version: TariffVersions.TariffVersion = sinceAlways ? TariffVersions.baseVersion(tariff) : {
      tariff_id: tariff.id,
      version: 1,
      effective_from: stamp.effectiveFrom,
      action: "create" as const,
      tariff,
      actor: stamp.actor,
      request_id: stamp.requestId ?? null,
      recorded_at: (stamp.now ?? new Date()).toISOString(),
    };
    const now = Math.floor(Date.now() / 1000);
    try {
      await writeChanging(ref, ["tariff", "tariff-version"], () => ref.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            { Put: { TableName: ref.table, Item: { ...tariffItem(tariff), ...(sinceAlways ? {} : { versions: 1 }) }, ConditionExpression: ITEM_ABSENT } },
            {
              Put: {
                TableName: ref.table,
                Item: { ...claimKey, kind: "create-claim", tariff, version: TariffVersions.versionSummary(version), [TABLE_SCHEMA.ttlAttribute]: now + CLAIM_SECONDS },
                // The table's TTL deletes late: an expired claim no longer counts.
                ConditionExpression: `${ITEM_ABSENT} OR #expires < :now`,
                ExpressionAttributeNames: { "#expires": TABLE_SCHEMA.ttlAttribute },
                ExpressionAttributeValues: { ":now": now },
              },
            },
            // A tariff in force since always (the loader's) is its own version 0: no version item.
            ...(sinceAlways ? [] : [{ Put: { TableName: ref.table, Item: versionItem(version) } }]),
          ],
        }),
      ), { single: true });
      return version;
    } catch (error) {
      const [tariffTaken, claimTaken] = cancelledConditions(error);
      if (claimTaken) {
        await releaseTariffId(ref, tariff.id);
        const claim = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: claimKey, ConsistentRead: true }));
        const { tariff: first, version: firstVersion } = claim.Item as CreateClaim;
        const same = (Object.keys(fields) as (keyof typeof fields)[]).every((name) => first[name] === fields[name]);
        if (!same) throw new CreateKeyReusedError();
        return firstVersion ? { ...firstVersion, tariff: first } : TariffVersions.baseVersion(first);
      }
      // An id taken by a loaded record is skipped; the counter only moves forward.
      if (tariffTaken) continue;
      // Storage that does not answer would only make the caller wait a second budget for nothing.
      if (!storageUnavailableIn(error)) await releaseTariffId(ref, tariff.id);
      throw error;
    }
  }
}

/** Gives an id back when no later one was taken, so a create that failed leaves the table as it was. */
async function releaseTariffId(ref: TableRef, id: number): Promise<void> {
  const key = { TableName: ref.table, Key: Entities.counter.key({ name: COUNTER }), ConditionExpression: "#n = :id", ExpressionAttributeNames: { "#n": "value" } };
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

/** How a change turns the tariff in force on its day into the new version's fields; "delete" ends it. */
export type TariffChange = (current: Tariff) => Tariff | "delete";

/**
 * Records a new version of a tariff from the stamp's day: the change applied to the version in force
 * that day, written with the tariff's version count in one transaction (a concurrent change makes it
 * read again). Later versions stay and take over on their own days. Undefined when the tariff is not
 * in force that day (unknown, deleted, or not created yet).
 */
export async function changeTariff(ref: TableRef, id: number, stamp: VersionStamp, change: TariffChange): Promise<TariffVersions.TariffVersion | undefined> {
  for (let attempt = 1; ; attempt++) {
    const stored = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.tariff.key({ id }), ConsistentRead: true }));
    if (!stored.Item) return undefined;
    const versions = (await listTariffVersions(ref)).filter((version) => version.tariff_id === id);
    const day = stamp.effectiveFrom ?? "0000-00-00";
    const current = TariffVersions.versionOn(versions, day);
    if (!current || current.action === "delete") return undefined;
    const next = change(current.tariff);
    const seen = Number(stored.Item.versions ?? 0);
    const version: TariffVersions.TariffVersion = {
      tariff_id: id,
      version: seen + 1,
      effective_from: stamp.effectiveFrom,
      action: next === "delete" ? "delete" : "update",
      tariff: next === "delete" ? current.tariff : next,
      actor: stamp.actor,
      request_id: stamp.requestId ?? null,
      recorded_at: (stamp.now ?? new Date()).toISOString(),
    };
    // A tariff stored before versions were kept gets its version 0 (in force since always) with its first change.
    const base = seen === 0 ? [{ Put: { TableName: ref.table, Item: versionItem(TariffVersions.baseVersion(tariffOf(toRecord(stored.Item)))) } }] : [];
    try {
      await writeChanging(ref, ["tariff", "tariff-version"], () => ref.doc.send(
        new TransactWriteCommand({
          TransactItems: [
            {
              Put: {
                TableName: ref.table,
                // The tariff item keeps the last recorded fields and the version count.
                Item: { ...tariffItem(version.tariff), versions: version.version, ...(version.action === "delete" ? { deleted: true } : {}) },
                ConditionExpression: seen === 0 ? `${ITEM_PRESENT} AND attribute_not_exists(versions)` : "versions = :seen",
                ...(seen === 0 ? {} : { ExpressionAttributeValues: { ":seen": seen } }),
              },
            },
            ...base,
            { Put: { TableName: ref.table, Item: versionItem(version), ConditionExpression: ITEM_ABSENT } },
          ],
        }),
      ), { single: true });
      return version;
    } catch (error) {
      if (!isTransactionConflict(error) || attempt >= 10) throw error;
      await backOff(CONFLICT_BACKOFF, attempt);
    }
  }
}

/** Upserts tariffs that carry their id (the loader) and moves the counter past the highest. */
export async function putTariffs(ref: TableRef, tariffs: Tariff[]): Promise<void> {
  await writeChanging(ref, "tariff", () => batchWrite(ref, tariffs.map((tariff) => ({ put: tariffItem(tariff) }))));
  const highest = Math.max(0, ...tariffs.map((t) => t.id));
  if (highest === 0) return;
  await conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.counter.key({ name: COUNTER }),
        UpdateExpression: "SET #n = :max",
        ConditionExpression: "attribute_not_exists(#n) OR #n < :max",
        ExpressionAttributeNames: { "#n": "value" },
        ExpressionAttributeValues: { ":max": highest },
      }),
    ),
  );
}
