import type { SQSEvent } from "aws-lambda";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "@fulfillment/local/notifications/queue";
import { invoke } from "#test/events";
import { replaceMarketplaceEnv } from "#test/env";
import { useTestTable } from "#test/table";
import { deleteCredentialRecorded, putCredential } from "#storage/credentials";
import { forgetConnectedSeller } from "#services/notifications/intake";
import { notificationCounts, resetNotificationCounts } from "#services/notifications/tally";
import { NOTIFICATION_MAX_BODY_BYTES } from "../../routes.js";
import { handler } from "./notifications.js";

const APP = "2069392825111111";
const SELLER = 123456789;

const db = useTestTable("notifications-endpoint");
let queue: LocalNotificationQueue;
/** The bodies the queue's consumer received. */
let consumed: unknown[];
let restoreEnv: () => void;

const NOTIFICATION = {
  resource: "/stock/fulfillment/operations/9876",
  user_id: SELLER,
  topic: "fbm_stock_operations",
  application_id: Number(APP),
  attempts: 1,
  sent: "2026-11-27T14:00:01.123Z",
  received: "2026-11-27T14:00:01.001Z",
};

const post = (body: unknown) => invoke(handler, { method: "POST", path: "/marketplace/notifications", body: body as object });

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv({ MARKETPLACE_CLIENT_ID: APP, MARKETPLACE_CLIENT_SECRET: "secret", MARKETPLACE_API_URL: "http://127.0.0.1:9" });
  await putCredential(db.ref, { provider: "mercadolivre", access_token: "APP_USR-1", refresh_token: "TG-1", user_id: SELLER });
});

afterAll(() => restoreEnv());

beforeEach(() => {
  consumed = [];
  resetNotificationCounts();
  forgetConnectedSeller();
  queue = useLocalNotificationQueue({
    consumer: async (event: SQSEvent) => {
      consumed.push(...event.Records.map((record) => JSON.parse(record.body)));
      return { batchItemFailures: [] };
    },
    log: () => undefined,
  });
});

afterEach(() => queue.stop());

describe("POST /marketplace/notifications", () => {
  it("queues a notification of this app for the connected seller and answers 200 at once", async () => {
    // Act
    const answer = await post(NOTIFICATION);
    await queue.settled();

    // Assess
    expect(answer.statusCode).toBe(200);
    expect(answer.body).toEqual({ success: true });
    expect(consumed).toEqual([{ ...NOTIFICATION, queued_at: expect.any(String) }]);
    expect(notificationCounts()).toEqual({ queued: 1 });
  });

  it("takes a notification of any topic, and fields it does not read (the consumer decides what to act on)", async () => {
    const answer = await post({ ...NOTIFICATION, _id: "abc", topic: "questions", resource: "/questions/1" });
    await queue.settled();

    expect(answer.statusCode).toBe(200);
    expect(consumed).toEqual([expect.objectContaining({ topic: "questions", resource: "/questions/1" })]);
  });

  it("answers 200 to a notification of another application or seller, drops it and counts it", async () => {
    // Act
    const answers = await Promise.all([
      post({ ...NOTIFICATION, application_id: 42 }),
      post({ ...NOTIFICATION, user_id: 987654321 }),
      post({ ...NOTIFICATION, user_id: String(SELLER), application_id: APP }),
    ]);
    await queue.settled();

    // Assess: the last one is this app's and seller's, written as text.
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200]);
    expect(consumed).toHaveLength(1);
    expect(notificationCounts()).toEqual({ queued: 1, "dropped:other_application": 1, "dropped:unknown_user": 1 });
  });

  it("drops every notification while no account is connected", async () => {
    await deleteCredentialRecorded(db.ref, "mercadolivre", { actor: "test", requestId: null }, new Date());
    try {
      const answer = await post(NOTIFICATION);

      expect(answer.statusCode).toBe(200);
      expect(queue.size()).toBe(0);
      expect(notificationCounts()).toEqual({ "dropped:unknown_user": 1 });
    } finally {
      await putCredential(db.ref, { provider: "mercadolivre", access_token: "APP_USR-1", refresh_token: "TG-1", user_id: SELLER });
    }
  });

  it.each<[string, unknown]>([
    ["text that is not JSON", "resource=/items/MLB1&topic=items"],
    ["a JSON array", [NOTIFICATION]],
    ["an empty object", {}],
    ["no resource", { ...NOTIFICATION, resource: undefined }],
    ["a resource that is not a path", { ...NOTIFICATION, resource: "https://evil.example/items/1" }],
    ["a user id that is not one", { ...NOTIFICATION, user_id: true }],
    ["no application id", { ...NOTIFICATION, application_id: undefined }],
    ["a topic of the wrong type", { ...NOTIFICATION, topic: ["items"] }],
    ["attempts of 0", { ...NOTIFICATION, attempts: 0 }],
    ["a sent time that is not one", { ...NOTIFICATION, sent: "yesterday" }],
  ])("answers 400 to %s and queues nothing", async (_name, body) => {
    // Act
    const answer = await post(body);

    // Assess
    expect(answer.statusCode).toBe(400);
    expect(answer.body).toEqual({ success: false, error: expect.stringMatching(/^Não é uma notificação do marketplace: /) });
    expect(queue.size()).toBe(0);
    expect(notificationCounts()).toEqual({});
  });

  it("refuses a body over its limit unread (a 1 MB body answers 413) and queues nothing", async () => {
    // Act
    const answer = await post({ ...NOTIFICATION, padding: "x".repeat(1024 * 1024) });

    // Assess
    expect(answer.statusCode).toBe(413);
    expect(answer.body).toEqual({ success: false, error: expect.stringContaining(String(NOTIFICATION_MAX_BODY_BYTES)) });
    expect(queue.size()).toBe(0);
    expect(notificationCounts()).toEqual({});
  });
});
