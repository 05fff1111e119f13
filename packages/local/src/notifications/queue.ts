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
  /** Deleted (consumed) or dead-lettered: skipped wherever it still sits. */
  gone: boolean;
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
  // Messages that can be received, oldest first (a head index instead of shifting), and those
  // hidden until their visibleAt (received, or delayed by the consumer): a burst of thousands
  // costs each send and each batch the same small work.
  const ready: Message[] = [];
  let head = 0;
  const hidden = new Set<Message>();
  let count = 0;
  const deadLetters: QueuedNotification[] = [];
  let consuming = 0;
  let stopped = false;
  let timer: NodeJS.Timeout | undefined;
  let timerAt = Number.POSITIVE_INFINITY;
  let waiters: (() => void)[] = [];

  const changed = (): void => {
    if (count === 0 && consuming === 0) for (const resolve of waiters.splice(0)) resolve();
    pump();
  };

  const remove = (message: Message): void => {
    if (message.gone) return;
    message.gone = true;
    hidden.delete(message);
    count -= 1;
  };

  /** Hidden messages whose time has come go back in line (SQS's visibility timeout). */
  function reveal(now: number): void {
    for (const message of hidden) {
      if (message.visibleAt > now) continue;
      hidden.delete(message);
      message.receipt = null;
      ready.push(message);
    }
  }

  function nextBatch(now: number): Message[] {
    const batch: Message[] = [];
    while (batch.length < batchSize && head < ready.length) {
      const message = ready[head++]!;
      if (message.gone || hidden.has(message)) continue;
      message.receives += 1;
      message.receipt = `${message.id}#${message.receives}`;
      message.visibleAt = now + visibilityMs;
      hidden.add(message);
      batch.push(message);
    }
    // The line's consumed part is dropped once it outweighs what is left.
    if (head > 1_024 && head * 2 > ready.length) {
      ready.splice(0, head);
      head = 0;
    }
    return batch;
  }

  function pump(): void {
    if (stopped) return;
    const now = Date.now();
    reveal(now);
    while (consuming < concurrency) {
      const batch = nextBatch(now);
      if (batch.length === 0) break;
      consuming += 1;
      void consume(batch).finally(() => {
        consuming -= 1;
        changed();
      });
    }
    let next = Number.POSITIVE_INFINITY;
    for (const message of hidden) next = Math.min(next, message.visibleAt);
    if (next === timerAt) return;
    if (timer) clearTimeout(timer);
    timer = undefined;
    timerAt = next;
    if (Number.isFinite(next)) {
      timer = setTimeout(() => {
        timer = undefined;
        timerAt = Number.POSITIVE_INFINITY;
        pump();
      }, Math.max(0, next - Date.now()));
    }
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
      if (message.gone) continue;
      if (!failed.has(message.id)) {
        remove(message);
        continue;
      }
      if (message.receives >= maxReceives) {
        remove(message);
        const notification = JSON.parse(message.body) as QueuedNotification;
        deadLetters.push(notification);
        log(`Notification moved to the dead-letter queue after ${message.receives} receives: ${notification.topic} ${notification.resource}`);
      }
      // A failed message stays hidden until its visibility timeout (or the delay the consumer set) passes.
    }
  }

  const queue: LocalNotificationQueue = {
    async send(bodies) {
      const now = Date.now();
      for (const body of bodies) ready.push({ id: randomUUID(), body: JSON.stringify(body), sentAt: now, receives: 0, visibleAt: now, receipt: null, gone: false });
      count += bodies.length;
      pump();
    },
    async retryLater(record, seconds) {
      for (const message of hidden) if (message.receipt === record.receiptHandle) message.visibleAt = Date.now() + seconds * 1000;
    },
    settled: () => (count === 0 && consuming === 0 ? Promise.resolve() : new Promise<void>((resolve) => waiters.push(resolve))),
    deadLetters,
    size: () => count,
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
