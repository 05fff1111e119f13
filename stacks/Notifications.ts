import { Duration } from "aws-cdk-lib";
import { Cron, Function, Queue, use, type StackContext } from "sst/constructs";
import { MISSED_FEEDS_HANDLER, NOTIFICATION_CONSUMER_HANDLER } from "@fulfillment/functions/routes";
import { MISSED_FEEDS_MINUTE, NOTIFICATION_BATCH_SIZE, NOTIFICATION_RECEIVES } from "@fulfillment/functions/config/notifications";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { failedInvocationsQueue, queueWithDeadLetters } from "./queues.js";
import { Shared } from "./Shared.js";
import { Storage } from "./Storage.js";

/** The consumer's timeout: a batch of ten notifications, each a marketplace read and a few table writes. */
export const NOTIFICATION_CONSUMER_TIMEOUT_SECONDS = 30;

/** The drain of missed notifications, every hour at half past. */
export const MISSED_FEEDS_SCHEDULE = `cron(${MISSED_FEEDS_MINUTE} * * * ? *)`;

/** Consumer invocations at once: bounds the marketplace calls and the table writes a flood of notifications makes. */
const CONSUMER_MAX_CONCURRENCY = 5;

/**
 * Mercado Livre's notifications (marketplace-api section 8): the queue POST
 * /marketplace/notifications puts them on, with its dead-letter queue (alarmed), the consumer that
 * applies them with partial batch failures, and the hourly drain of the ones the marketplace gave
 * up delivering. The Api stack gives the endpoint's function the queue (`intake`).
 */
export function Notifications({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, marketplace, alertDelivery } = use(Shared);

  // SQS hides a received batch six times the consumer's timeout (AWS's advice for Lambda consumers);
  // a 429's Retry-After hides a message for as long as the marketplace asked.
  const { queue, deadLetters } = queueWithDeadLetters(
    stack,
    { queue: "MarketplaceNotifications", deadLetters: "NotificationDeadLetters" },
    { visibilityTimeout: Duration.seconds(NOTIFICATION_CONSUMER_TIMEOUT_SECONDS * 6), receives: NOTIFICATION_RECEIVES },
  );

  const environment = { ...functionEnvironment(table), ...marketplace.environment, NOTIFICATIONS_QUEUE_URL: queue.queueUrl };
  const permissions = tableAccessStatements(table, "read-write");
  const consumed = new Queue(stack, "NotificationConsumer", {
    cdk: { queue },
    consumer: {
      function: {
        ...FUNCTION_DEFAULTS,
        handler: NOTIFICATION_CONSUMER_HANDLER,
        timeout: NOTIFICATION_CONSUMER_TIMEOUT_SECONDS,
        // It derives the alerts of the SKUs its operations changed and queues their deliveries.
        environment: { ...environment, ...alertDelivery.environment },
        permissions: [...permissions, ...alertDelivery.statements],
        bind: marketplace.bindings,
      },
      cdk: {
        eventSource: {
          batchSize: NOTIFICATION_BATCH_SIZE,
          maxBatchingWindow: Duration.seconds(1),
          reportBatchItemFailures: true,
          maxConcurrency: CONSUMER_MAX_CONCURRENCY,
        },
      },
    },
  });
  const consumer = consumed.consumerFunction;
  if (!(consumer instanceof Function)) throw new Error("The notification queue has no consumer function");
  queue.grantConsumeMessages(consumer);

  // Scheduled, so invoked asynchronously: drains that kept failing, and events EventBridge could not deliver, are parked here.
  const failedDrains = failedInvocationsQueue(stack, "FailedNotificationDrains");
  const drain = new Cron(stack, "MissedNotifications", {
    schedule: MISSED_FEEDS_SCHEDULE,
    job: {
      function: { ...FUNCTION_DEFAULTS, handler: MISSED_FEEDS_HANDLER, timeout: 60, environment, permissions, bind: marketplace.bindings, deadLetterQueue: failedDrains },
      cdk: { target: { deadLetterQueue: failedDrains } },
    },
  });
  queue.grantSendMessages(drain.jobFunction);

  alarmOnFunction(stack, "NotificationConsumer", consumer, "notification consumer", alarmTopic);
  alarmOnFunction(stack, "MissedNotifications", drain.jobFunction, "missed-notification drain", alarmTopic);
  alarmOn(
    stack,
    "NotificationDeadLetterMessages",
    deadLetters.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "marketplace notifications: notifications that kept failing, waiting in the dead-letter queue",
    alarmTopic,
  );
  alarmOn(
    stack,
    "FailedNotificationDrainMessages",
    failedDrains.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: "Maximum" }),
    "missed-notification drain: hourly runs that kept failing, waiting in the dead-letter queue",
    alarmTopic,
  );

  return { queue, deadLetters, consumer, drain };
}
