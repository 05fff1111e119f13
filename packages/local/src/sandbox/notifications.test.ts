import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "./server.js";

/** The sandbox's stock operations and notifications: what `npm start` and the notification tests rely on. */

let sandbox: SandboxMarketplace;
let callback: Server;
let callbackUrl: string;
/** What the app's callback received, and the status it answers with. */
let received: Record<string, unknown>[] = [];
let answerStatus = 200;

beforeAll(async () => {
  callback = createServer((request, response) => {
    let body = "";
    request.on("data", (chunk: Buffer) => (body += chunk.toString("utf8")));
    request.on("end", () => {
      received.push(JSON.parse(body) as Record<string, unknown>);
      response.writeHead(answerStatus).end();
    });
  });
  await new Promise<void>((resolve) => callback.listen(0, "127.0.0.1", resolve));
  callbackUrl = `http://127.0.0.1:${(callback.address() as AddressInfo).port}/marketplace/notifications`;
  sandbox = await startSandboxMarketplace({
    seed: {
      items: [
        { id: "MLB1", inventory_id: "INVA", stock: { available: 5, not_available_detail: [{ status: "transfer", quantity: 2 }] }, receptions: [{ date: "2026-05-01", quantity: 5 }] },
        { id: "MLB2", variations: [{ id: 1, inventory_id: "INVB", stock: { available: 1 } }] },
      ],
    },
    notifications: { attempts: 2, retryDelayMs: () => 0 },
  });
});

afterEach(() => {
  received = [];
  answerStatus = 200;
  sandbox.notifications.sendTo(undefined);
  sandbox.notifications.hold(false);
  sandbox.notifications.take();
});

afterAll(async () => {
  await sandbox.stop();
  await new Promise<void>((resolve) => callback.close(() => resolve()));
});

const get = async (path: string) => {
  const response = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${sandbox.currentTokens().access_token}` } });
  return { status: response.status, body: (await response.json()) as any };
};

const record = async (body: unknown) => {
  const response = await fetch(`${sandbox.url}/_sandbox/operations`, { method: "POST", headers: { "content-type": "application/json" }, body: JSON.stringify(body) });
  return { status: response.status, body: (await response.json()) as any };
};

describe("stock operations", () => {
  it("records a sale: the stock falls, the operation carries the stock after it, and it is answered by id", async () => {
    // Act
    const { status, body } = await record({ type: "sale", ad_id: "MLB1", quantity: 2 });
    const stock = await get("/inventories/INVA/stock/fulfillment");
    const byId = await get(`/stock/fulfillment/operations/${body.operation.id}`);

    // Assess
    expect(status).toBe(201);
    expect(body).toMatchObject({ available_before: 5, available_after: 3 });
    expect(stock.body).toMatchObject({ available_quantity: 3, not_available_quantity: 2, total: 5 });
    expect(byId).toEqual({ status: 200, body: body.operation });
    expect(body.operation).toMatchObject({
      inventory_id: "INVA",
      type: "SALE_CONFIRMATION",
      detail: { available_quantity: -2 },
      result: { total: 5, available_quantity: 3, not_available_quantity: 2, not_available_detail: [{ status: "transfer", quantity: 2 }] },
    });
  });

  it("records a reception on an item's first variation, with an id above every earlier operation's", async () => {
    const earlier = sandbox.record({ kind: "sale", adId: "MLB1", quantity: 1 }).operation;

    const { body } = await record({ type: "reception", ad_id: "MLB2", quantity: 4 });

    expect(body.operation).toMatchObject({ inventory_id: "INVB", type: "INBOUND_RECEPTION", result: { available_quantity: 5 } });
    expect(body.operation.id).toBeGreaterThan(earlier.id);
    expect(Date.parse(body.operation.date_created)).toBeGreaterThanOrEqual(Date.parse(earlier.date_created));
  });

  it("refuses what no warehouse would record, and answers 404 for an operation it does not have", async () => {
    expect((await record({ type: "sale", ad_id: "MLB1", quantity: 999 })).status).toBe(400);
    expect((await record({ type: "sale", ad_id: "NOPE", quantity: 1 })).status).toBe(404);
    expect((await record({ type: "gift", ad_id: "MLB1", quantity: 1 })).status).toBe(400);
    expect((await record({ type: "sale", ad_id: "MLB1", quantity: 1.5 })).status).toBe(400);
    expect(await get("/stock/fulfillment/operations/1")).toMatchObject({ status: 404, body: { error: "not_found" } });
  });
});

describe("notifications", () => {
  it("posts one to the app's callback URL per operation, as the marketplace documents it", async () => {
    sandbox.notifications.sendTo(callbackUrl);

    const { operation } = sandbox.record({ kind: "sale", adId: "MLB1", quantity: 1 });
    await sandbox.notifications.settled();

    expect(received).toEqual([
      {
        _id: expect.any(String),
        resource: `/stock/fulfillment/operations/${operation.id}`,
        user_id: sandbox.sellerId,
        topic: "fbm_stock_operations",
        application_id: sandbox.clientId,
        attempts: 1,
        sent: expect.any(String),
        received: expect.any(String),
      },
    ]);
  });

  it("retries a refused notification, then lists it in the missed feed of its app", async () => {
    // Prepare
    sandbox.notifications.sendTo(callbackUrl);
    answerStatus = 500;

    // Act
    sandbox.changeItem("MLB1", { title: "Novo" });
    await sandbox.notifications.settled();
    const feed = await get(`/missed_feeds?app_id=${sandbox.clientId}`);

    // Assess
    expect(received.map((notification) => notification.attempts)).toEqual([1, 2]);
    expect(feed.status).toBe(200);
    expect(feed.body.messages.at(-1)).toMatchObject({ resource: "/items/MLB1", topic: "items", attempts: 2 });
    expect((await get("/missed_feeds?app_id=another")).status).toBe(403);
    expect((await get(`/missed_feeds?app_id=${sandbox.clientId}&topic=orders_v2`)).body).toMatchObject({ messages: [], total: 0 });
  });

  it("holds notifications for a test to deliver, and lists the ones it gives up on", async () => {
    sandbox.notifications.hold();

    sandbox.record({ kind: "reception", adId: "MLB1", quantity: 1 });
    const held = sandbox.notifications.take();
    sandbox.notifications.giveUp(held);

    expect(held).toHaveLength(1);
    expect(received).toEqual([]);
    expect((await get(`/missed_feeds?app_id=${sandbox.clientId}`)).body.messages).toContainEqual(expect.objectContaining({ _id: held[0]!._id }));
  });
});
