/**
 * SKUs whose alerts are due to be derived again (keys.ts: ALERTPENDING): written after a stock
 * operation changed the SKU, removed by the derivation that took it into account. Each mark
 * carries a token, so a derivation removes only the mark it read and a newer one stays.
 */
import { DeleteCommand, PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { conditionalWrite } from "../conditions.js";
import { Entities, fitsKey } from "../keys.js";
import { queryAll } from "../operations.js";

export interface PendingSku {
  sku: string;
  token: string;
  marked_at: string;
}

export async function markSkuPending(ref: TableRef, mark: PendingSku): Promise<void> {
  const key = Entities.alert_pending.key({ sku: mark.sku });
  if (!fitsKey(key)) return;
  await ref.doc.send(new PutCommand({ TableName: ref.table, Item: { ...key, kind: "alert_pending", ...mark } }));
}

/** At most `limit` marks, by SKU, strongly consistent. */
export async function listPendingSkus(ref: TableRef, limit: number): Promise<PendingSku[]> {
  const items = await queryAll(ref, { ...Entities.alert_pending.query.partition(), ConsistentRead: true, Limit: limit }, limit);
  return items.map((item) => ({ sku: String(item.sku), token: String(item.token), marked_at: String(item.marked_at) }));
}

/** Removes the mark if it is still the one read; false when a newer mark replaced it. */
export async function clearPendingSku(ref: TableRef, mark: PendingSku): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new DeleteCommand({
        TableName: ref.table,
        Key: Entities.alert_pending.key({ sku: mark.sku }),
        ConditionExpression: "#token = :token",
        ExpressionAttributeNames: { "#token": "token" },
        ExpressionAttributeValues: { ":token": mark.token },
      }),
    ),
  );
}
