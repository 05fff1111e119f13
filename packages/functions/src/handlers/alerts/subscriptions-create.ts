import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { createSubscription, subscriptionOutput } from "#services/alerts/subscriptions";
import { createAlertSubscription } from "../../contract/alerts.js";

/** POST /alerts/subscriptions: 201 with the subscription and, for a webhook, its signing secret (shown this once). */
export const handler = httpHandler(createAlertSubscription, async ({ body }) => {
  const { subscription, secret } = await createSubscription(table(), body);
  return ok({ success: true, subscription: subscriptionOutput(subscription), ...(secret !== null ? { secret } : {}) }, 201);
});
