import type { ScheduledEvent } from "aws-lambda";
import { table } from "#storage/client";
import { sendDueDigests } from "#services/alerts/notify";
import { observedHandler } from "../../observability/handler.js";

/**
 * The hourly schedule's target: digest subscriptions whose hour has come get what changed since
 * their last digest. Locally the same job runs from the local schedule.
 */
export const handler = observedHandler(async (_event: Partial<ScheduledEvent>): Promise<{ digests: number }> => ({ digests: await sendDueDigests(table()) }));
