import { eventsLimit } from "#http/alerts-input";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listDeliveryAttempts } from "#storage/alerts/deliveries";

/** GET /alerts/deliveries: every delivery attempt, newest first: what, to whom, when and the result; no secret. */
export const handler = httpHandler("GET /alerts/deliveries", async ({ query }) => {
  const subscription = query.subscription_id?.trim() || undefined;
  const deliveries = await listDeliveryAttempts(table(), eventsLimit(query), subscription);
  return ok({ success: true, count: deliveries.length, deliveries });
});
