import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "./client.js";
import { isConditionFailure } from "./conditions.js";
import { Entities, expiresAt, fitsKey, ITEM_ABSENT, ITEM_PRESENT } from "./keys.js";

/** What consuming a state found: a live one (with the redirect_uri it was issued for), an expired one, or none. */
export type ConsumedState = { status: "valid"; redirectUri: string; actor: string | null; requestId: string | null } | { status: "expired" } | { status: "unknown" };

/** Who started a connection and in which request. */
export interface StateStamp {
  actor: string;
  requestId: string | null;
}

/** Stores a new single-use state of the account connection, with who started it; the table's TTL removes it once expired. */
export async function saveOAuthState(ref: TableRef, state: string, redirectUri: string, now: Date, ttlMs: number, stamp?: StateStamp): Promise<void> {
  const expiry = now.getTime() + ttlMs;
  await ref.doc.send(
    new PutCommand({
      TableName: ref.table,
      Item: {
        ...Entities.oauth_state.key({ state }),
        kind: "oauth_state",
        redirect_uri: redirectUri,
        actor: stamp?.actor ?? null,
        request_id: stamp?.requestId ?? null,
        created_at: now.toISOString(),
        expires_at_ms: expiry,
        ...expiresAt(expiry),
      },
      ConditionExpression: ITEM_ABSENT,
    }),
  );
}

/**
 * Consumes a live state: one conditional delete, so two callbacks with the same state cannot
 * both pass. A refused state (unknown, used, expired) is left as it is; the TTL removes it.
 */
export async function consumeOAuthState(ref: TableRef, state: string, now: Date): Promise<ConsumedState> {
  const key = Entities.oauth_state.key({ state });
  if (!fitsKey(key)) return { status: "unknown" };
  try {
    const result = await ref.doc.send(
      new DeleteCommand({
        TableName: ref.table,
        Key: key,
        ConditionExpression: `${ITEM_PRESENT} AND expires_at_ms > :now`,
        ExpressionAttributeValues: { ":now": now.getTime() },
        ReturnValues: "ALL_OLD",
        ReturnValuesOnConditionCheckFailure: "ALL_OLD",
      }),
    );
    const text = (value: unknown): string | null => (typeof value === "string" && value !== "" ? value : null);
    return { status: "valid", redirectUri: String(result.Attributes?.redirect_uri), actor: text(result.Attributes?.actor), requestId: text(result.Attributes?.request_id) };
  } catch (error) {
    if (!isConditionFailure(error)) throw error;
    return (error as { Item?: unknown }).Item ? { status: "expired" } : { status: "unknown" };
  }
}
