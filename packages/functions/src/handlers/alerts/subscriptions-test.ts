import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listOpenAlerts } from "#storage/alerts/state";
import { requireSubscription } from "#services/alerts/subscriptions";
import { sendTestMessage } from "#services/alerts/notify";
import { testAlertSubscription } from "../../contract/alerts.js";

/** POST /alerts/subscriptions/{id}/test: queues a test message (the open alerts it wants) now; 202 with its delivery id. */
export const handler = httpHandler(testAlertSubscription, async ({ path }) => {
  const ref = table();
  const subscription = await requireSubscription(ref, path.id);
  const deliveryId = await sendTestMessage(ref, subscription, await listOpenAlerts(ref));
  return ok({ success: true, delivery_id: deliveryId }, 202);
});
