import type { ScheduledEvent } from "aws-lambda";
import { table } from "#storage/client";
import { drainMissedFeed, type DrainResult } from "#services/notifications/missed-feeds";
import { observedHandler } from "../../observability/handler.js";

/**
 * The hourly schedule's target: the notifications the marketplace gave up delivering are queued
 * as if they had arrived. Locally the same job runs from the local schedule.
 */
export const handler = observedHandler(async (_event: Partial<ScheduledEvent>): Promise<DrainResult> => drainMissedFeed(table()));
