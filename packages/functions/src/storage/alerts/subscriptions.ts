/** Alert subscriptions (keys.ts: ALERTSUB). The webhook secret is stored to sign deliveries and never listed. */
import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Messages, type Alerts } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { conditionalWrite } from "../conditions.js";
import { Entities, ITEM_ABSENT, ITEM_PRESENT } from "../keys.js";
import { queryAll } from "../operations.js";
import { toRecord } from "../items.js";

export const CHANNELS = ["webhook", "email"] as const;
export type Channel = (typeof CHANNELS)[number];
export const DELIVERY_MODES = ["immediate", "digest"] as const;
export type DeliveryMode = (typeof DELIVERY_MODES)[number];
export const PAYLOAD_FORMATS = ["json", "slack"] as const;
export type PayloadFormat = (typeof PAYLOAD_FORMATS)[number];
export type SubscriptionStatus = "active" | "failing";

export interface Subscription {
  id: string;
  channel: Channel;
  target: string;
  kinds: Alerts.AlertKind[];
  min_severity: Alerts.Severity;
  delivery: DeliveryMode;
  digest_hour: number | null;
  format: PayloadFormat;
  /** The language of every text it receives. */
  language: Messages.Locale;
  status: SubscriptionStatus;
  /** Why the last delivery gave up (no secret in it); null while deliveries succeed. */
  last_failure: string | null;
  /** The instant up to which the last digest reported events; null before the first. */
  last_digest_at: string | null;
  created_at: string;
}

/** The stored subscription: a webhook's signing secret beside it. */
export interface StoredSubscription extends Subscription {
  secret: string | null;
}

const asSubscription = (item: Record<string, unknown>): StoredSubscription => {
  const record = toRecord<StoredSubscription & { secret?: string | null }>(item);
  // Subscriptions created before they had a language get the default one.
  return { ...record, language: Messages.isLocale(record.language) ? record.language : Messages.DEFAULT_LOCALE, secret: record.secret ?? null };
};

export async function putSubscription(ref: TableRef, subscription: StoredSubscription): Promise<void> {
  await ref.doc.send(new PutCommand({ TableName: ref.table, Item: { ...Entities.subscription.key({ id: subscription.id }), kind: "subscription", ...subscription }, ConditionExpression: ITEM_ABSENT }));
}

export async function listSubscriptions(ref: TableRef): Promise<StoredSubscription[]> {
  const items = await queryAll(ref, { ...Entities.subscription.query.partition(), ConsistentRead: true });
  return items.map(asSubscription).sort((a, b) => (a.created_at < b.created_at ? -1 : a.created_at > b.created_at ? 1 : a.id < b.id ? -1 : 1));
}

export async function getSubscription(ref: TableRef, id: string): Promise<StoredSubscription | undefined> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.subscription.key({ id }), ConsistentRead: true }));
  return result.Item ? asSubscription(result.Item) : undefined;
}

/** False when there was no such subscription. */
export async function deleteSubscription(ref: TableRef, id: string): Promise<boolean> {
  return conditionalWrite(ref.doc.send(new DeleteCommand({ TableName: ref.table, Key: Entities.subscription.key({ id }), ConditionExpression: ITEM_PRESENT })));
}

/** Records whether deliveries reach the target; a subscription deleted meanwhile stays deleted. */
export async function setSubscriptionStatus(ref: TableRef, id: string, status: SubscriptionStatus, failure: string | null): Promise<void> {
  await updateExisting(ref, id, "SET #status = :status, last_failure = :failure", { "#status": "status" }, { ":status": status, ":failure": failure });
}

/** Moves the subscription's digest mark forward (never back: a late retry of an older digest keeps the newer mark). */
export async function setLastDigest(ref: TableRef, id: string, until: string): Promise<void> {
  await updateExisting(ref, id, "SET last_digest_at = :until", {}, { ":until": until }, "(attribute_not_exists(last_digest_at) OR last_digest_at = :null OR last_digest_at < :until)", { ":null": null });
}

async function updateExisting(
  ref: TableRef,
  id: string,
  update: string,
  names: Record<string, string>,
  values: Record<string, unknown>,
  extraCondition?: string,
  extraValues: Record<string, unknown> = {},
): Promise<void> {
  await conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.subscription.key({ id }),
        UpdateExpression: update,
        ConditionExpression: extraCondition ? `${ITEM_PRESENT} AND ${extraCondition}` : ITEM_PRESENT,
        ...(Object.keys(names).length > 0 ? { ExpressionAttributeNames: names } : {}),
        ExpressionAttributeValues: { ...values, ...extraValues },
      }),
    ),
  );
}
