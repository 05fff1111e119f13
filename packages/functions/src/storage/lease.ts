import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { Entities, epochSeconds, expiresAt, ITEM_ABSENT, TTL_NAME } from "./keys.js";
import { conditionalWrite } from "./conditions.js";

/**
 * A lease with a heartbeat: a conditional write that succeeds only when no live lease exists.
 * The holder renews it while it works; a holder that stops renewing (a crash, a killed process,
 * a Lambda timeout) loses it `ttlMs` after its last heartbeat, and the table's TTL removes the
 * item later.
 */
export interface Lease {
  owner: string;
  acquired_at: string;
  /** Last renewal by the owner (ISO instant). */
  heartbeat_at: string;
  expires_at_ms: number;
}

const expiry = (now: number, ttlMs: number) => ({ expires_at_ms: now + ttlMs, ...expiresAt(now + ttlMs) });

export async function acquireLease(ref: TableRef, name: string, owner: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const at = new Date(now).toISOString();
  return conditionalWrite(
    ref.doc.send(
      new PutCommand({
        TableName: ref.table,
        Item: { ...Entities.lease.key({ name }), kind: "lease", owner, acquired_at: at, heartbeat_at: at, ...expiry(now, ttlMs) },
        ConditionExpression: `${ITEM_ABSENT} OR expires_at_ms < :now`,
        ExpressionAttributeValues: { ":now": now },
      }),
    ),
  );
}

/** A write's condition: `owner` still holds the lease. */
const heldBy = (owner: string) => ({ ConditionExpression: "#owner = :owner", ExpressionAttributeNames: { "#owner": "owner" }, ExpressionAttributeValues: { ":owner": owner } });

/** The owner's heartbeat: extends the lease by `ttlMs` from `now`. False when the owner no longer holds it. */
export async function renewLease(ref: TableRef, name: string, owner: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  const expires_at_ms = now + ttlMs;
  const held = heldBy(owner);
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.lease.key({ name }),
        UpdateExpression: "SET heartbeat_at = :at, expires_at_ms = :expires, #ttl = :epoch",
        ConditionExpression: held.ConditionExpression,
        ExpressionAttributeNames: { ...held.ExpressionAttributeNames, ...TTL_NAME },
        ExpressionAttributeValues: { ...held.ExpressionAttributeValues, ":at": new Date(now).toISOString(), ":expires": expires_at_ms, ":epoch": epochSeconds(expires_at_ms) },
      }),
    ),
  );
}

/** The stored lease, live or expired; undefined when none is stored. */
export async function readLease(ref: TableRef, name: string): Promise<Lease | undefined> {
  const { Item: item } = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.lease.key({ name }), ConsistentRead: true }));
  if (!item) return undefined;
  return {
    owner: String(item.owner),
    acquired_at: String(item.acquired_at),
    heartbeat_at: String(item.heartbeat_at ?? item.acquired_at),
    expires_at_ms: Number(item.expires_at_ms),
  };
}

/** Whether the lease still holds at `now` (not yet expired). */
export const isLive = (lease: Lease | undefined, now: number): lease is Lease => lease !== undefined && lease.expires_at_ms >= now;

/** Releases the lease if this owner still holds it. */
export async function releaseLease(ref: TableRef, name: string, owner: string): Promise<void> {
  await conditionalWrite(
    ref.doc.send(
      new DeleteCommand({
        TableName: ref.table,
        Key: Entities.lease.key({ name }),
        ...heldBy(owner),
      }),
    ),
  );
}
