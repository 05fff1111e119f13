/** A notification as it waits in the queue: what the marketplace sent (a pointer, nothing trusted) and when it was queued. */
import * as z from "zod/mini";

const identifier = z.union([z.number(), z.string()]);

export const queuedNotificationSchema = z.object({
  resource: z.string(),
  user_id: identifier,
  topic: z.string(),
  application_id: identifier,
  attempts: z.optional(z.nullable(z.number())),
  sent: z.optional(z.nullable(z.string())),
  received: z.optional(z.nullable(z.string())),
  queued_at: z.string(),
});
export type QueuedNotification = z.infer<typeof queuedNotificationSchema>;

/** What the marketplace sends (marketplace-api section 8), before it is queued. */
export type MarketplaceNotification = Omit<QueuedNotification, "queued_at">;

/** The message body as queued; undefined when it is not one (nothing to act on). */
export function parseQueuedNotification(body: string): QueuedNotification | undefined {
  try {
    const parsed = queuedNotificationSchema.safeParse(JSON.parse(body));
    return parsed.success ? parsed.data : undefined;
  } catch {
    return undefined;
  }
}
