import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { ITEM_ABSENT, Keys, TABLE_SCHEMA } from "./keys.js";
import { isConditionFailure } from "./conditions.js";

/**
 * A lease: a conditional write that succeeds only when no unexpired lease exists. A crashed
 * holder's lease lapses at its expiry (and the table's TTL removes the item later).
 */
export async function acquireLease(ref: TableRef, name: string, owner: string, ttlMs: number, now = Date.now()): Promise<boolean> {
  try {
    await ref.doc.send(
      new PutCommand({
        TableName: ref.table,
        Item: {
          ...Keys.lease(name),
          kind: "lease",
          owner,
          acquired_at: new Date(now).toISOString(),
          expires_at_ms: now + ttlMs,
          [TABLE_SCHEMA.ttlAttribute]: Math.ceil((now + ttlMs) / 1000),
        },
        ConditionExpression: `${ITEM_ABSENT} OR expires_at_ms < :now`,
        ExpressionAttributeValues: { ":now": now },
      }),
    );
    return true;
  } catch (error) {
    if (isConditionFailure(error)) return false;
    throw error;
  }
}

/** Releases the lease if this owner still holds it. */
export async function releaseLease(ref: TableRef, name: string, owner: string): Promise<void> {
  try {
    await ref.doc.send(
      new DeleteCommand({
        TableName: ref.table,
        Key: Keys.lease(name),
        ConditionExpression: "#owner = :owner",
        ExpressionAttributeNames: { "#owner": "owner" },
        ExpressionAttributeValues: { ":owner": owner },
      }),
    );
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
  }
}
