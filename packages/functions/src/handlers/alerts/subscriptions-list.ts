import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listSubscriptions } from "#storage/alerts/subscriptions";
import { subscriptionOutput } from "#services/alerts/subscriptions";
import { listAlertSubscriptions } from "../../contract/alerts.js";

/** GET /alerts/subscriptions: every subscription, oldest first, with its status; never a secret. */
export const handler = httpHandler(listAlertSubscriptions, async () => {
  const subscriptions = (await listSubscriptions(table())).map(subscriptionOutput);
  return ok({ success: true, subscriptions });
});
