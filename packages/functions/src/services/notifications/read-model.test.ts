/**
 * The read model after stock operations: an operation moves the overview's sums in its own write,
 * so GET /full/overview keeps answering from the view (never stale: the figures of every operation
 * whose write returned), and the detail shows the operation from its ad's partition. Both are
 * compared with what the collections give (the live path, what a full rebuild builds).
 */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Overview, Time, type Ad } from "@fulfillment/core";
import type { SandboxItem, SandboxNotification } from "@fulfillment/local/sandbox/index";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "@fulfillment/local/notifications/queue";
import { fullAd } from "#test/fixtures";
import { invoke } from "#test/events";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { useTestTable } from "#test/table";
import { listAllAds, putAds } from "#storage/ads";
import { markChanged, readState } from "#storage/changes";
import { listInventory } from "#storage/inventory";
import { handler as notificationsEndpoint } from "../../handlers/marketplace/notifications.js";
import { liveDetail, readDetail } from "../read-model/detail.js";
import type { InventoryList } from "@fulfillment/core";
import { liveOverview, overviewView, readOverviewWithWarnings } from "../read-model/overview.js";
import { listView, liveInventoryList, readInventoryList } from "../read-model/inventory-list.js";
import { adHeadersView } from "../read-model/detail.js";
import { marksAttribute } from "#storage/read-model";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Entities } from "#storage/keys";
import { refreshReadModel } from "../read-model/refresh.js";
import { currentView, readPaths, resetReadPaths } from "../read-model/view.js";
import { forgetConnectedSeller } from "./intake.js";
import { notificationCounts, resetNotificationCounts } from "./tally.js";
import { businessDayClearOfMidnight } from "#test/business-day";

const TODAY = await businessDayClearOfMidnight("America/Sao_Paulo");
const daysAgo = (days: number): string => Time.addDays(TODAY, -days);
const SLOW = 120_000;

/** Old lots (aged stock), a SKU about to run out, two variations, units in transit and damaged. */
const ITEMS: SandboxItem[] = [
  { id: "MLB1", sku: "SKU-1", inventory_id: "INV1", stock: { available: 20 }, receptions: [{ date: daysAgo(120), quantity: 12 }, { date: daysAgo(10), quantity: 8 }] },
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
  { id: "MLB4", sku: "SKU-4", inventory_id: "INV4", stock: { available: 10 }, receptions: [{ date: daysAgo(200), quantity: 10 }] },
];
// Costs with six decimals: the immobilized value moves by exact units.
const ADS: Ad[] = ITEMS.map((item, i) => fullAd(item.id, { sku: item.sku ?? null, sales_30d: 30 * (i + 1), cost: 10.123457 * (i + 1) }));

const db = useTestTable("notifications-read-model", "test");
const { sandbox, seed } = useSyncSandbox(db);
let queue: LocalNotificationQueue;

beforeEach(async () => {
  await seed(ITEMS, ADS);
  await syncToTheEnd(db.ref);
  sandbox.notifications.hold();
  sandbox.notifications.take();
  resetNotificationCounts();
  forgetConnectedSeller();
  queue = useLocalNotificationQueue({ visibilityTimeoutMs: 5_000, log: () => undefined });
}, SLOW);

afterEach(() => {
  queue.stop();
  sandbox.notifications.hold(false);
});

/** Sales that take SKU-1 under 14 days of coverage and empty its aged lot, SKU-4 sold out, a reception. */
function recordDay(): SandboxNotification[] {
  sandbox.record({ kind: "sale", adId: "MLB1", quantity: 15 });
  sandbox.record({ kind: "sale", adId: "MLB2", quantity: 4 });
  sandbox.record({ kind: "reception", adId: "MLB3", quantity: 3, inventoryId: "V32" });
  sandbox.record({ kind: "sale", adId: "MLB4", quantity: 10 });
  sandbox.record({ kind: "reception", adId: "MLB2", quantity: 2 });
  sandbox.record({ kind: "sale", adId: "MLB3", quantity: 1, inventoryId: "V31" });
  return sandbox.notifications.take();
}

async function deliver(notifications: readonly SandboxNotification[]): Promise<void> {
  for (const notification of notifications) {
    const answer = await invoke(notificationsEndpoint, { method: "POST", path: "/marketplace/notifications", body: notification as unknown as object });
    expect(answer.statusCode).toBe(200);
  }
  await queue.settled();
}

const overviewBody = async (): Promise<unknown> => {
  const body = await readOverviewWithWarnings(db.ref, "pt-BR");
  return "text" in body ? JSON.parse(body.text) : body;
};
const overviewReads = (): { view: number; live: number } => readPaths[overviewView.name] ?? { view: 0, live: 0 };
const listReads = (): { view: number; live: number } => readPaths[listView.name] ?? { view: 0, live: 0 };

const listBody = async (query: InventoryList.InventoryQuery): Promise<unknown> => {
  const body = await readInventoryList(db.ref, query);
  return "text" in body ? JSON.parse(body.text) : body;
};

/** The overview a full rebuild gives: computed from every stored record. */
async function rebuiltOverview(): Promise<Overview.OverviewBody> {
  const [inventory, ads] = await Promise.all([listInventory(db.ref), listAllAds(db.ref)]);
  return Overview.computeOverview(inventory, new Map(ads.map((ad) => [ad.id, ad])), Time.DEFAULT_TIME_ZONE);
}

describe("the read model after stock operations", () => {
  it("answers the overview from its view, with every operation's figures, as a full rebuild does", { timeout: SLOW }, async () => {
    // Prepare: the sync left the view current.
    expect(currentView(await readState(db.ref), overviewView)).toBeDefined();
    const before = await rebuiltOverview();

    // Act
    await deliver(recordDay());
    resetReadPaths();
    const body = await overviewBody();

    // Assess
    expect(notificationCounts().applied).toBe(6);
    expect(currentView(await readState(db.ref), overviewView)).toBeDefined();
    expect(overviewReads()).toEqual({ view: 1, live: 0 });
    const rebuilt = await rebuiltOverview();
    expect(rebuilt).not.toEqual(before);
    expect(rebuilt).toMatchObject({ summary: { units_available: 20 - 15 + 9 - 4 + 2 + 6 - 1 + 4 + 3 + 0 } });
    expect(body).toMatchObject(rebuilt);
    expect(body).toEqual({ ...(await liveOverview(db.ref)), warnings: expect.any(Array) });
  });

  it("answers the inventory list from its view, the operations' inventories read from their records, as the live path does", { timeout: SLOW }, async () => {
    await deliver(recordDay());
    const queries: InventoryList.InventoryQuery[] = [
      { sortBy: "coverage", alertsOnly: false },
      { sortBy: "available", alertsOnly: false },
      { sortBy: "aged", alertsOnly: true },
    ];

    resetReadPaths();
    const bodies = await Promise.all(queries.map(listBody));

    const state = await readState(db.ref);
    expect(currentView(state, listView)).toBeDefined();
    expect(currentView(state, adHeadersView)).toBeDefined();
    expect([...(state[marksAttribute(listView.name)] as Set<string>)].sort()).toEqual(["INV1", "INV2", "INV4", "V31", "V32"]);
    expect(listReads()).toEqual({ view: 3, live: 0 });
    expect(bodies).toEqual(await Promise.all(queries.map((query) => liveInventoryList(db.ref, query))));
    expect(bodies[0]).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ inventory_id: "INV1", available_qty: 5, is_low_coverage: true })]) });

    // A rebuild (another write made the view stale) takes the records as they are and empties the marks.
    await markChanged(db.ref, "metrics");
    await refreshReadModel(db.ref, { views: ["list"] });
    expect((await readState(db.ref))[marksAttribute(listView.name)]).toBeUndefined();
    expect(await listBody(queries[0]!)).toEqual(bodies[0]);
  });

  it("leaves the list stale once its marks are full, applying every operation and keeping the overview current", { timeout: SLOW }, async () => {
    // Prepare: the list's marks at their cap of 1,000, INV2 among them.
    const full = new Set(["INV2", ...Array.from({ length: 999 }, (_, i) => `OTHER${i}`)]);
    await db.ref.doc.send(
      new UpdateCommand({ TableName: db.ref.table, Key: Entities.read_model.key(), UpdateExpression: "SET #m = :m", ExpressionAttributeNames: { "#m": marksAttribute(listView.name) }, ExpressionAttributeValues: { ":m": full } }),
    );

    // Act: an operation on a marked inventory, then one on an unmarked one.
    sandbox.record({ kind: "sale", adId: "MLB2", quantity: 1 });
    await deliver(sandbox.notifications.take());
    const stillCurrent = currentView(await readState(db.ref), listView) !== undefined;
    sandbox.record({ kind: "sale", adId: "MLB4", quantity: 1 });
    await deliver(sandbox.notifications.take());

    // Assess
    expect(stillCurrent).toBe(true);
    expect(notificationCounts().applied).toBe(2);
    const state = await readState(db.ref);
    expect(currentView(state, listView)).toBeUndefined();
    expect(currentView(state, overviewView)).toBeDefined();
    resetReadPaths();
    const body = await listBody({ sortBy: "coverage", alertsOnly: false });
    expect(listReads()).toEqual({ view: 0, live: 1 });
    expect(body).toMatchObject({ items: expect.arrayContaining([expect.objectContaining({ inventory_id: "INV4", available_qty: 9 })]) });
  });

  it("shows an operation in the ad's detail as the chained reads of its records do", { timeout: SLOW }, async () => {
    await deliver(recordDay());

    const [detail, live] = await Promise.all([readDetail(db.ref, "MLB1"), liveDetail(db.ref, "MLB1")]);

    expect(detail).toEqual(live);
    expect(detail.inventories).toMatchObject([{ inventory_id: "INV1", available_qty: 5 }]);
    expect(detail.daily_series.at(-1)).toEqual({ date: TODAY, available: 5, in_transit: 0, not_available: 0 });
  });

  it("leaves a stale view stale, answered live, and a rebuild then agrees with the patched figures of later operations", { timeout: SLOW }, async () => {
    // Prepare: an ad's cost changes; its write makes the view stale until a rebuild.
    await putAds(db.ref, [{ ...ADS[0]!, cost: 99.5 }]);

    // Act: operations on the stale view, then a rebuild, then more operations.
    sandbox.record({ kind: "sale", adId: "MLB1", quantity: 2 });
    await deliver(sandbox.notifications.take());
    resetReadPaths();
    const staleAnswer = await overviewBody();
    const stale = overviewReads();
    await refreshReadModel(db.ref);
    sandbox.record({ kind: "sale", adId: "MLB1", quantity: 3 });
    sandbox.record({ kind: "reception", adId: "MLB4", quantity: 7 });
    await deliver(sandbox.notifications.take());
    resetReadPaths();
    const patched = await overviewBody();

    // Assess
    expect(stale).toEqual({ view: 0, live: 1 });
    expect(staleAnswer).toMatchObject({ summary: { units_available: 18 + 9 + 10 + 10 } });
    expect(overviewReads()).toEqual({ view: 1, live: 0 });
    expect(patched).toMatchObject(await rebuiltOverview());
    expect(patched).toMatchObject({ summary: { units_available: 15 + 9 + 10 + 17 } });
  });

  it("does not patch a view whose inputs moved while the operation was applied: the write leaves it stale", { timeout: SLOW }, async () => {
    // Prepare: another writer's bump of the ads (its write landed) with the view otherwise current.
    await markChanged(db.ref, "ads");
    await refreshReadModel(db.ref, { views: ["overview"] });
    await markChanged(db.ref, "ads");

    sandbox.record({ kind: "sale", adId: "MLB2", quantity: 1 });
    await deliver(sandbox.notifications.take());
    resetReadPaths();
    const body = await overviewBody();

    expect(overviewReads()).toEqual({ view: 0, live: 1 });
    expect(body).toMatchObject(await rebuiltOverview());
  });
});
