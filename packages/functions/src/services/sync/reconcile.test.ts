/**
 * The daily sync as reconciliation, against the sandbox marketplace and its notifications: the run
 * records (and publishes) how many inventories the notifications left differing from the
 * marketplace, with the first ones' expected and found stock.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { Time, type Ad } from "@fulfillment/core";
import type { SandboxItem, SandboxNotification } from "@fulfillment/local/sandbox/index";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "@fulfillment/local/notifications/queue";
import { fullAd } from "#test/fixtures";
import { invoke } from "#test/events";
import { syncToTheEnd, type TestSync } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { useTestTable } from "#test/table";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { getRun } from "#storage/sync/runs";
import { metrics } from "../../observability/metrics.js";
import { handler as notificationsEndpoint } from "../../handlers/marketplace/notifications.js";
import { handler as runsHandler } from "../../handlers/full/sync-runs.js";
import { forgetConnectedSeller } from "../notifications/intake.js";
import { businessDayClearOfMidnight } from "#test/business-day";

const TODAY = await businessDayClearOfMidnight("America/Sao_Paulo");
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);
const SLOW = 120_000;

const ITEMS: SandboxItem[] = [
  { id: "MLB1", sku: "SKU-1", inventory_id: "INV1", stock: { available: 20 }, receptions: [{ date: daysAgo(40), quantity: 12 }, { date: daysAgo(10), quantity: 8 }] },
  { id: "MLB2", sku: "SKU-2", inventory_id: "INV2", stock: { available: 9, not_available_detail: [{ status: "transfer", quantity: 2 }] }, receptions: [{ date: daysAgo(5), quantity: 9 }] },
  { id: "MLB4", sku: "SKU-4", inventory_id: "INV4", stock: { available: 10 }, receptions: [{ date: daysAgo(20), quantity: 6 }] },
];
const ADS: Ad[] = ITEMS.map((item, i) => fullAd(item.id, { sku: item.sku ?? null, sales_30d: 30 * (i + 1) }));

const db = useTestTable("sync-reconcile", "test");
const { sandbox, seed } = useSyncSandbox(db);
let queue: LocalNotificationQueue;

beforeEach(async () => {
  await seed(ITEMS, ADS);
  await syncToTheEnd(db.ref);
  sandbox.notifications.hold();
  sandbox.notifications.take();
  forgetConnectedSeller();
  queue = useLocalNotificationQueue({ visibilityTimeoutMs: 10_000, log: () => undefined });
}, SLOW);

afterEach(() => {
  queue.stop();
  sandbox.notifications.hold(false);
  vi.restoreAllMocks();
});

/** Sales and receptions of a day; INV4's one sale is the notification a test may leave out. */
function recordDay(): { day: SandboxNotification[]; inv4Sale: SandboxNotification } {
  sandbox.record({ kind: "sale", adId: "MLB1", quantity: 3 });
  sandbox.record({ kind: "reception", adId: "MLB1", quantity: 5 });
  sandbox.record({ kind: "sale", adId: "MLB2", quantity: 4 });
  const before = sandbox.notifications.take();
  sandbox.record({ kind: "sale", adId: "MLB4", quantity: 6 });
  const [inv4Sale] = sandbox.notifications.take();
  sandbox.record({ kind: "sale", adId: "MLB1", quantity: 10 });
  return { day: [...before, inv4Sale!, ...sandbox.notifications.take()], inv4Sale: inv4Sale! };
}

async function deliver(notifications: readonly SandboxNotification[]): Promise<void> {
  for (const notification of notifications) {
    expect((await invoke(notificationsEndpoint, { method: "POST", path: "/marketplace/notifications", body: notification as object })).statusCode).toBe(200);
  }
  await queue.settled();
}

/** A sync to its end: its run as stored, and the drift each run published. */
async function reconcile(options: TestSync = {}) {
  const published = vi.spyOn(metrics, "addMetric");
  const result = await syncToTheEnd(db.ref, options);
  const run = await getRun(db.ref, result.run_id);
  const drift = published.mock.calls.filter(([name]) => name === "ReconciliationDrift").map(([, , value]) => value);
  published.mockRestore();
  return { run: run!, published: drift };
}

describe("the daily sync as reconciliation", () => {
  it("finds no drift after a day of operations whose notifications were all delivered, and publishes the 0", { timeout: SLOW }, async () => {
    await deliver(recordDay().day);

    const { run, published } = await reconcile();

    expect(run.state).toBe("succeeded");
    expect(run.drift).toEqual({ count: 0, inventories: [] });
    expect(published).toEqual([0]);
    const runs = await invoke(runsHandler, { path: "/full/sync/runs", query: { limit: "1" } });
    expect(runs.body.runs[0]).toMatchObject({ id: run.id, drift: { count: 0, inventories: [] } });
  });

  it("records the inventory a missed notification left behind, with the marketplace's stock expected and the stored one found", { timeout: SLOW }, async () => {
    // Prepare: every notification but INV4's sale reaches the service.
    const { day, inv4Sale } = recordDay();
    await deliver(day.filter((notification) => notification !== inv4Sale));

    // Act
    const { run, published } = await reconcile();

    // Assess: 10 available before the sale of 6; the sync's search reaches back 60 days, where the one reception is.
    expect(run.drift).toEqual({
      count: 1,
      inventories: [
        {
          inventory_id: "INV4",
          ad_id: "MLB4",
          expected: { available_qty: 4, in_transit_qty: 0, not_available_qty: 0, total_qty: 4, fifo_lots: [{ day: daysAgo(20), units: 4 }] },
          found: { available_qty: 10, in_transit_qty: 0, not_available_qty: 0, total_qty: 10, fifo_lots: [{ day: daysAgo(20), units: 6 }] },
        },
      ],
    });
    expect(published).toEqual([1]);
    // The run stored what it read, so the next one finds nothing.
    expect((await listInventory(db.ref, ALL_FIELDS)).find((record) => record.inventory_id === "INV4")).toMatchObject({ available_qty: 4 });
    expect((await reconcile()).run.drift).toEqual({ count: 0, inventories: [] });
  });

  it("does not count a record a notification wrote while the sync read the marketplace", { timeout: SLOW }, async () => {
    // Prepare: INV4's sale is in the marketplace; its notification arrives while the sync reads INV4's stock.
    const { day, inv4Sale } = recordDay();
    await deliver(day.filter((notification) => notification !== inv4Sale));
    let deliveredDuringRead = false;
    const duringStockRead: typeof fetch = async (input, init) => {
      const url = String(input instanceof Request ? input.url : input);
      if (!deliveredDuringRead && url.includes("/inventories/INV4/stock/fulfillment")) {
        deliveredDuringRead = true;
        await deliver([inv4Sale]);
      }
      return fetch(input, init);
    };

    // Act
    const { run } = await reconcile({ marketplace: { fetch: duringStockRead } });

    // Assess: the notification was applied during the run, and the sync left the same stock.
    expect(deliveredDuringRead).toBe(true);
    expect(run.drift).toEqual({ count: 0, inventories: [] });
    expect((await listInventory(db.ref, ALL_FIELDS)).find((record) => record.inventory_id === "INV4")).toMatchObject({ available_qty: 4, total_qty: 4 });
  });
});
