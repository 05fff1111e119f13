import type { ScheduledEvent } from "aws-lambda";
import { table } from "#storage/client";
import { sendDueDigests } from "#services/alerts/notify";
import { derivePendingSkus } from "#services/alerts/after-operation";
import { observedHandler } from "../../observability/handler.js";

/**
 * The hourly schedule's target: SKUs an operation left pending are derived first (a consumer that
 * ran out of time leaves some), then digest subscriptions whose hour has come get what changed
 * since their last digest. Locally the same job runs from the local schedule.
 */
export const handler = observedHandler(async (_event: Partial<ScheduledEvent>): Promise<{ digests: number }> => {
  await derivePendingSkus(table());
  return { digests: await sendDueDigests(table()) };
});
