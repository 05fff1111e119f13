/**
 * Who hears about alert events: immediate subscriptions after every derivation, digest
 * subscriptions once a day at their hour (the hourly digest job), and a test message on demand.
 * Each message is one digest (core Alerts.buildDigest) whose id is the delivery's idempotency id.
 */
import { Alerts, Time } from "@fulfillment/core";
import { consoleUrl } from "../../config/alerts.js";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { listAlertEvents } from "#storage/alerts/state";
import { listSubscriptions, setLastDigest, type StoredSubscription } from "#storage/alerts/subscriptions";
import { businessTimeZone } from "../business-time.js";
import { enqueueDeliveries } from "./queue.js";
import type { DeliveryMessage } from "./delivery.js";

/** A digest reads at most this many events (a year of a busy catalogue's changes is far less). */
const DIGEST_EVENT_LIMIT = 10_000;

const message = (subscription: StoredSubscription, digest: Alerts.Digest): DeliveryMessage => ({ delivery_id: digest.id, subscription_id: subscription.id, digest });

/** The events of one derivation to every immediate subscription that wants some of them. */
export async function notifyImmediately(ref: TableRef, events: readonly Alerts.AlertEvent[], now: Date): Promise<number> {
  const until = events[0]?.at ?? now.toISOString();
  const messages: DeliveryMessage[] = [];
  for (const subscription of await listSubscriptions(ref)) {
    if (subscription.delivery !== "immediate") continue;
    const digest = Alerts.buildDigest(events, subscription, { id: `alerts_${subscription.id}_${until}`, type: "alerts", subscriptionId: subscription.id, since: null, until, consoleUrl: consoleUrl(), locale: subscription.language });
    if (digest) messages.push(message(subscription, digest));
  }
  await enqueueDeliveries(ref, messages);
  return messages.length;
}

/** True when the subscription's digest is due: its hour has come today (business time) and today's was not sent. */
export function digestDue(subscription: Pick<StoredSubscription, "delivery" | "digest_hour" | "last_digest_at">, now: Date, timeZone: string): boolean {
  if (subscription.delivery !== "digest") return false;
  const today = Time.calendarDay(timeZone, now);
  const hour = Number(Time.clockTime(timeZone, now).slice(0, 2));
  if (hour < (subscription.digest_hour ?? 0)) return false;
  return subscription.last_digest_at === null || Time.calendarDay(timeZone, new Date(subscription.last_digest_at)) < today;
}

/**
 * The hourly digest job: every digest subscription whose hour has come gets what changed since its
 * last digest; nothing is sent when nothing it wants changed, and its mark moves on either way.
 */
export async function sendDueDigests(ref: TableRef, now = new Date()): Promise<number> {
  const timeZone = await businessTimeZone(ref);
  const due = (await listSubscriptions(ref)).filter((subscription) => digestDue(subscription, now, timeZone));
  const until = now.toISOString();
  let sent = 0;
  for (const subscription of due) {
    const since = subscription.last_digest_at ?? subscription.created_at;
    const events = (await listAlertEvents(ref, { after: since, limit: DIGEST_EVENT_LIMIT })).filter((event) => event.at <= until);
    const digest = Alerts.buildDigest(events, subscription, { id: `digest_${subscription.id}_${until}`, type: "digest", subscriptionId: subscription.id, since, until, consoleUrl: consoleUrl(), locale: subscription.language });
    if (digest) {
      await enqueueDeliveries(ref, [message(subscription, digest)]);
      logger.info(`Alert digest queued for subscription ${subscription.id}: ${Alerts.digestSummary(digest)}`, { subscription_id: subscription.id, digest_id: digest.id });
      sent += 1;
    }
    await setLastDigest(ref, subscription.id, until);
  }
  return sent;
}

/** A test message to one subscription (the console's "send test" button): the open alerts it wants, or an empty digest. */
export async function sendTestMessage(ref: TableRef, subscription: StoredSubscription, openAlerts: readonly Alerts.OpenAlert[], now = new Date()): Promise<string> {
  const at = now.toISOString();
  const events = openAlerts.map((alert): Alerts.AlertEvent => ({ ...alert, event_id: `${at}#${alert.id}`, at: alert.last_changed, change: "opened" }));
  const digest = Alerts.buildDigest(events, subscription, { id: `test_${subscription.id}_${at}`, type: "test", subscriptionId: subscription.id, since: null, until: at, consoleUrl: consoleUrl(), locale: subscription.language })!;
  await enqueueDeliveries(ref, [message(subscription, digest)]);
  return digest.id;
}
