import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { deleteSubscription } from "#storage/alerts/subscriptions";
import { SubscriptionNotFoundError } from "#services/alerts/subscriptions";
import { deleteAlertSubscription } from "../../contract/alerts.js";

/** DELETE /alerts/subscriptions/{id}: nothing more is delivered to it. */
export const handler = httpHandler(deleteAlertSubscription, async ({ path: { id } }) => {
  if (!(await deleteSubscription(table(), id))) throw new SubscriptionNotFoundError(id);
  return ok({ success: true });
});
