import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listDeliveryAttempts } from "#storage/alerts/deliveries";
import { listAlertDeliveries } from "../../contract/alerts.js";

/** GET /alerts/deliveries: every delivery attempt, newest first: what, to whom, when and the result; no secret. */
export const handler = httpHandler(listAlertDeliveries, async ({ query }) => {
  const subscription = query.subscription_id?.trim() || undefined;
  const deliveries = await listDeliveryAttempts(table(), query.limit, subscription);
  return ok({ success: true, count: deliveries.length, deliveries });
});
