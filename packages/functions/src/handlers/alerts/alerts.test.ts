import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { Time } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { fullAd } from "#test/fixtures";
import { signatureValid, startReceiver, type Receiver } from "#test/webhooks";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { logger } from "#logging/logger";
import { deliveriesSettled } from "#services/alerts/queue";
import { DELIVERY_ATTEMPTS } from "../../config/alerts.js";
import { handler as postSync } from "../full/sync.js";
import { handler as listAlerts } from "./list.js";
import { handler as listEvents } from "./events.js";
import { handler as listSubscriptions } from "./subscriptions-list.js";
import { handler as createSubscription } from "./subscriptions-create.js";
import { handler as deleteSubscription } from "./subscriptions-delete.js";
import { handler as testSubscription } from "./subscriptions-test.js";
import { handler as listDeliveries } from "./deliveries.js";

const db = useTestTable("alerts", "file");

let sandbox: SandboxMarketplace;
let restoreEnv: () => void;
const receivers: Receiver[] = [];
const secrets: string[] = [];
const logged: string[] = [];

const today = (): string => Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date());
const daysAgo = (days: number): string => Time.addDays(today(), -days);

/** Three SKUs, 30 units each received `age` days ago, selling one a day: 30 days of cover, no stockout. */
const items = (age: number): SandboxItem[] =>
  ["A", "B", "C"].map((letter) => ({
    id: `MLB${letter}`,
    title: `Item ${letter}`,
    inventory_id: `INV-${letter}`,
    stock: { available: 30, total: 30 },
    receptions: [{ date: daysAgo(age), quantity: 30 }],
    sales: [{ date: daysAgo(3), quantity: 30 }],
  }));

async function subscribe(body: object): Promise<{ id: string; secret?: string }> {
  const answer = await invoke(createSubscription, { method: "POST", path: "/alerts/subscriptions", body });
  expect(answer.statusCode).toBe(201);
  if (answer.body.secret) secrets.push(answer.body.secret);
  return { id: answer.body.subscription.id, secret: answer.body.secret };
}

async function sync(): Promise<void> {
  const answer = await invoke(postSync, { method: "POST", path: "/full/sync" }, { timeoutMs: 60_000 });
  expect(answer.statusCode).toBe(200);
  await deliveriesSettled();
}

beforeAll(async () => {
  vi.stubEnv("ALERT_RETRY_BASE_MS", "1");
  vi.stubEnv("CONSOLE_URL", "http://127.0.0.1:3000/console/");
  vi.spyOn(logger, "info").mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args)));
  vi.spyOn(logger, "warn").mockImplementation((...args: unknown[]) => void logged.push(JSON.stringify(args)));
  sandbox = await startSandboxMarketplace({ seed: { items: items(80) } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
  await putAds(db.ref, ["A", "B", "C"].map((letter) => fullAd(`MLB${letter}`, { sku: `SKU-${letter}`, title: `Item ${letter}`, sales_30d: 30 })));
  await putCredential(db.ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });
});

afterEach(async () => {
  await deliveriesSettled();
});

afterAll(async () => {
  await Promise.all(receivers.map((receiver) => receiver.close()));
  await sandbox.stop();
  restoreEnv();
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("alerts after a sync, delivered to webhooks", () => {
  it("delivers one signed webhook listing exactly the three SKUs that crossed into aged stock, nothing to a stockout-only subscriber, and nothing when a sync changes nothing", async () => {
    // Prepare: two receivers; one wants everything, the other only stockouts.
    const everything = await startReceiver();
    const stockoutOnly = await startReceiver();
    receivers.push(everything, stockoutOnly);
    const all = await subscribe({ channel: "webhook", target: everything.url });
    await subscribe({ channel: "webhook", target: stockoutOnly.url, kinds: ["stockout"] });
    await sync(); // lots 80 days old: under the 90-day threshold
    const before = everything.requests.length;
    expect((await invoke(listAlerts, { path: "/alerts", query: { kind: "aged_stock" } })).body.count).toBe(0);

    // Act: the same stock, received 100 days ago
    sandbox.reseed({ items: items(100) });
    await sync();

    // Assess: one webhook, signed with the subscription's secret, naming exactly those SKUs
    const delivered = everything.requests.slice(before);
    expect(delivered).toHaveLength(1);
    const [webhook] = delivered;
    expect(signatureValid(webhook!.headers["x-signature"] as string, webhook!.body, all.secret!)).toBe(true);
    expect(signatureValid(webhook!.headers["x-signature"] as string, webhook!.body, "whsec_wrong")).toBe(false);
    expect(webhook!.headers["idempotency-key"]).toMatch(/^alerts_/);
    expect(webhook!.headers["content-type"]).toBe("application/json");
    const body = JSON.parse(webhook!.body);
    expect(body).toMatchObject({ id: webhook!.headers["idempotency-key"], type: "alerts", subscription_id: all.id, count: 3 });
    expect(body.groups.map((group: { kind: string }) => group.kind)).toEqual(["aged_stock"]);
    expect(body.groups[0].items.map((item: { sku: string }) => item.sku)).toEqual(["SKU-A", "SKU-B", "SKU-C"]);
    expect(body.groups[0].items[0]).toMatchObject({
      change: "opened",
      title: "Item A",
      coverage_days: 30,
      stockout_date: Time.addDays(today(), 30),
      link: "http://127.0.0.1:3000/console/#/estoque?q=SKU-A",
    });
    expect(stockoutOnly.requests).toEqual([]);

    // The open alerts and the log say the same
    const open = await invoke(listAlerts, { path: "/alerts", query: { kind: "aged_stock" } });
    expect(open.body.alerts.map((alert: { sku: string }) => alert.sku).sort()).toEqual(["SKU-A", "SKU-B", "SKU-C"]);
    expect(open.body.alerts[0]).toMatchObject({ severity: "warning", first_seen: expect.any(String), last_changed: expect.any(String) });
    const oneSku = await invoke(listAlerts, { path: "/alerts", query: { sku: "SKU-B" } });
    expect(oneSku.body.alerts.map((alert: { id: string }) => alert.id)).toEqual(["aged_stock:SKU-B"]);
    const log = await invoke(listEvents, { path: "/alerts/events", query: { kind: "aged_stock" } });
    expect(log.body.events.map((event: { change: string; sku: string }) => `${event.change} ${event.sku}`).sort()).toEqual(["opened SKU-A", "opened SKU-B", "opened SKU-C"]);

    // Act again: nothing changed
    await sync();

    // Assess: nothing more delivered, nothing more recorded
    expect(everything.requests.slice(before)).toHaveLength(1);
    expect(stockoutOnly.requests).toEqual([]);
    expect((await invoke(listEvents, { path: "/alerts/events", query: { kind: "aged_stock" } })).body.count).toBe(3);
  });

  it("writes the webhook's labels and messages in the subscription's language (pt-BR unless it chose en), and the alerts in the request's language", async () => {
    // Prepare: one subscription without a language, one in English; the lots cross into aged stock
    const ptBr = await startReceiver();
    const en = await startReceiver();
    receivers.push(ptBr, en);
    const defaulted = await subscribe({ channel: "webhook", target: ptBr.url, kinds: ["aged_stock"] });
    await subscribe({ channel: "webhook", target: en.url, kinds: ["aged_stock"], language: "en" });
    sandbox.reseed({ items: items(80) });
    await sync();

    // Act
    sandbox.reseed({ items: items(120) });
    await sync();

    // Assess: each payload in one language, codes and params beside the texts
    const listed = await invoke(listSubscriptions, { path: "/alerts/subscriptions" });
    expect(listed.body.subscriptions.find((s: { id: string }) => s.id === defaulted.id)).toMatchObject({ language: "pt-BR" });
    const [portuguese] = ptBr.requests.map((request) => JSON.parse(request.body));
    expect(portuguese).toMatchObject({ language: "pt-BR", groups: [{ kind: "aged_stock", label: "Estoque envelhecido" }] });
    expect(portuguese.groups[0].items[0]).toMatchObject({
      message: "30 unidades passaram do limite de estoque antigo; as mais antigas têm 91–120 dias",
      message_detail: { code: "alert_aged_stock", params: { aged_units: 30, oldest_bucket: "91-120" }, text: "30 unidades passaram do limite de estoque antigo; as mais antigas têm 91–120 dias" },
    });
    const [english] = en.requests.map((request) => JSON.parse(request.body));
    expect(english).toMatchObject({ language: "en", groups: [{ kind: "aged_stock", label: "Aged stock" }] });
    expect(english.groups[0].items[0]).toMatchObject({
      message: "30 units past the aged threshold, the oldest 91–120 days old",
      message_detail: { code: "alert_aged_stock", params: { aged_units: 30, oldest_bucket: "91-120" }, text: "30 units past the aged threshold, the oldest 91–120 days old" },
    });

    // The open alerts: pt-BR without a header and with pt-BR, English with en
    for (const headers of [undefined, { "accept-language": "pt-BR" }]) {
      const answer = await invoke(listAlerts, { path: "/alerts", query: { sku: "SKU-A" }, headers });
      expect(answer.headers["content-language"]).toBe("pt-BR");
      expect(answer.headers.vary).toMatch(/Accept-Language/);
      expect(answer.body.alerts[0]).toMatchObject({ message: "30 unidades passaram do limite de estoque antigo; as mais antigas têm 91–120 dias", message_detail: { code: "alert_aged_stock" } });
    }
    const inEnglish = await invoke(listAlerts, { path: "/alerts", query: { sku: "SKU-A" }, headers: { "accept-language": "en" } });
    expect(inEnglish.headers["content-language"]).toBe("en");
    expect(inEnglish.body.alerts[0]).toMatchObject({ message: "30 units past the aged threshold, the oldest 91–120 days old", message_detail: { code: "alert_aged_stock", text: "30 units past the aged threshold, the oldest 91–120 days old" } });
    const events = await invoke(listEvents, { path: "/alerts/events", query: { sku: "SKU-A", limit: "1" }, headers: { "accept-language": "en-US,en;q=0.9" } });
    expect(events.body.events[0].message).toBe("30 units past the aged threshold, the oldest 91–120 days old");
  });

  it("retries a receiver that answers 500 with the same Idempotency-Key, then shows the subscription failing; no secret in the delivery log", async () => {
    // Prepare
    const broken = await startReceiver(500);
    receivers.push(broken);
    const subscription = await subscribe({ channel: "webhook", target: broken.url, format: "slack" });

    // Act: the console's "send test" button
    const queued = await invoke(testSubscription, { method: "POST", path: `/alerts/subscriptions/${subscription.id}/test`, pathParameters: { id: subscription.id } });
    await deliveriesSettled();

    // Assess
    expect(queued.statusCode).toBe(202);
    expect(broken.requests).toHaveLength(DELIVERY_ATTEMPTS);
    expect(new Set(broken.requests.map((request) => request.headers["idempotency-key"]))).toEqual(new Set([queued.body.delivery_id]));
    expect(broken.requests.every((request) => signatureValid(request.headers["x-signature"] as string, request.body, subscription.secret!))).toBe(true);
    // Slack's payload: text and blocks
    expect(JSON.parse(broken.requests[0]!.body)).toMatchObject({ text: expect.stringMatching(/^Alertas do fulfillment: /), blocks: expect.any(Array) });
    const listed = await invoke(listSubscriptions, { path: "/alerts/subscriptions" });
    expect(listed.body.subscriptions.find((s: { id: string }) => s.id === subscription.id)).toMatchObject({ status: "failing", last_failure: `the receiver answered 500 after ${DELIVERY_ATTEMPTS} attempts` });
    const deliveries = await invoke(listDeliveries, { path: "/alerts/deliveries", query: { subscription_id: subscription.id } });
    expect(deliveries.body.deliveries.map((d: { attempt: number; result: string; status_code: number }) => [d.attempt, d.result, d.status_code])).toEqual([
      [5, "dead_letter", 500],
      [4, "retrying", 500],
      [3, "retrying", 500],
      [2, "retrying", 500],
      [1, "retrying", 500],
    ]);
    const everyLog = JSON.stringify((await invoke(listDeliveries, { path: "/alerts/deliveries", query: { limit: "1000" } })).body) + JSON.stringify(listed.body) + logged.join("\n");
    expect(secrets.length).toBeGreaterThanOrEqual(3);
    for (const secret of secrets) expect(everyLog).not.toContain(secret);

    // A receiver that answers again makes the subscription active
    broken.status = 204;
    await invoke(testSubscription, { method: "POST", path: `/alerts/subscriptions/${subscription.id}/test`, pathParameters: { id: subscription.id } });
    await deliveriesSettled();
    expect((await invoke(listSubscriptions, { path: "/alerts/subscriptions" })).body.subscriptions.find((s: { id: string }) => s.id === subscription.id)).toMatchObject({ status: "active", last_failure: null });
  });
});

describe("subscriptions", () => {
  it("refuses a target outside this machine over http, an unknown kind or field, storing nothing", async () => {
    const count = async () => (await invoke(listSubscriptions, { path: "/alerts/subscriptions" })).body.subscriptions.length;
    const before = await count();
    for (const [body, error] of [
      [{ channel: "webhook", target: "http://example.com/hook" }, /^target deve ser uma URL https/],
      [{ channel: "webhook", target: "https://example.com/hook", kinds: ["everything"] }, /kinds/],
      [{ channel: "email", target: "not-an-address" }, /e-mail/],
      [{ channel: "webhook", target: "https://example.com/hook", digest_hour: 25, delivery: "digest" }, /digest_hour/],
      [{ channel: "webhook", target: "https://example.com/hook", extra: 1 }, /^Campo desconhecido "extra"$/],
      [{ channel: "webhook", target: "https://example.com/hook", language: "fr" }, /^language deve ser um de pt-BR, en$/],
      ["not json", /^O corpo deve ser um objeto JSON com channel e target$/],
    ] as const) {
      const answer = await invoke(createSubscription, { method: "POST", path: "/alerts/subscriptions", body });
      expect(answer.statusCode).toBe(400);
      expect(answer.body).toEqual({ success: false, error: expect.stringMatching(error) });
    }
    expect(await count()).toBe(before);
  });

  it("answers an e-mail subscription without a secret, lists it, and deletes it once", async () => {
    const created = await invoke(createSubscription, { method: "POST", path: "/alerts/subscriptions", body: { channel: "email", target: "ops@example.com", delivery: "digest", digest_hour: 7, min_severity: "warning" } });
    expect(created.statusCode).toBe(201);
    expect(created.body).toEqual({
      success: true,
      subscription: expect.objectContaining({ channel: "email", target: "ops@example.com", delivery: "digest", digest_hour: 7, min_severity: "warning", status: "active", kinds: expect.arrayContaining(["stockout", "aged_stock"]) }),
    });
    const id = created.body.subscription.id;
    expect((await invoke(deleteSubscription, { method: "DELETE", path: `/alerts/subscriptions/${id}`, pathParameters: { id } })).statusCode).toBe(200);
    expect((await invoke(deleteSubscription, { method: "DELETE", path: `/alerts/subscriptions/${id}`, pathParameters: { id } })).statusCode).toBe(404);
  });

  it("refuses an unknown kind filter on the alerts", async () => {
    const answer = await invoke(listAlerts, { path: "/alerts", query: { kind: "nope" } });
    expect(answer.statusCode).toBe(400);
    expect(answer.body.error).toMatch(/^kind deve ser um de aged_stock, .*, não "nope"$/);
    const inEnglish = await invoke(listAlerts, { path: "/alerts", query: { kind: "nope" }, headers: { "accept-language": "en" } });
    expect(inEnglish.body.error).toMatch(/^kind must be one of aged_stock, .*, not "nope"$/);
    expect(inEnglish.headers).toMatchObject({ "content-language": "en", vary: expect.stringMatching(/Accept-Language/) });
  });
});
