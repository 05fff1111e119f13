import { httpHandler } from "#http/handler";
import { subscriptionId } from "#http/alerts-input";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { deleteSubscription } from "#storage/alerts/subscriptions";
import { SubscriptionNotFoundError } from "#services/alerts/subscriptions";

/** DELETE /alerts/subscriptions/{id}: nothing more is delivered to it. */
export const handler = httpHandler("DELETE /alerts/subscriptions/{id}", async ({ pathParameters }) => {
  const id = subscriptionId(pathParameters);
  if (!(await deleteSubscription(table(), id))) throw new SubscriptionNotFoundError(id);
  return ok({ success: true });
});
