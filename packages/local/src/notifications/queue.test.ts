import type { SQSEvent } from "aws-lambda";
import { afterEach, describe, expect, it } from "vitest";
import type { QueuedNotification } from "@fulfillment/functions/services/notifications/message";
import { notificationQueue } from "@fulfillment/functions/services/notifications/queue";
import { useLocalNotificationQueue, type LocalNotificationQueue, type LocalQueueOptions } from "./queue.js";

/** The local queue behaves as SQS with a Lambda consumer and partial batch failures. */

const message = (resource: string): QueuedNotification => ({ resource, user_id: 1, topic: "items", application_id: "app", queued_at: "2026-11-27T14:00:00.000Z" });

let queue: LocalNotificationQueue | undefined;
afterEach(() => queue?.stop());

/** A queue whose consumer records each receive as "resource#receive count" and fails the resources `fails` names. */
function queueFailing(fails: (resource: string, receive: number) => boolean, options: LocalQueueOptions = {}) {
  const receives: string[] = [];
  const lines: string[] = [];
  queue = useLocalNotificationQueue({
    visibilityTimeoutMs: 200,
    log: (line) => lines.push(line),
    consumer: async (event: SQSEvent) => {
      const failed = event.Records.filter((record) => {
        const { resource } = JSON.parse(record.body) as QueuedNotification;
        const receive = Number(record.attributes.ApproximateReceiveCount);
        receives.push(`${resource}#${receive}`);
        return fails(resource, receive);
      });
      return { batchItemFailures: failed.map((record) => ({ itemIdentifier: record.messageId })) };
    },
    ...options,
  });
  return { queue, receives, lines };
}

describe("the local notification queue", () => {
  it("is the queue notifications are sent to while it is installed", () => {
    const { queue } = queueFailing(() => false);
    expect(notificationQueue()).toBe(queue);
  });

  it("hands the consumer batches and receives again only the records reported failed", async () => {
    const { queue, receives } = queueFailing((resource, receive) => resource === "/items/B" && receive === 1);

    await queue.send([message("/items/A"), message("/items/B"), message("/items/C")]);
    await queue.settled();

    expect(receives.sort()).toEqual(["/items/A#1", "/items/B#1", "/items/B#2", "/items/C#1"]);
    expect(queue.deadLetters).toEqual([]);
  });

  it("moves a record to the dead letters after its last receive, with a log line", async () => {
    const { queue, receives, lines } = queueFailing((resource) => resource === "/items/B", { maxReceives: 3 });

    await queue.send([message("/items/A"), message("/items/B")]);
    await queue.settled();

    expect(receives.filter((receive) => receive.startsWith("/items/B"))).toEqual(["/items/B#1", "/items/B#2", "/items/B#3"]);
    expect(queue.deadLetters).toEqual([message("/items/B")]);
    expect(lines).toEqual(["Notification moved to the dead-letter queue after 3 receives: items /items/B"]);
  });

  it("receives a whole batch again when its invocation throws", async () => {
    let calls = 0;
    queue = useLocalNotificationQueue({
      visibilityTimeoutMs: 200,
      log: () => undefined,
      consumer: async () => {
        calls += 1;
        if (calls === 1) throw new Error("killed");
        return { batchItemFailures: [] };
      },
    });

    await queue.send([message("/items/A"), message("/items/B")]);
    await queue.settled();

    expect(calls).toBe(2);
  });

  it("holds back a record the consumer asked to retry later for that long", async () => {
    const receivedAt: number[] = [];
    queue = useLocalNotificationQueue({
      visibilityTimeoutMs: 200,
      log: () => undefined,
      consumer: async (event: SQSEvent) => {
        receivedAt.push(Date.now());
        if (receivedAt.length > 1) return { batchItemFailures: [] };
        await queue!.retryLater(event.Records[0]!, 0.3);
        return { batchItemFailures: [{ itemIdentifier: event.Records[0]!.messageId }] };
      },
    });

    await queue.send([message("/items/A")]);
    await queue.settled();

    expect(receivedAt).toHaveLength(2);
    expect(receivedAt[1]! - receivedAt[0]!).toBeGreaterThanOrEqual(290);
  });
});
