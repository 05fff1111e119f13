/**
 * The notification queue. In AWS: the stack's SQS queue (NOTIFICATIONS_QUEUE_URL), consumed by
 * handlers/jobs/marketplace-notifications.ts with partial batch failures; its redrive policy moves
 * a message that keeps failing to the dead-letter queue. Outside AWS a local queue is installed
 * (`useNotificationQueue`: npm start's and the tests', packages/local/src/notifications), which
 * hands the same consumer the same SQS events.
 */
import { ChangeMessageVisibilityCommand, SendMessageBatchCommand, SQSClient } from "@aws-sdk/client-sqs";
import type { SQSRecord } from "aws-lambda";
import { awsRegion } from "../../config/env.js";
import { notificationsQueueUrl } from "../../config/notifications.js";
import { tracedClient } from "../../observability/tracing.js";
import type { QueuedNotification } from "./message.js";

export interface NotificationQueue {
  send(messages: readonly QueuedNotification[]): Promise<void>;
  /** Hides a received message for `seconds`: the queue delivers it again then (the record is reported failed besides). */
  retryLater(record: Pick<SQSRecord, "receiptHandle">, seconds: number): Promise<void>;
}

/** SendMessageBatch takes ten messages at most. */
const SQS_BATCH = 10;

let sqs: SQSClient | undefined;
const sqsClient = (): SQSClient => (sqs ??= tracedClient(new SQSClient({ region: awsRegion() })));

function sqsQueue(queueUrl: string): NotificationQueue {
  return {
    async send(messages) {
      for (let i = 0; i < messages.length; i += SQS_BATCH) {
        const batch = messages.slice(i, i + SQS_BATCH);
        const result = await sqsClient().send(
          new SendMessageBatchCommand({ QueueUrl: queueUrl, Entries: batch.map((message, index) => ({ Id: String(index), MessageBody: JSON.stringify(message) })) }),
        );
        if ((result.Failed ?? []).length > 0) throw new Error(`${result.Failed!.length} notifications could not be queued`);
      }
    },
    async retryLater(record, seconds) {
      await sqsClient().send(new ChangeMessageVisibilityCommand({ QueueUrl: queueUrl, ReceiptHandle: record.receiptHandle, VisibilityTimeout: seconds }));
    },
  };
}

let installed: NotificationQueue | undefined;

/** Installs the local queue (npm start, the tests); undefined hands notifications back to SQS. */
export function useNotificationQueue(queue: NotificationQueue | undefined): void {
  installed = queue;
}

/** The installed queue, else the stack's SQS queue; neither is a configuration error. */
export function notificationQueue(): NotificationQueue {
  if (installed) return installed;
  const url = notificationsQueueUrl();
  if (!url) throw new Error("No notification queue: NOTIFICATIONS_QUEUE_URL is not set and no local queue is installed");
  return sqsQueue(url);
}
