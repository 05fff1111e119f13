/** Settings of the marketplace notifications, read from the environment. */

/** The SQS queue notifications wait in (set by the stack); unset outside AWS, where a local queue is installed. */
export const notificationsQueueUrl = (): string | undefined => process.env.NOTIFICATIONS_QUEUE_URL || undefined;

/** Receives of one notification before the queue's redrive policy moves it to the dead-letter queue (the stack's maxReceiveCount). */
export const NOTIFICATION_RECEIVES = 10;

/** Notifications a consumer invocation takes at once. */
export const NOTIFICATION_BATCH_SIZE = 10;

/** How long a resource that answered 429 without Retry-After waits before the next try, in seconds. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60;

/** The longest a message can be hidden (SQS: 12 hours). */
export const MAX_RETRY_AFTER_SECONDS = 12 * 60 * 60;

/** The hourly drain of missed notifications runs this many minutes past each hour (clear of the digest job's full hour). */
export const MISSED_FEEDS_MINUTE = 30;
