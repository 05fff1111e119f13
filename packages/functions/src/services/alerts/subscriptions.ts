/**
 * Subscriptions as the API shows and takes them. A webhook gets a signing secret, answered once
 * on creation and never again. In AWS an e-mail subscription subscribes its address to the alert
 * topic, filtered to its own messages (the address confirms it from the mail SNS sends).
 */
import { randomBytes } from "node:crypto";
import { Alerts, Messages } from "@fulfillment/core";
import { InvalidInputError, NotFoundError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import { alertTopicArn } from "../../config/alerts.js";
import type { SubscriptionInput } from "../../contract/alerts.js";
import type { TableRef } from "#storage/client";
import { getSubscription, putSubscription, type StoredSubscription, type Subscription } from "#storage/alerts/subscriptions";
import { newSigningSecret } from "./signature.js";
import { subscribeAddress } from "./topic.js";
import { maskTarget, targetProblem } from "./targets.js";

export class SubscriptionNotFoundError extends NotFoundError {
  constructor(id: string) {
    super(explain("subscription_not_found", { id }));
  }
}

/** The subscription as answers show it: no secret, the target masked. */
export const subscriptionOutput = ({ secret: _secret, ...subscription }: StoredSubscription): Subscription => ({ ...subscription, target: maskTarget(subscription.target) });

export async function createSubscription(ref: TableRef, body: SubscriptionInput, now = new Date()): Promise<{ subscription: StoredSubscription; secret: string | null }> {
  const target = body.target.trim();
  const problem = targetProblem(body.channel, target);
  if (problem) throw new InvalidInputError(problem);
  const delivery = body.delivery ?? "immediate";
  if (delivery === "immediate" && body.digest_hour !== undefined && body.digest_hour !== null) throw new InvalidInputError(explain("digest_hour_immediate"));
  if (body.channel === "email" && body.format === "slack") throw new InvalidInputError(explain("slack_for_webhooks"));
  const secret = body.channel === "webhook" ? newSigningSecret() : null;
  const subscription: StoredSubscription = {
    id: `sub_${randomBytes(9).toString("base64url")}`,
    channel: body.channel,
    target,
    kinds: body.kinds ? [...new Set(body.kinds)] : [...Alerts.ALERT_KINDS],
    min_severity: body.min_severity ?? "info",
    delivery,
    digest_hour: delivery === "digest" ? (body.digest_hour ?? 8) : null,
    format: body.format ?? "json",
    language: body.language ?? Messages.DEFAULT_LOCALE,
    status: "active",
    last_failure: null,
    last_digest_at: null,
    created_at: now.toISOString(),
    secret,
  };
  const topic = alertTopicArn();
  if (subscription.channel === "email" && topic) await subscribeAddress(topic, target, subscription.id);
  await putSubscription(ref, subscription);
  return { subscription, secret };
}

export async function requireSubscription(ref: TableRef, id: string): Promise<StoredSubscription> {
  const subscription = await getSubscription(ref, id);
  if (!subscription) throw new SubscriptionNotFoundError(id);
  return subscription;
}
