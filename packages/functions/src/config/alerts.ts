/** Alert delivery settings, read from the environment. */

/** In Lambda only https targets are accepted; locally http to this machine is too. */
export const inAws = (): boolean => Boolean(process.env.AWS_LAMBDA_FUNCTION_NAME);

/** The SQS queue of webhook and e-mail deliveries (set by the stack); unset: delivered in process. */
export const deliveryQueueUrl = (): string | undefined => process.env.ALERTS_QUEUE_URL || undefined;

/** The SNS topic alert e-mails go through (set by the stack); unset: an e-mail is printed as a log line. */
export const alertTopicArn = (): string | undefined => process.env.ALERTS_TOPIC_ARN || undefined;

/** Base of the console links in digests (the console's URL; locally the gateway's /console/). */
export const consoleUrl = (): string => process.env.CONSOLE_URL || `http://127.0.0.1:${process.env.PORT || "3000"}/console/`;

/** Attempts of one delivery before it goes to the dead-letter queue (the stack's maxReceiveCount). */
export const DELIVERY_ATTEMPTS = 5;

/** The first retry waits about this long, doubling after each attempt: ALERT_RETRY_BASE_MS, else 30 s in AWS and 1 s locally. */
export const retryBaseMs = (): number => {
  const text = process.env.ALERT_RETRY_BASE_MS?.trim();
  const value = text ? Number(text) : Number.NaN;
  return Number.isFinite(value) && value >= 0 ? value : inAws() ? 30_000 : 1_000;
};
