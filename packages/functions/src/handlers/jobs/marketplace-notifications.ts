import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { consumerMarketplaceClient, processNotification, RetryLaterError } from "#services/notifications/consume";
import { alertsAfterOperations, DRAIN_BUDGET_MS } from "#services/alerts/after-operation";
import { operationCache, type OperationCache } from "#services/notifications/stock-operations";
import { parseQueuedNotification } from "#services/notifications/message";
import { notificationQueue } from "#services/notifications/queue";
import { dropped, tally } from "#services/notifications/tally";
import type { MarketplaceClient } from "../../marketplace/index.js";
import { observedHandler } from "../../observability/handler.js";

const processor = new BatchProcessor(EventType.SQS);

/**
 * One queued notification. A resource the marketplace asks to be read later is hidden for its
 * Retry-After and reported failed; any other failure is reported failed and SQS delivers it again
 * after the visibility timeout, until the redrive policy moves it to the dead-letter queue.
 */
async function consume(record: SQSRecord, marketplace: MarketplaceClient, cache: OperationCache): Promise<void> {
  const notification = parseQueuedNotification(record.body);
  if (!notification) return dropped("unreadable_message", { resource: record.messageId });
  try {
    await processNotification(table(), notification, marketplace, new Date(), cache);
  } catch (error) {
    if (error instanceof RetryLaterError) {
      tally("retried");
      await notificationQueue().retryLater(record, error.seconds);
    } else {
      logger.warn("Notification failed; the queue delivers it again", { topic: notification.topic, resource: notification.resource, reason: (error as Error).message });
    }
    throw error;
  }
}

/** Time the invocation keeps for answering after the alerts. */
const ANSWER_MARGIN_MS = 5_000;

/**
 * The consumer of the notification queue (stacks/Notifications.ts): partial batch failures, records
 * of a batch in parallel; then the alerts of the SKUs the batch's operations changed.
 */
export const handler = observedHandler(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const marketplace = await consumerMarketplaceClient(table());
  // The time zone and the ads, read once per invocation.
  const cache = operationCache();
  const response = await processPartialResponse(event, (record: SQSRecord) => consume(record, marketplace, cache), processor, { context, throwOnFullBatchFailure: false });
  // In process (npm start, tests) there is no Lambda timeout to keep within.
  const remaining = typeof context.getRemainingTimeInMillis === "function" ? context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS : DRAIN_BUDGET_MS;
  await alertsAfterOperations(table(), Math.min(DRAIN_BUDGET_MS, remaining));
  return response;
});
