/** The delivery log (keys.ts: ALERTDELIVERY): one entry per attempt, newest first. No secret is ever stored here. */
import { PutCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { Entities, expiresAt } from "../keys.js";
import { queryAll } from "../operations.js";
import { toRecord } from "../items.js";

export const DELIVERY_RETENTION_DAYS = 90;

export type DeliveryResult = "delivered" | "retrying" | "dead_letter" | "dropped";

export interface DeliveryAttempt {
  /** The delivery's idempotency id (the Idempotency-Key header; the same on every attempt). */
  delivery_id: string;
  subscription_id: string;
  channel: string;
  /** Where it went, with anything that may be a credential (query, long tokens in the path) masked. */
  target: string;
  type: "alerts" | "digest" | "test";
  /** Alert changes in the message. */
  events: number;
  attempt: number;
  result: DeliveryResult;
  /** The receiver's HTTP status, when it answered. */
  status_code: number | null;
  error: string | null;
  at: string;
}

export async function putDeliveryAttempt(ref: TableRef, attempt: DeliveryAttempt): Promise<void> {
  await ref.doc.send(
    new PutCommand({
      TableName: ref.table,
      Item: {
        ...Entities.delivery.key({ at: attempt.at, id: `${attempt.delivery_id}#${String(attempt.attempt).padStart(3, "0")}` }),
        kind: "delivery",
        ...attempt,
        ...expiresAt(Date.parse(attempt.at) + DELIVERY_RETENTION_DAYS * 86_400_000),
      },
    }),
  );
}

export async function listDeliveryAttempts(ref: TableRef, limit: number, subscriptionId?: string): Promise<DeliveryAttempt[]> {
  const condition = Entities.delivery.query.partition();
  const items = await queryAll(
    ref,
    {
      ...condition,
      ...(subscriptionId !== undefined
        ? {
            FilterExpression: "subscription_id = :sub",
            ExpressionAttributeValues: { ...condition.ExpressionAttributeValues, ":sub": subscriptionId },
          }
        : {}),
      ScanIndexForward: false,
    },
    limit,
  );
  return items.map((item) => toRecord<DeliveryAttempt>(item));
}
