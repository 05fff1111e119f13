/**
 * The delivery queue. In AWS: the SQS queue of the stack, consumed by the delivery function
 * (handlers/jobs/alert-delivery.ts), whose redrive policy moves a message to the dead-letter queue
 * after its last attempt. Locally: the same attempts (services/alerts/delivery.ts) in process, with
 * the same backoff and jitter between them; the log records a message that gave up as dead_letter.
 */
import { SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import { awsRegion } from "../../config/env.js";
import { pause } from "../../backoff.js";
import { deliveryQueueUrl, DELIVERY_ATTEMPTS } from "../../config/alerts.js";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { tracedClient } from "../../observability/tracing.js";
import { attemptDelivery, retryDelayMs, type DeliveryMessage } from "./delivery.js";

const SQS_BATCH = 10;
let sqs: SQSClient | undefined;
export const sqsClient = (): SQSClient => (sqs ??= tracedClient(new SQSClient({ region: awsRegion() })));

const inFlight = new Set<Promise<void>>();

async function deliverInProcess(ref: TableRef, message: DeliveryMessage): Promise<void> {
  for (let attempt = 1; attempt <= DELIVERY_ATTEMPTS; attempt++) {
    if (attempt > 1) await pause(retryDelayMs(attempt));
    const outcome = await attemptDelivery(ref, message, attempt, DELIVERY_ATTEMPTS).catch((error: unknown) => {
      logger.warn("Alert delivery attempt not recorded", { delivery_id: message.delivery_id, reason: (error as Error).message });
      return "retry" as const;
    });
    if (outcome !== "retry") return;
  }
}

export async function enqueueDeliveries(ref: TableRef, messages: readonly DeliveryMessage[]): Promise<void> {
  if (messages.length === 0) return;
  const queueUrl = deliveryQueueUrl();
  if (!queueUrl) {
    for (const message of messages) {
      const delivery = deliverInProcess(ref, message).finally(() => inFlight.delete(delivery));
      inFlight.add(delivery);
    }
    return;
  }
  for (let i = 0; i < messages.length; i += SQS_BATCH) {
    const batch = messages.slice(i, i + SQS_BATCH);
    const result = await sqsClient().send(
      new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) })) }),
    );
    if ((result.Failed ?? []).length > 0) throw new Error(`${result.Failed!.length} alert deliveries could not be queued`);
  }
}

/** Resolves once every in-process delivery queued so far has delivered or given up (the local runtime's shutdown, tests). */
export async function deliveriesSettled(): Promise<void> {
  while (inFlight.size > 0) await Promise.all([...inFlight]);
}
