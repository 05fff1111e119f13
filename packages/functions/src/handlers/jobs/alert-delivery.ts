import { BatchProcessor, EventType, processPartialResponse } from "@aws-lambda-powertools/batch";
import { ChangeMessageVisibilityCommand } from "@aws-sdk/client-sqs";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { deliveryQueueUrl, DELIVERY_ATTEMPTS } from "../../config/alerts.js";
import { table } from "#storage/client";
import { attemptDelivery, retryDelayMs, type DeliveryMessage } from "#services/alerts/delivery";
import { sqsClient } from "#services/alerts/queue";
import { observedHandler } from "../../observability/handler.js";

const processor = new BatchProcessor(EventType.SQS);
/** SQS holds a message back at most 12 hours. */
const MAX_VISIBILITY_SECONDS = 12 * 60 * 60;

class RetryLaterError extends Error {}

/**
 * One queued delivery: attempt n is the message's receive count. A failure before the last
 * attempt hides the message for the backoff-with-jitter delay and reports it failed, so SQS
 * delivers it again then; at the last attempt the subscription is marked failing and the failure
 * reported, and the queue's redrive policy (maxReceiveCount = DELIVERY_ATTEMPTS) moves it to the
 * dead-letter queue, whose alarm tells operations.
 */
async function deliverRecord(record: SQSRecord): Promise<void> {
  const attempt = Number(record.attributes.ApproximateReceiveCount) || 1;
  const message = JSON.parse(record.body) as DeliveryMessage;
  const outcome = await attemptDelivery(table(), message, attempt, DELIVERY_ATTEMPTS);
  if (outcome === "delivered") return;
  if (outcome === "retry") {
    const seconds = Math.min(MAX_VISIBILITY_SECONDS, Math.ceil(retryDelayMs(attempt + 1) / 1000));
    await sqsClient().send(new ChangeMessageVisibilityCommand({ QueueUrl: deliveryQueueUrl(), ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
  }
  throw new RetryLaterError(`delivery ${message.delivery_id}: attempt ${attempt} failed`);
}

/** The consumer of the alert delivery queue (stacks/Alerts.ts): partial batch failures, one message each. */
export const handler = observedHandler(
  (event: SQSEvent, context: Context): Promise<SQSBatchResponse> => processPartialResponse(event, deliverRecord, processor, { context, throwOnFullBatchFailure: false }),
);
