/**
 * Notifications against the sandbox marketplace, each fault scenario judged by one rule: the stock
 * the notifications built (stock by state, today's daily row, the lots) is what a full sync of the
 * same marketplace state builds.
 */
import type { SQSEvent } from "aws-lambda";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Time, type Ad } from "@fulfillment/core";
import type { SandboxItem, SandboxNotification } from "@fulfillment/local/sandbox/index";
import { useLocalNotificationQueue, type LocalNotificationQueue, type NotificationConsumer } from "@fulfillment/local/notifications/queue";
import { fullAd } from "#test/fixtures";
import { invoke } from "#test/events";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { useTestTable } from "#test/table";
import { getAd } from "#storage/ads";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { listDailyStockSince } from "#storage/daily-stock";
import { getRun } from "#storage/sync/runs";
import { handler as notificationsEndpoint } from "../../handlers/marketplace/notifications.js";
import { handler as consumer } from "../../handlers/jobs/marketplace-notifications.js";
import { handler as missedFeeds } from "../../handlers/jobs/missed-feeds.js";
import { forgetConnectedSeller } from "./intake.js";
import { notificationCounts, resetNotificationCounts } from "./tally.js";
import { businessDayClearOfMidnight } from "#test/business-day";

const TODAY = await businessDayClearOfMidnight("America/Sao_Paulo");
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);
const SLOW = 120_000;

/** Four ads: lots covering the stock, units in transit and damaged, two variations, and units no reception explains. */
const ITEMS: SandboxItem[] = [
  { id: "MLB1", sku: "SKU-1", inventory_id: "INV1", stock: { available: 20 }, receptions: [{ date: daysAgo(40), quantity: 12 }, { date: daysAgo(10), quantity: 8 }] },
  {
    id: "MLB2",
    sku: "SKU-2",
    inventory_id: "INV2",
    stock: { available: 9, not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damaged", quantity: 1 }] },
    receptions: [{ date: daysAgo(5), quantity: 9 }],
  },
  {
    id: "MLB3",
    sku: "SKU-3",
    variations: [
      { id: 31, inventory_id: "V31", stock: { available: 6 }, receptions: [{ date: daysAgo(30), quantity: 6 }] },
      { id: 32, inventory_id: "V32", stock: { available: 4 }, receptions: [{ date: daysAgo(2), quantity: 4 }] },
    ],
  },
  { id: "MLB4", sku: "SKU-4", inventory_id: "INV4", stock: { available: 10 }, receptions: [{ date: daysAgo(20), quantity: 6 }] },
];
// Imported sales: the days of stock of both paths divide by the same figure.
const ADS: Ad[] = ITEMS.map((item, i) => fullAd(item.id, { sku: item.sku ?? null, sales_30d: 30 * (i + 1) }));
const INVENTORIES = ["INV1", "INV2", "V31", "V32", "INV4"];

const db = useTestTable("notifications-faults", "test");
const { sandbox, seed } = useSyncSandbox(db);
let queue: LocalNotificationQueue;
/** The sandbox's requests before the test's own (the set-up's sync made them). */
let setUpRequests = 0;

/**
 * Installs the local queue with the deployed consumer (or the one a test wraps). Its visibility
 * timeout outlasts a batch, with the alerts derived after it, on a busy machine: a batch still
 * being consumed is not received twice.
 */
const useQueue = (wrapped?: NotificationConsumer): LocalNotificationQueue =>
  (queue = useLocalNotificationQueue({ visibilityTimeoutMs: 10_000, log: () => undefined, ...(wrapped ? { consumer: wrapped } : {}) }));

beforeEach(async () => {
  await seed(ITEMS, ADS);
  await syncToTheEnd(db.ref);
  sandbox.notifications.hold();
  sandbox.notifications.take();
  setUpRequests = sandbox.requests.length;
  resetNotificationCounts();
  forgetConnectedSeller();
  useQueue();
}, SLOW);

afterEach(() => {
  queue.stop();
  sandbox.notifications.hold(false);
});

/** A day of operations in the warehouse: sales, receptions, the units of unknown age sold first. */
function recordDay(): SandboxNotification[] {
  sandbox.record({ kind: "sale", adId: "MLB1", quantity: 3 });
  sandbox.record({ kind: "reception", adId: "MLB1", quantity: 5 });
  sandbox.record({ kind: "sale", adId: "MLB2", quantity: 4 });
  sandbox.record({ kind: "sale", adId: "MLB3", quantity: 2 });
  sandbox.record({ kind: "reception", adId: "MLB3", quantity: 3, inventoryId: "V32" });
  sandbox.record({ kind: "sale", adId: "MLB4", quantity: 6 });
  sandbox.record({ kind: "sale", adId: "MLB1", quantity: 10 });
  sandbox.record({ kind: "reception", adId: "MLB2", quantity: 2 });
  return sandbox.notifications.take();
}

const post = (body: unknown) => invoke(notificationsEndpoint, { method: "POST", path: "/marketplace/notifications", body: body as object });

/** Posts each notification as the marketplace would, in the order given, then waits for the queue to empty. */
async function deliver(notifications: readonly unknown[]): Promise<void> {
  for (const notification of notifications) expect((await post(notification)).statusCode).toBe(200);
  await queue.settled();
}

/** The stock of every inventory and today's daily rows, as stored. */
async function stockState() {
  const records = (await listInventory(db.ref, ALL_FIELDS))
    .map(({ updated_at: _updated, ...record }) => record)
    .sort((a, b) => a.inventory_id.localeCompare(b.inventory_id));
  const today = (await listDailyStockSince(db.ref, INVENTORIES, TODAY)).sort((a, b) => a.inventory_id.localeCompare(b.inventory_id));
  return { records, today };
}

/** The state the notifications built equals the one a full sync of the same marketplace builds. */
async function expectSameAsSync(): Promise<void> {
  const built = await stockState();
  const { run_id } = await syncToTheEnd(db.ref);
  expect(built).toEqual(await stockState());
  // The sync's reconciliation agrees: no inventory drifted.
  expect((await getRun(db.ref, run_id))?.drift).toEqual({ count: 0, inventories: [] });
}

const operationPath = (notification: SandboxNotification): string => notification.resource;
/** "METHOD path" of the sandbox's requests since the set-up. */
const requestsOfTest = (): string[] => sandbox.requests.slice(setUpRequests).map((request) => `${request.method} ${request.path}`);
const operationGets = (): string[] => requestsOfTest().filter((request) => request.startsWith("GET /stock/fulfillment/operations/") && !request.includes("/search"));
/** Each notification applied, or found to change nothing (which of the two depends on the order they ran in). */
const taken = (): number => (notificationCounts().applied ?? 0) + (notificationCounts().unchanged ?? 0);

describe("operations applied from notifications", () => {
  it("builds the stock a full sync builds, reading one operation per notification and nothing else", { timeout: SLOW }, async () => {
    // Act
    const day = recordDay();
    await deliver(day);

    // Assess
    // Records of a batch run in parallel: the reads are compared as a set.
    expect(operationGets().sort()).toEqual(day.map((notification) => `GET ${operationPath(notification)}`).sort());
    expect(requestsOfTest().filter((request) => !request.startsWith("GET /stock/fulfillment/operations/"))).toEqual([]);
    expect(notificationCounts()).toMatchObject({ queued: day.length });
    expect(taken()).toBe(day.length);
    const stored = await stockState();
    expect(stored.records.find((record) => record.inventory_id === "INV1")).toMatchObject({
      available_qty: 12,
      fifo_lots: [
        { day: daysAgo(10), units: 7 },
        { day: TODAY, units: 5 },
      ],
      oldest_stock_days: 10,
    });
    await expectSameAsSync();
  });

  it("changes nothing the second and third time a notification is delivered", { timeout: SLOW }, async () => {
    const day = recordDay();

    await deliver([...day, ...day, ...day]);

    expect(taken()).toBe(3 * day.length);
    expect(notificationCounts().unchanged).toBeGreaterThanOrEqual(2 * day.length);
    await expectSameAsSync();
  });

  it("ends in the same stock when a day of operations arrives in reverse order", { timeout: SLOW }, async () => {
    const day = recordDay();

    await deliver([...day].reverse());

    await expectSameAsSync();
  });
});

describe("faults", () => {
  it("drops a notification whose resource answers 404, with the rest applied", { timeout: SLOW }, async () => {
    const day = recordDay();

    await deliver([{ ...day[0]!, _id: "gone", resource: "/stock/fulfillment/operations/999999999" }, ...day]);

    expect(notificationCounts()["dropped:resource_not_found"]).toBe(1);
    expect(queue.deadLetters).toEqual([]);
    await expectSameAsSync();
  });

  it("reads a resource answered 429 again after its Retry-After, and loses nothing", { timeout: SLOW }, async () => {
    // Prepare
    const day = recordDay();
    const throttled = operationPath(day[1]!);
    sandbox.faults.inject({ path: throttled, status: 429, retryAfter: 1, count: 1 });

    // Act
    await deliver(day);

    // Assess: read twice, a second apart at least, and applied once.
    expect(operationGets().filter((request) => request === `GET ${throttled}`)).toHaveLength(2);
    const [first, second] = sandbox.requests.filter((request) => request.path === throttled).map((request) => request.at);
    expect(second! - first!).toBeGreaterThanOrEqual(950);
    expect(notificationCounts()).toMatchObject({ retried: 1 });
    expect(taken()).toBe(day.length);
    await expectSameAsSync();
  });

  it("delivers again only the records that failed in a batch (partial batch failure)", { timeout: SLOW }, async () => {
    const day = recordDay();
    sandbox.faults.disconnect({ path: operationPath(day[2]!), count: 1 });

    await deliver(day);

    expect(operationGets().filter((request) => request === `GET ${operationPath(day[2]!)}`)).toHaveLength(2);
    expect(operationGets()).toHaveLength(day.length + 1);
    await expectSameAsSync();
  });

  it("counts nothing twice when the consumer dies in the middle of a batch and the whole batch comes back", { timeout: SLOW }, async () => {
    // Prepare: the first invocation applies half its batch and dies before it answers.
    let killed = false;
    queue.stop();
    useQueue(async (event: SQSEvent) => {
      if (killed) return consumer(event);
      killed = true;
      await consumer({ Records: event.Records.slice(0, Math.ceil(event.Records.length / 2)) });
      throw new Error("killed");
    });
    const day = recordDay();

    // Act
    await deliver(day);

    // Assess
    expect(killed).toBe(true);
    expect(taken()).toBeGreaterThan(day.length);
    expect(queue.deadLetters).toEqual([]);
    await expectSameAsSync();
  });
});

describe("notifications that are not acted on", () => {
  it("leaves the stock as the sync built it: another seller, other applications, unknown topics, malformed and oversized bodies", { timeout: SLOW }, async () => {
    // Prepare: the marketplace state does not change; only notifications arrive.
    const at = new Date().toISOString();
    const notification = { resource: "/stock/fulfillment/operations/306705001", user_id: sandbox.sellerId, topic: "fbm_stock_operations", application_id: sandbox.clientId, attempts: 1, sent: at, received: at };

    // Act
    const answers = await Promise.all([
      post({ ...notification, user_id: 987654321 }),
      post({ ...notification, application_id: "another-app" }),
      post({ ...notification, topic: "questions", resource: "/questions/5" }),
      post({ ...notification, resource: undefined }),
      post("not json"),
      post({ ...notification, padding: "x".repeat(1024 * 1024) }),
    ]);
    await queue.settled();

    // Assess
    expect(answers.map((answer) => answer.statusCode)).toEqual([200, 200, 200, 400, 400, 413]);
    expect(notificationCounts()).toEqual({ queued: 1, ignored: 1, "dropped:unknown_user": 1, "dropped:other_application": 1 });
    expect(operationGets()).toEqual([]);
    await expectSameAsSync();
  });
});

describe("missed notifications", () => {
  it("queues what the marketplace gave up delivering, once, at the hourly drain", { timeout: SLOW }, async () => {
    // Prepare
    const day = recordDay();
    sandbox.notifications.giveUp(day);

    // Act
    const first = await missedFeeds({});
    await queue.settled();
    const second = await missedFeeds({});

    // Assess
    expect(first).toEqual({ listed: day.length, queued: day.length });
    expect(second).toEqual({ listed: day.length, queued: 0 });
    expect(notificationCounts()).toMatchObject({ missed_queued: day.length });
    expect(taken()).toBe(day.length);
    await expectSameAsSync();
  });
});

describe("listings", () => {
  it("stores the title, thumbnail, status and SKU of an item that changed, and the SKU of its inventory records", { timeout: SLOW }, async () => {
    sandbox.changeItem("MLB1", { title: "Mangueira 30 m", thumbnail: "https://img.example/1.jpg", status: "paused", sku: "SKU-1B" });

    await deliver(sandbox.notifications.take());

    expect(await getAd(db.ref, "MLB1")).toMatchObject({ title: "Mangueira 30 m", thumbnail: "https://img.example/1.jpg", status: "paused", sku: "SKU-1B", is_full: true });
    expect((await listInventory(db.ref, ALL_FIELDS)).find((record) => record.inventory_id === "INV1")?.sku).toBe("SKU-1B");
    expect(notificationCounts()).toMatchObject({ applied: 1 });
  });
});
