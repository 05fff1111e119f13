/**
 * Alerts at the pace of stock, end to end on the local parts: the sandbox marketplace records a
 * sale, its notification goes through the endpoint and the local queue to the deployed consumer,
 * and the SKU's alerts reach a webhook receiver on this machine.
 */
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { Time, type Ad, type Alerts } from "@fulfillment/core";
import type { SandboxItem, SandboxNotification } from "@fulfillment/local/sandbox/index";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "@fulfillment/local/notifications/queue";
import { fullAd } from "#test/fixtures";
import { invoke } from "#test/events";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { useTestTable } from "#test/table";
import { signatureValid, startReceiver, type Receiver } from "#test/webhooks";
import { acquireLease, releaseLease } from "#storage/lease";
import { listAlertEvents, listOpenAlerts } from "#storage/alerts/state";
import { listPendingSkus } from "#storage/alerts/pending";
import { handler as notificationsEndpoint } from "../../handlers/marketplace/notifications.js";
import { handler as createSubscription } from "../../handlers/alerts/subscriptions-create.js";
import { handler as digestJob } from "../../handlers/jobs/alert-digest.js";
import { forgetConnectedSeller } from "../notifications/intake.js";
import { deliveriesSettled } from "./queue.js";
import { alertAfterChange, currentAlerts } from "./record.js";
import { derivePendingSkus } from "./after-operation.js";
import { ALERT_LEASE } from "./lease.js";
import { businessDayClearOfMidnight } from "#test/business-day";

const SLOW = 120_000;
const TODAY = await businessDayClearOfMidnight();
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);

/** Two SKUs selling one a day, 40 units received 10 days ago: 40 days of cover, young stock, no alert. */
const ITEMS: SandboxItem[] = ["A", "B"].map((letter) => ({
  id: `MLB${letter}`,
  sku: `SKU-${letter}`,
  title: `Item SKU-${letter}`,
  inventory_id: `INV-${letter}`,
  stock: { available: 40 },
  receptions: [{ date: daysAgo(10), quantity: 40 }],
}));
const ADS: Ad[] = ITEMS.map((item) => fullAd(item.id, { sku: item.sku ?? null, title: item.title ?? null, sales_30d: 30 }));

const db = useTestTable("alerts-operations", "test");
const { sandbox, seed } = useSyncSandbox(db);
let queue: LocalNotificationQueue;
let receivers: Receiver[] = [];

beforeAll(() => {
  vi.stubEnv("ALERT_RETRY_BASE_MS", "1");
  vi.stubEnv("CONSOLE_URL", "http://127.0.0.1:3000/console/");
  return () => vi.unstubAllEnvs();
});

beforeEach(async () => {
  await seed(ITEMS, ADS);
  await syncToTheEnd(db.ref);
  sandbox.notifications.hold();
  sandbox.notifications.take();
  forgetConnectedSeller();
  queue = useLocalNotificationQueue({ visibilityTimeoutMs: 5_000, log: () => undefined });
}, SLOW);

afterEach(async () => {
  queue.stop();
  sandbox.notifications.hold(false);
  await deliveriesSettled();
  await Promise.all(receivers.map((receiver) => receiver.close()));
  receivers = [];
});

async function subscribe(body: object): Promise<{ id: string; secret: string; receiver: Receiver }> {
  const receiver = await startReceiver();
  receivers.push(receiver);
  const answer = await invoke(createSubscription, { method: "POST", path: "/alerts/subscriptions", body: { channel: "webhook", target: receiver.url, ...body } });
  expect(answer.statusCode).toBe(201);
  return { id: answer.body.subscription.id, secret: answer.body.secret, receiver };
}

/** A sale of every unit of the ad in Full: the marketplace's notification of it. */
function sellEverything(adId: string): SandboxNotification[] {
  sandbox.record({ kind: "sale", adId, quantity: 40 });
  return sandbox.notifications.take();
}

/** Posts each notification as the marketplace would, then waits for the queue and the webhook deliveries. */
async function deliver(notifications: readonly SandboxNotification[]): Promise<void> {
  for (const notification of notifications) {
    const answer = await invoke(notificationsEndpoint, { method: "POST", path: "/marketplace/notifications", body: notification as object });
    expect(answer.statusCode).toBe(200);
  }
  await queue.settled();
  await deliveriesSettled();
}

const eventsOf = (sku: string): Promise<Alerts.AlertEvent[]> => listAlertEvents(db.ref, { limit: 100, sku });
const states = (alerts: readonly Alerts.Alert[]) => alerts.map(({ id, kind, sku, severity, level, message, figures }) => ({ id, kind, sku, severity, level, message, figures }));

describe("alerts after a stock operation", () => {
  it("delivers a signed webhook with the stockout of the SKU a sale emptied, as the full derivation finds it", { timeout: SLOW }, async () => {
    // Prepare
    const immediate = await subscribe({});
    const before = await listOpenAlerts(db.ref);
    expect(before).toEqual([]);

    // Act
    await deliver(sellEverything("MLBA"));

    // Assess: one delivery, signed with the subscription's secret, naming SKU-A only.
    expect(immediate.receiver.requests).toHaveLength(1);
    const [webhook] = immediate.receiver.requests;
    expect(signatureValid(webhook!.headers["x-signature"] as string, webhook!.body, immediate.secret)).toBe(true);
    const body = JSON.parse(webhook!.body);
    expect(body).toMatchObject({ type: "alerts", subscription_id: immediate.id, id: webhook!.headers["idempotency-key"] });
    const items = body.groups.flatMap((group: { kind: string; items: object[] }) => group.items.map((item) => ({ kind: group.kind, ...item })));
    expect(items.every((item: { sku: string }) => item.sku === "SKU-A")).toBe(true);
    expect(items.find((item: { kind: string }) => item.kind === "stockout")).toMatchObject({
      change: "opened",
      sku: "SKU-A",
      title: "Item SKU-A",
      severity: "critical",
      coverage_days: 0,
      stockout_date: TODAY,
      link: "http://127.0.0.1:3000/console/#/estoque?q=SKU-A",
    });
    // The events recorded and the open alerts are the full derivation's for that SKU.
    const full = (await currentAlerts(db.ref, new Date())).filter((alert) => alert.sku === "SKU-A");
    expect(full.map((alert) => alert.kind)).toContain("stockout");
    expect(states(await listOpenAlerts(db.ref))).toEqual(states(full));
    expect(states(await eventsOf("SKU-A")).sort((a, b) => a.id.localeCompare(b.id))).toEqual(states(full));
    expect((await eventsOf("SKU-A")).every((event) => event.change === "opened")).toBe(true);
    expect(await eventsOf("SKU-B")).toEqual([]);
    expect(await listPendingSkus(db.ref, 10)).toEqual([]);
  });

  it("records no second event and sends nothing more when the same notification is delivered again", { timeout: SLOW }, async () => {
    const immediate = await subscribe({});
    const sale = sellEverything("MLBA");
    await deliver(sale);
    const recorded = await eventsOf("SKU-A");
    expect(recorded.length).toBeGreaterThan(0);

    await deliver([...sale, ...sale]);

    expect(await eventsOf("SKU-A")).toEqual(recorded);
    expect(immediate.receiver.requests).toHaveLength(1);
  });

  it("sends a digest subscription nothing at once, and the stockout in its next digest", { timeout: SLOW }, async () => {
    // Prepare: the digest's hour is midnight, so the job finds it due whenever it runs today.
    const digest = await subscribe({ delivery: "digest", digest_hour: 0 });

    // Act
    await deliver(sellEverything("MLBA"));

    // Assess
    expect(digest.receiver.requests).toEqual([]);
    await digestJob({});
    await deliveriesSettled();
    expect(digest.receiver.requests).toHaveLength(1);
    const body = JSON.parse(digest.receiver.requests[0]!.body);
    expect(body).toMatchObject({ type: "digest", subscription_id: digest.id });
    expect(body.groups.find((group: { kind: string }) => group.kind === "stockout").items).toEqual([expect.objectContaining({ sku: "SKU-A", change: "opened" })]);
  });

  it("leaves the SKU to the catalogue derivation holding the lease, which derives it after its own work: each change recorded once", { timeout: SLOW }, async () => {
    // Prepare: a catalogue derivation holds the lease while the sale is applied.
    const immediate = await subscribe({});
    expect(await acquireLease(db.ref, ALERT_LEASE, "catalogue-derivation", 60_000)).toBe(true);

    // Act
    await deliver(sellEverything("MLBA"));

    // Assess: nothing recorded yet, the SKU is pending.
    expect(await eventsOf("SKU-A")).toEqual([]);
    expect((await listPendingSkus(db.ref, 10)).map((mark) => mark.sku)).toEqual(["SKU-A"]);

    // Act: the holder ends, and takes the pending SKUs as every holder does; then a later catalogue derivation.
    await releaseLease(db.ref, ALERT_LEASE, "catalogue-derivation");
    expect(await derivePendingSkus(db.ref)).toBeGreaterThan(0);
    await alertAfterChange(db.ref, "import");
    await deliveriesSettled();

    // Assess
    const events = await eventsOf("SKU-A");
    expect(events.map((event) => event.id).sort()).toEqual([...new Set(events.map((event) => event.id))].sort());
    expect(events.map((event) => event.kind)).toContain("stockout");
    expect(await listPendingSkus(db.ref, 10)).toEqual([]);
    expect(immediate.receiver.requests).toHaveLength(1);
  });

  it("derives both SKUs' alerts when the marketplace moves an ad to another SKU: the old SKU's stockout cleared, the new one's opened", { timeout: SLOW }, async () => {
    // Prepare: SKU-A sold out, its stockout open.
    await deliver(sellEverything("MLBA"));
    expect((await listOpenAlerts(db.ref)).filter((alert) => alert.kind === "stockout").map((alert) => alert.sku)).toEqual(["SKU-A"]);
    const immediate = await subscribe({});

    // Act: the seller gives the ad another SKU in the marketplace.
    sandbox.changeItem("MLBA", { sku: "SKU-C" });
    await deliver(sandbox.notifications.take());

    // Assess: what is open is what the full derivation finds, and the subscriber heard of both changes.
    const full = await currentAlerts(db.ref, new Date());
    expect(states(await listOpenAlerts(db.ref))).toEqual(states(full));
    expect(full.filter((alert) => alert.kind === "stockout").map((alert) => alert.sku)).toEqual(["SKU-C"]);
    expect((await eventsOf("SKU-A")).some((event) => event.kind === "stockout" && event.change === "cleared")).toBe(true);
    expect((await eventsOf("SKU-C")).some((event) => event.kind === "stockout" && event.change === "opened")).toBe(true);
    const delivered = immediate.receiver.requests.flatMap((request) => JSON.parse(request.body).groups.flatMap((group: { items: { sku: string }[] }) => group.items.map((item) => item.sku)));
    expect(new Set(delivered)).toEqual(new Set(["SKU-A", "SKU-C"]));
    expect(await listPendingSkus(db.ref, 10)).toEqual([]);
  });
});
