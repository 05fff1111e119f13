import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { takeNotifications } from "#services/notifications/intake";
import { receiveMarketplaceNotification } from "../../contract/notifications.js";

/**
 * POST /marketplace/notifications: the marketplace's callback. The notification is queued (or
 * dropped and counted) and answered at once; reading the resource is the consumer's work.
 */
export const handler = httpHandler(receiveMarketplaceNotification, async ({ body }) => {
  await takeNotifications(table(), [body]);
  return ok({ success: true });
});
