/** Notifications of several sellers: each taken for a connected seller and applied in that seller's scope. */
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { Time } from "@fulfillment/core";
import type { SandboxItem } from "@fulfillment/local/sandbox/index";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "@fulfillment/local/notifications/queue";
import { fullAd } from "#test/fixtures";
import { invoke } from "#test/events";
import { syncToTheEnd } from "#test/sync";
import { useSyncSandbox } from "#test/sync-sandbox";
import { useTestTable } from "#test/table";
import { putCredential } from "#storage/credentials";
import { ALL_FIELDS, listInventory } from "#storage/inventory";
import { withScope } from "#storage/scope";
import { registerSeller, type Seller } from "#storage/sellers";
import { handler as notificationsEndpoint } from "../../handlers/marketplace/notifications.js";
import { forgetConnectedSeller } from "./intake.js";
import { notificationCounts, resetNotificationCounts } from "./tally.js";
import { businessDayClearOfMidnight } from "#test/business-day";

const SLOW = 120_000;
const TODAY = await businessDayClearOfMidnight("America/Sao_Paulo");
const ITEMS: SandboxItem[] = [{ id: "MLB1", sku: "SKU-1", inventory_id: "INV1", stock: { available: 20 }, receptions: [{ date: Time.addDays(TODAY, -40), quantity: 20 }] }];

const db = useTestTable("notifications-sellers", "test");
const { sandbox, seed } = useSyncSandbox(db);
let queue: LocalNotificationQueue;
let first: Seller;
let served: Seller;

const post = (body: unknown) => invoke(notificationsEndpoint, { method: "POST", path: "/marketplace/notifications", body: body as object });
const stockOf = async (seller: Seller) => (await withScope(seller.scope, () => listInventory(db.ref, ALL_FIELDS))).map(({ inventory_id, available_qty }) => ({ inventory_id, available_qty }));

beforeEach(async () => {
  // The first seller is another account; the sandbox's seller is the second, in a scope of its own, synced there.
  first = await registerSeller(db.ref, { user_id: "999", nickname: "OUTRA" });
  await putCredential(db.ref, { provider: "mercadolivre", access_token: "APP_USR-other", refresh_token: "TG-other", user_id: 999 });
  served = await registerSeller(db.ref, { user_id: String(sandbox.sellerId), nickname: "LOJA" });
  await withScope(served.scope, async () => {
    await seed(ITEMS, [fullAd("MLB1", { sku: "SKU-1" })], undefined, { credential: false });
    const pair = sandbox.currentTokens();
    await putCredential(db.ref, { provider: "mercadolivre", access_token: pair.access_token, refresh_token: pair.refresh_token, user_id: sandbox.sellerId });
    await syncToTheEnd(db.ref);
  });
  sandbox.notifications.hold();
  sandbox.notifications.take();
  resetNotificationCounts();
  forgetConnectedSeller();
  queue = useLocalNotificationQueue({ visibilityTimeoutMs: 10_000, log: () => undefined });
}, SLOW);

afterEach(() => {
  queue.stop();
  sandbox.notifications.hold(false);
});

describe("notifications of several sellers", () => {
  it("takes a notification of a seller that is not the first and applies it in that seller's scope only", { timeout: SLOW }, async () => {
    // Prepare
    sandbox.record({ kind: "sale", adId: "MLB1", quantity: 3 });
    const notifications = sandbox.notifications.take();

    // Act
    for (const notification of notifications) expect((await post(notification)).statusCode).toBe(200);
    await queue.settled();

    // Assess
    expect(notifications.length).toBeGreaterThan(0);
    expect(notificationCounts()).toMatchObject({ queued: notifications.length, applied: notifications.length });
    expect(await stockOf(served)).toEqual([{ inventory_id: "INV1", available_qty: 17 }]);
    expect(await stockOf(first)).toEqual([]);
  });
});
