import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { connectedSellers, type Seller } from "#storage/sellers";
import { consumerMarketplaceClient, processNotification, RetryLaterError } from "#services/notifications/consume";
import { alertsAfterOperations, DRAIN_BUDGET_MS } from "#services/alerts/after-operation";
import { operationCache, type OperationCache } from "#services/notifications/stock-operations";
import { parseQueuedNotification } from "#services/notifications/message";
import { notificationQueue } from "#services/notifications/queue";
import { dropped, tally } from "#services/notifications/tally";
import type { MarketplaceClient } from "../../marketplace/index.js";
import { observedHandler } from "../../observability/handler.js";

const processor = new BatchProcessor(EventType.SQS);

/** A seller's marketplace client and operation cache, built once per invocation when a record of that seller comes. */
interface SellerContext {
  marketplace: Promise<MarketplaceClient>;
  cache: OperationCache;
}

/**
 * The scope a notification is routed to, by its user_id: the seller's. With one seller or none,
 * the only scope there is (a notification queued before the account changed is still read there).
 */
function scopeOf(sellers: readonly Seller[], userId: unknown): string | undefined {
  const seller = sellers.find((candidate) => candidate.user_id === String(userId));
  if (seller) return seller.scope;
  return sellers.length <= 1 ? (sellers[0]?.scope ?? "") : undefined;
}

/**
 * One queued notification, in its seller's scope. A resource the marketplace asks to be read later
 * is hidden for its Retry-After and reported failed; any other failure is reported failed and SQS
 * delivers it again after the visibility timeout, until the redrive policy moves it to the
 * dead-letter queue. A notification of a seller no longer connected is dropped.
 */
async function consume(record: SQSRecord, sellers: readonly Seller[], contexts: Map<string, SellerContext>): Promise<void> {
  const notification = parseQueuedNotification(record.body);
  if (!notification) return dropped("unreadable_message", { resource: record.messageId });
  const scope = scopeOf(sellers, notification.user_id);
  if (scope === undefined) return dropped("unknown_user", notification);
  await withScope(scope, async () => {
    let context = contexts.get(scope);
    if (!context) contexts.set(scope, (context = { marketplace: consumerMarketplaceClient(table()), cache: operationCache() }));
    try {
      await processNotification(table(), notification, await context.marketplace, new Date(), context.cache);
    } catch (error) {
      if (error instanceof RetryLaterError) {
        tally("retried");
        await notificationQueue().retryLater(record, error.seconds);
      } else {
        logger.warn("Notification failed; the queue delivers it again", { topic: notification.topic, resource: notification.resource, reason: (error as Error).message });
      }
      throw error;
    }
  });
}

/** Time the invocation keeps for answering after the alerts. */
const ANSWER_MARGIN_MS = 5_000;

/**
 * The consumer of the notification queue (stacks/Notifications.ts): partial batch failures, records
 * of a batch in parallel, each in its seller's scope; then the alerts of the SKUs the batch's
 * operations changed, seller by seller.
 */
export const handler = observedHandler(async (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => {
  const sellers = await connectedSellers(table());
  // Each seller's client, time zone and ads, read once per invocation.
  const contexts = new Map<string, SellerContext>();
  const response = await processPartialResponse(event, (record: SQSRecord) => consume(record, sellers, contexts), processor, { context, throwOnFullBatchFailure: false });
  // The scope a batch without records of any seller drains, as before: the first (or only) seller's.
  const scopes = contexts.size > 0 ? [...contexts.keys()] : [sellers[0]?.scope ?? ""];
  for (const scope of scopes) {
    // In process (npm start, tests) there is no Lambda timeout to keep within.
    const remaining = typeof context.getRemainingTimeInMillis === "function" ? context.getRemainingTimeInMillis() - ANSWER_MARGIN_MS : DRAIN_BUDGET_MS;
    await withScope(scope, () => alertsAfterOperations(table(), Math.min(DRAIN_BUDGET_MS, remaining)));
  }
  return response;
});
