/**
 * One attempt at delivering a message to a subscription: the module the queue consumer (AWS: the
 * SQS-driven Lambda; locally: the in-process queue) calls for every attempt. A webhook is a JSON
 * POST (or Slack's payload) signed with the subscription's secret and carrying the delivery's
 * Idempotency-Key, the same on every attempt; an e-mail goes through the SNS topic. Every attempt
 * is logged (storage/alerts/deliveries.ts, without secrets); after the last one the subscription
 * shows `failing` and the message goes to the dead-letter queue.
 */
import { Alerts } from "@fulfillment/core";
import { alertTopicArn, DELIVERY_ATTEMPTS, retryBaseMs } from "../../config/alerts.js";
import { backoffMs } from "../../backoff.js";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { putDeliveryAttempt, type DeliveryResult } from "#storage/alerts/deliveries";
import { getSubscription, setSubscriptionStatus, type StoredSubscription } from "#storage/alerts/subscriptions";
import { SIGNATURE_HEADER, signatureHeader } from "./signature.js";
import { maskTarget } from "./targets.js";
import { publishTo } from "./topic.js";
import { alertMetrics } from "../../observability/metrics.js";

/** What the queue carries: the digest and whom it is for. The secret is read at delivery, never queued. */
export interface DeliveryMessage {
  delivery_id: string;
  subscription_id: string;
  digest: Alerts.Digest;
}

const WEBHOOK_TIMEOUT_MS = 10_000;

/** The service's backoff with equal jitter: the wait before attempt `next` (2, 3, …), between half and all of base × 2^(next − 2). */
export const retryDelayMs = (next: number, base = retryBaseMs()): number =>
  backoffMs({ baseMs: base, maxMs: Number.POSITIVE_INFINITY, jitter: "equal" }, Math.max(0, next - 2));

class DeliveryFailure extends Error {
  constructor(
    message: string,
    readonly statusCode: number | null = null,
  ) {
    super(message);
  }
}

async function postWebhook(subscription: StoredSubscription, message: DeliveryMessage): Promise<number> {
  const payload = subscription.format === "slack" ? Alerts.slackPayload(message.digest) : message.digest;
  const body = JSON.stringify(payload);
  const headers: Record<string, string> = { "content-type": "application/json", "idempotency-key": message.delivery_id, "user-agent": "fulfillment-alerts/1" };
  if (subscription.secret) headers[SIGNATURE_HEADER.toLowerCase()] = signatureHeader(subscription.secret, body, Math.floor(Date.now() / 1000));
  let response: Response;
  try {
    response = await fetch(subscription.target, { method: "POST", headers, body, redirect: "manual", signal: AbortSignal.timeout(WEBHOOK_TIMEOUT_MS) });
  } catch (error) {
    const cause = (error as Error & { cause?: { code?: string } }).cause?.code;
    throw new DeliveryFailure(`the receiver could not be reached (${cause ?? (error as Error).name})`);
  }
  await response.body?.cancel().catch(() => undefined);
  if (response.status < 200 || response.status >= 300) throw new DeliveryFailure(`the receiver answered ${response.status}`, response.status);
  return response.status;
}

async function sendEmail(subscription: StoredSubscription, message: DeliveryMessage): Promise<void> {
  const subject = Alerts.digestSubject(message.digest).slice(0, 99);
  const topic = alertTopicArn();
  if (!topic) {
    // Locally there is no mail system: the digest is printed, one line, as `npm start` shows it.
    logger.info(`Alert digest for ${subscription.target}: ${Alerts.digestSummary(message.digest)}`, { delivery_id: message.delivery_id, digest_id: message.digest.id });
    return;
  }
  await publishTo(topic, subscription.id, subject, Alerts.digestText(message.digest));
}

export type AttemptOutcome = "delivered" | "retry" | "dead_letter";

/** Attempt `attempt` (1-based) of a delivery; says whether to retry it, or that it is done or dead. */
export async function attemptDelivery(ref: TableRef, message: DeliveryMessage, attempt: number, attempts = DELIVERY_ATTEMPTS): Promise<AttemptOutcome> {
  const subscription = await getSubscription(ref, message.subscription_id);
  const record = (result: DeliveryResult, statusCode: number | null, error: string | null) =>
    putDeliveryAttempt(ref, {
      delivery_id: message.delivery_id,
      subscription_id: message.subscription_id,
      channel: subscription?.channel ?? "unknown",
      target: subscription ? maskTarget(subscription.target) : "",
      type: message.digest.type,
      events: message.digest.count,
      attempt,
      result,
      status_code: statusCode,
      error,
      at: new Date().toISOString(),
    });
  if (!subscription) {
    await record("dropped", null, "the subscription was deleted");
    return "delivered";
  }
  try {
    const status = subscription.channel === "webhook" ? await postWebhook(subscription, message) : (await sendEmail(subscription, message), null);
    await record("delivered", status, null);
    alertMetrics.delivered(subscription.channel, message.digest.type);
    if (subscription.status === "failing") await setSubscriptionStatus(ref, subscription.id, "active", null);
    return "delivered";
  } catch (error) {
    const failure = error instanceof DeliveryFailure ? error : new DeliveryFailure(`delivery failed (${(error as Error).name})`);
    const last = attempt >= attempts;
    await record(last ? "dead_letter" : "retrying", failure.statusCode, failure.message);
    alertMetrics.failed(subscription.channel, last);
    if (!last) return "retry";
    logger.warn("Alert delivery gave up: sent to the dead-letter queue", { delivery_id: message.delivery_id, subscription_id: subscription.id, attempts: attempt, reason: failure.message });
    await setSubscriptionStatus(ref, subscription.id, "failing", `${failure.message} after ${attempt} attempts`);
    return "dead_letter";
  }
}
