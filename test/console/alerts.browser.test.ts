/**
 * The console's Alertas screen and bell in a real browser, against the service as `npm start`
 * starts it (demo data, whose alerts it derives at start): the open alerts and the event log as
 * the API answers them, the bell's count of alerts new since the last visit, and "Enviar teste",
 * which delivers a signed webhook to a receiver on this machine; its three tables framed and
 * headed as the other screens' tables are.
 */
import { createHmac } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startConsole, stopConsole } from "#test/console";
import type { RunningService } from "@fulfillment/local/engine/service-process";

let service: RunningService;
let browser: Browser;
let page: Page;
let receiver: Server;
let receiverUrl: string;
const received: { headers: IncomingHttpHeaders; body: string }[] = [];

async function api<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${service.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

type TableLook = Record<"frame" | "table" | "header" | "cell", Record<string, string>>;

/**
 * Run in the page (the test's TypeScript has no DOM types): the computed look of a table named by
 * data-table — its frame, its border and background, its first header cell and first body cell.
 */
const tableLook = (name: string): Promise<TableLook> =>
  page.evaluate<TableLook>(`(() => {
    const table = document.querySelector('table[data-table="${name}"]');
    const pick = (element, properties) => {
      const style = getComputedStyle(element);
      return Object.fromEntries(properties.map((property) => [property, style.getPropertyValue(property)]));
    };
    const edges = ["border-top-width", "border-top-style", "border-top-color", "border-bottom-width", "border-bottom-style", "border-bottom-color"];
    return {
      frame: { ...pick(table.parentElement, ["overflow-x", "max-width"]), role: table.parentElement.getAttribute("role") },
      table: pick(table, [...edges, "border-left-width", "border-top-left-radius", "border-collapse", "background-color"]),
      header: pick(table.querySelector("thead th"), ["background-color", "font-weight", "font-size", "padding-top", "padding-left", ...edges]),
      cell: pick(table.querySelector("tbody td"), ["padding-top", "padding-left", "font-size", ...edges]),
    };
  })()`);
const bell = async (): Promise<string | null> => page.locator("a.bell").getAttribute("data-bell");

beforeAll(async () => {
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      received.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  receiverUrl = `http://127.0.0.1:${(receiver.address() as AddressInfo).port}/alertas`;
  ({ service, browser, page } = await startConsole());
}, 120_000);

afterAll(async () => {
  await stopConsole({ service, browser });
  await new Promise((resolve) => receiver.close(resolve));
});

describe("Alertas", { timeout: 120_000 }, () => {
  it("counts the new alerts on the bell, lists the open alerts and the log as the API does, and marks them seen", async () => {
    // Prepare: what the API says
    const open = await api<{ count: number; alerts: { id: string; sku: string | null }[] }>("/alerts");
    const events = await api<{ count: number }>("/alerts/events?limit=50");
    expect(open.body.count).toBeGreaterThan(0);

    // Act: a first visit elsewhere, then the alerts screen
    await page.goto(`${service.url}/console/?v=1#/visao-geral`);
    await poll(bell).toBe(String(open.body.count));
    await expect.poll(() => page.locator("a.bell").getAttribute("aria-label")).toBe(`Alertas: ${open.body.count} novos`);
    await page.click("a.bell");

    // Assess
    await page.waitForSelector('main.content[data-screen="alertas"] table[data-table="open-alerts"]');
    expect(await page.locator('table[data-table="open-alerts"] tbody tr').count()).toBe(open.body.count);
    const shownIds = await page.$$eval('table[data-table="open-alerts"] tbody tr', (rows) => rows.map((row) => row.getAttribute("data-alert")));
    expect(shownIds).toEqual(open.body.alerts.map((alert) => alert.id));
    const first = open.body.alerts[0]!;
    expect(await page.locator(`tr[data-alert="${first.id}"] td`).first().textContent()).toBe(first.sku ?? "Sincronização");
    await page.waitForSelector('table[data-table="alert-events"]');
    expect(await page.locator('table[data-table="alert-events"] tbody tr').count()).toBe(events.body.count);
    // Seen: the bell goes to zero, and stays there on the next screen
    await poll(bell).toBe("0");
    await page.click('a[data-nav="visao-geral"]');
    await page.waitForSelector('main.content[data-screen="visao-geral"]');
    await poll(bell).toBe("0");
  });

  it("sends a test message from a subscription's row: a signed webhook reaches the receiver, and the log shows it delivered", async () => {
    // Prepare
    const created = await api<{ subscription: { id: string }; secret: string }>("/alerts/subscriptions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: "webhook", target: receiverUrl, kinds: ["aged_stock", "stockout"] }),
    });
    expect(created.status).toBe(201);
    const id = created.body.subscription.id;

    // Act
    await page.goto(`${service.url}/console/?v=2#/alertas`);
    const row = page.locator(`tr[data-subscription="${id}"]`);
    await row.waitFor();
    expect(await row.locator("td").nth(3).textContent()).toBe("Imediata");
    expect(await row.locator("td").nth(4).textContent()).toBe("Ativa");
    await row.locator('button[data-action="send-test"]').click();

    // Assess
    await page.waitForSelector('p.notice[role="status"]');
    expect(await page.locator('p.notice[role="status"]').textContent()).toBe(`Teste enviado para ${receiverUrl}.`);
    await poll(async () => received.length).toBe(1);
    const [request] = received;
    const [, t, v1] = /^t=(\d+),v1=([0-9a-f]{64})$/.exec(String(request!.headers["x-signature"]))!;
    expect(v1).toBe(createHmac("sha256", created.body.secret).update(`${t}.${request!.body}`).digest("hex"));
    const body = JSON.parse(request!.body);
    expect(body).toMatchObject({ type: "test", subscription_id: id, id: request!.headers["idempotency-key"] });
    expect(body.groups.every((group: { kind: string }) => ["aged_stock", "stockout"].includes(group.kind))).toBe(true);
    await poll(async () => (await api<{ deliveries: { result: string }[] }>(`/alerts/deliveries?subscription_id=${id}`)).body.deliveries.map((d) => d.result)).toEqual(["delivered"]);
  });

  it("frames and heads its three tables as the other screens' tables are", async () => {
    // Prepare: a subscription, so the subscriptions table is shown; another screen's table
    const created = await api("/alerts/subscriptions", {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ channel: "webhook", target: receiverUrl, kinds: ["stockout"] }),
    });
    expect(created.status).toBe(201);
    await page.goto(`${service.url}/console/?v=3#/tarifas`);
    await page.waitForSelector('table[data-table="tariffs"] tbody td');
    const reference = await tableLook("tariffs");

    // Act
    await page.goto(`${service.url}/console/?v=4#/alertas`);
    for (const name of ["open-alerts", "alert-events", "subscriptions"]) await page.waitForSelector(`table[data-table="${name}"] tbody td`);
    const looks = { "open-alerts": await tableLook("open-alerts"), "alert-events": await tableLook("alert-events"), subscriptions: await tableLook("subscriptions") };

    // Assess: a frame that scrolls, a bordered table with a shaded header row, as on Tarifas
    expect(reference.table["border-top-style"]).toBe("solid");
    expect(reference.header["background-color"]).not.toBe(reference.table["background-color"]);
    expect(looks).toEqual({ "open-alerts": reference, "alert-events": reference, subscriptions: reference });
  });
});
