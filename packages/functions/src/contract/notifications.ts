/** The HTTP contract of the marketplace's notifications: the request schema the handler parses with, and its answers. */
import * as z from "zod/mini";
import { InvalidInputError } from "../errors.js";
import { explain, explanationOf } from "../error-texts.js";
import { NOTIFICATION_MAX_BODY_BYTES } from "../routes.js";
import { common, described, endpoint, failure, isoDateTime, named, ok, succeeded, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

/** The marketplace retries a notification for hours: far fewer attempts than this. */
const MAX_ATTEMPTS = 100_000;

const identifier = (description: string) => described(description, z.union([whole(0, LIMITS.safeIntegerMax), z.string().check(z.minLength(1), z.maxLength(64))]));

/** What the marketplace posts (marketplace-api section 8): a pointer to a changed resource, not the data. */
export const MarketplaceNotification = named(
  "MarketplaceNotification",
  "A notification of Mercado Livre: which resource of which seller changed. Nothing in it is trusted: the service reads the resource itself, with the seller's token",
  z.object({
    resource: described(
      'The changed resource\'s path, such as "/stock/fulfillment/operations/9876" or "/items/MLB1000000001"',
      z.string().check(z.minLength(2), z.maxLength(512), z.regex(/^\/\S*$/)),
    ),
    user_id: identifier("The seller the resource belongs to (the user_id of the seller's OAuth token)"),
    topic: described('The kind of change: fbm_stock_operations and items are acted on, any other topic is acknowledged and ignored', z.string().check(z.minLength(1), z.maxLength(64))),
    application_id: identifier("The application the notification is for: notifications of other applications are acknowledged and dropped"),
    attempts: described("Delivery attempt, from 1", z.optional(whole(1, MAX_ATTEMPTS))),
    sent: z.optional(isoDateTime("When this attempt was sent (UTC)")),
    received: z.optional(isoDateTime("When the marketplace recorded the change (UTC)")),
  }),
);

export const NotificationTaken = named(
  "NotificationTaken",
  "The notification was taken: queued, or (for another application or seller) dropped and counted; the marketplace need not send it again",
  succeeded({}),
);

export const receiveMarketplaceNotification = endpoint(
  "receiveMarketplaceNotification",
  { body: MarketplaceNotification },
  {
    tag: "Marketplace notifications",
    summary: "A notification of a change (the marketplace's callback URL)",
    description:
      "The callback URL registered in the marketplace app's settings. Answers 200 at once: a notification of this app for the connected seller is queued, and a consumer reads the resource with the seller's own token (fbm_stock_operations: the stock operation, applied to the inventory's stock, today's daily row and its lots; items: the listing's title, thumbnail, status and SKU). A notification of another application or of a seller not connected is answered 200 as well, dropped and counted. Carries no API authorization (the marketplace cannot present a token); the route has its own throttling on the deployed API, and anything over " +
      `${NOTIFICATION_MAX_BODY_BYTES} bytes is refused unread.`,
    body: { description: "The notification as the marketplace sends it", required: true },
    responses: {
      200: ok(NotificationTaken, "Taken: queued, or dropped for another application or seller"),
      400: failure("The body is not a notification (not JSON, or a field missing or of the wrong type); nothing was queued"),
      ...common(failure("The queue could not take the notification, or an unexpected failure: the marketplace sends it again"), NOTIFICATION_MAX_BODY_BYTES),
    },
    refusal: (issue) => new InvalidInputError(explain("not_a_notification", { path: issue.path.length > 0 ? issue.path.join(".") : null, problem: explanationOf(issue.message) })),
  },
);
