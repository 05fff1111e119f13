/**
 * The notification queue as it deploys, run locally: messages wait, are received in batches by
 * the same consumer handler the deployed queue invokes (an SQS event), and behave as SQS makes
 * them behave. A record the consumer reports failed, or a batch whose invocation threw, is
 * received again once its visibility timeout passes (or the delay the consumer set); after its
 * last receive it goes to the dead-letter list, with a log line. npm start and the tests install
 * it in place of SQS (services/notifications/queue.ts).
 */
import { randomUUID } from "node:crypto";
import type { Context, SQSBatchResponse, SQSEvent, SQSRecord } from "aws-lambda";
import { NOTIFICATION_BATCH_SIZE, NOTIFICATION_RECEIVES } from "@fulfillment/functions/config/notifications";
import type { QueuedNotification } from "@fulfillment/functions/services/notifications/message";
import { useNotificationQueue, type NotificationQueue } from "@fulfillment/functions/services/notifications/queue";

export type NotificationConsumer = (event: SQSEvent, context?: Context) => Promise<SQSBatchResponse | void>;

export interface LocalQueueOptions {
  /** The consumer; the deployed handler (handlers/jobs/marketplace-notifications.ts) by default. */
  consumer?: NotificationConsumer;
  /** How long a received message stays hidden unless deleted (SQS's visibility timeout). */
  visibilityTimeoutMs?: number;
  /** Receives before a message goes to the dead-letter list (the stack's maxReceiveCount). */
  maxReceives?: number;
  batchSize?: number;
  /** Batches being consumed at once (the consumer function's concurrency). */
  concurrency?: number;
  log?: (line: string) => void;
}

export interface LocalNotificationQueue extends NotificationQueue {
  /** Resolves once no message waits or is being consumed (dead letters aside). */
  settled(): Promise<void>;
  /** Messages that failed their last receive. */
  readonly deadLetters: QueuedNotification[];
  /** Messages waiting or being consumed. */
  size(): number;
  /** Hands notifications back to SQS and stops receiving. */
  stop(): void;
}

interface Message {
  id: string;
  body: string;
  sentAt: number;
  receives: number;
  visibleAt: number;
  receipt: string | null;
}

const ARN = "arn:aws:sqs:local:000000000000:marketplace-notifications";

const recordOf = (message: Message): SQSRecord => ({
  messageId: message.id,
  receiptHandle: message.receipt!,
  body: message.body,
  attributes: {
    ApproximateReceiveCount: String(message.receives),
    SentTimestamp: String(message.sentAt),
    SenderId: "local",
    ApproximateFirstReceiveTimestamp: String(message.sentAt),
  },
  messageAttributes: {},
  md5OfBody: "",
  eventSource: "aws:sqs",
  eventSourceARN: ARN,
  awsRegion: "local",
});

export function useLocalNotificationQueue(options: LocalQueueOptions = {}): LocalNotificationQueue {
  const visibilityMs = options.visibilityTimeoutMs ?? 30_000;
  const maxReceives = options.maxReceives ?? NOTIFICATION_RECEIVES;
  const batchSize = options.batchSize ?? NOTIFICATION_BATCH_SIZE;
  const concurrency = options.concurrency ?? 2;
  const log = options.log ?? ((line: string) => console.log(line));
  const consumer: NotificationConsumer =
    options.consumer ?? (async (event) => (await import("@fulfillment/functions/handlers/jobs/marketplace-notifications")).handler(event));
  const messages: Message[] = [];
  const deadLetters: QueuedNotification[] = [];
  let consuming = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let waiters: (() => void)[] = [];

  const changed = (): void => {
    if (messages.length === 0 && consuming === 0) for (const resolve of waiters.splice(0)) resolve();
    pump();
  };

  function pump(): void {
    if (stopped) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    const now = Date.now();
    while (consuming < concurrency) {
      const batch = messages.filter((message) => message.visibleAt <= now).slice(0, batchSize);
      if (batch.length === 0) break;
      for (const message of batch) {
        message.receives += 1;
        message.receipt = `${message.id}#${message.receives}`;
        message.visibleAt = now + visibilityMs;
      }
      consuming += 1;
      void consume(batch).finally(() => {
        consuming -= 1;
        changed();
      });
    }
    const next = Math.min(...messages.map((message) => message.visibleAt));
    if (Number.isFinite(next) && consuming < concurrency) timer = setTimeout(pump, Math.max(0, next - Date.now()));
  }

  async function consume(batch: Message[]): Promise<void> {
    let failed: Set<string>;
    try {
      const response = await consumer({ Records: batch.map(recordOf) });
      failed = new Set((response?.batchItemFailures ?? []).map((failure) => failure.itemIdentifier));
    } catch (error) {
      log(`Notification consumer failed on a batch of ${batch.length}: ${(error as Error).message}; the batch is received again`);
      failed = new Set(batch.map((message) => message.id));
    }
    for (const message of batch) {
      const index = messages.indexOf(message);
      if (index < 0) continue;
      if (!failed.has(message.id)) {
        messages.splice(index, 1);
        continue;
      }
      message.receipt = null;
      if (message.receives >= maxReceives) {
        messages.splice(index, 1);
        const notification = JSON.parse(message.body) as QueuedNotification;
        deadLetters.push(notification);
        log(`Notification moved to the dead-letter queue after ${message.receives} receives: ${notification.topic} ${notification.resource}`);
      }
    }
  }

  const queue: LocalNotificationQueue = {
    async send(bodies) {
      const now = Date.now();
      for (const body of bodies) messages.push({ id: randomUUID(), body: JSON.stringify(body), sentAt: now, receives: 0, visibleAt: now, receipt: null });
      pump();
    },
    async retryLater(record, seconds) {
      const message = messages.find((candidate) => candidate.receipt === record.receiptHandle);
      if (message) message.visibleAt = Date.now() + seconds * 1000;
    },
    settled: () => (messages.length === 0 && consuming === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    deadLetters,
    size: () => messages.length,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      useNotificationQueue(undefined);
      for (const resolve of waiters.splice(0)) resolve();
      waiters = [];
    },
  };
  useNotificationQueue(queue);
  return queue;
}
