import { Duration } from "aws-cdk-lib";
import { Queue, QueueEncryption } from "aws-cdk-lib/aws-sqs";
import type { Construct } from "constructs";

/** Both queues of the service keep messages encrypted, refuse plain HTTP, and end in a dead-letter queue kept 14 days. */
const SAFE = { encryption: QueueEncryption.SQS_MANAGED, enforceSSL: true } as const;

/** A queue whose messages move to its own dead-letter queue after `receives` receives. */
export function queueWithDeadLetters(
  scope: Construct,
  ids: { queue: string; deadLetters: string },
  options: { visibilityTimeout: Duration; receives: number },
): { queue: Queue; deadLetters: Queue } {
  const deadLetters = new Queue(scope, ids.deadLetters, { retentionPeriod: Duration.days(14), ...SAFE });
  const queue = new Queue(scope, ids.queue, {
    visibilityTimeout: options.visibilityTimeout,
    retentionPeriod: Duration.days(4),
    ...SAFE,
    deadLetterQueue: { queue: deadLetters, maxReceiveCount: options.receives },
  });
  return { queue, deadLetters };
}

/**
 * Where the events of an asynchronously invoked function land after Lambda's own retries (and, for
 * a schedule, the events EventBridge could not deliver at all): kept 14 days, alarmed on its first message.
 */
export function failedInvocationsQueue(scope: Construct, id: string): Queue {
  return new Queue(scope, id, { retentionPeriod: Duration.days(14), ...SAFE });
}
