/**
 * The console keeps an open screen current, in a real browser against the service as `npm start`
 * starts it (demo data, the built-in sandbox marketplace notifying the service): a sale recorded
 * in the sandbox reaches the overview and the inventory list without a reload, through polls that
 * the service answers 304 while nothing changed, a failed poll leaving the figures shown; and each
 * screen says how fresh its figures are ("atualizado há 3 min", the date and time in its title),
 * legibly at 1280 and 390 px.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "@fulfillment/client";
import { readSandboxAddress } from "@fulfillment/local/sandbox/address";
import { formatNumber } from "@fulfillment/web/format";
import { startConsole, stopConsole } from "#test/console";
import type { RunningService } from "@fulfillment/local/engine/service-process";

let service: RunningService;
let browser: Browser;
let page: Page;
let sandboxUrl: string;

type Overview = Schema<"OverviewWithData">;
type InventoryList = Schema<"InventoryListResponse">;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${service.url}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

/** A sale recorded in the sandbox marketplace, as `npm run sandbox -- sale <ad_id> <qty>` records it. */
async function recordSale(adId: string, quantity: number): Promise<void> {
  const response = await fetch(`${sandboxUrl}/_sandbox/operations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "sale", ad_id: adId, quantity }),
  });
  expect(response.status).toBe(201);
}

/** The console's poll interval (web/src/live.ts). */
const POLL_INTERVAL_MS = 15_000;
/** Long enough for the notification to be applied and a poll to be answered. */
const SHOWN_WITHIN = { timeout: 30_000, interval: 250 };

/**
 * The page's clock jumps to its next poll instead of the test waiting 15 s for it: the page's
 * timers are the browser's own, moved by Playwright, so the console's code runs unchanged.
 */
const nextPoll = () => page.clock.fastForward(POLL_INTERVAL_MS);

const text = async (selector: string): Promise<string> => ((await page.locator(selector).first().textContent()) ?? "").trim();

/** A mark on the document: still there after the change only if the page was not loaded again. */
const markDocument = () => page.evaluate(() => void Object.assign(globalThis, { liveMark: "same document" }));
const documentMark = () => page.evaluate(() => (globalThis as { liveMark?: string }).liveMark);

// Strings run in the page: the test's TypeScript has no DOM types.
/** How many lines the freshness line's text is laid out over. */
const FRESHNESS_LINES = `(() => {
  const element = document.querySelector("[data-live-line] .freshness");
  return new Set([...element.getClientRects()].filter((box) => box.width > 0).map((box) => Math.round(box.top))).size;
})()`;
const PAGE_OVERFLOW = "document.documentElement.scrollWidth - window.innerWidth";

/** An ad of the demo with units to sell, and its one inventory record. */
async function sellableItem(exclude: string[] = []): Promise<InventoryList["items"][number]> {
  const list = await api<InventoryList>("/full/inventory?sort_by=available");
  const perAd = new Map<string, number>();
  for (const item of list.items) if (item.ad_id) perAd.set(item.ad_id, (perAd.get(item.ad_id) ?? 0) + 1);
  return list.items.find((item) => item.ad_id && item.sku && perAd.get(item.ad_id) === 1 && (item.available_qty ?? 0) >= 5 && !exclude.includes(item.ad_id))!;
}

const UNITS = '[data-figure="units_available"]';
const WALL_CLOCK_OR_INSTANT = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}/;
const FRESHNESS = /^atualizado (agora|há \d+ (min|h|dias?))$/;

beforeAll(async () => {
  ({ service, browser, page } = await startConsole());
  sandboxUrl = readSandboxAddress(Number(new URL(service.url).port))!;
  await page.clock.install();
  expect(sandboxUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/);
}, 120_000);

afterAll(() => stopConsole({ service, browser }));

describe("an open screen follows the stock", { timeout: 180_000 }, () => {
  it("the overview shows a sale recorded in the marketplace without a reload, after polls answered 304", async () => {
    // Prepare: the overview open, and one poll of it answered "not modified"
    const before = await api<Overview>("/full/overview");
    const item = await sellableItem();
    await page.goto(`${service.url}/console/#/visao-geral`);
    await expect.poll(() => text(UNITS), SHOWN_WITHIN).toBe(formatNumber(before.summary.units_available));
    expect(await text('[data-live-line] [data-freshness="overview"]')).toMatch(FRESHNESS);
    const notModified = page.waitForResponse((r) => r.url().endsWith("/full/overview") && r.status() === 304);
    await nextPoll();
    await notModified;
    await markDocument();

    // Act
    await recordSale(item.ad_id!, 3);

    // Assess: the service applied it, and the open screen shows it in the same document
    await expect.poll(async () => (await api<Overview>("/full/overview")).summary.units_available, SHOWN_WITHIN).toBe(before.summary.units_available - 3);
    const after = await api<Overview>("/full/overview");
    await nextPoll();
    await expect.poll(() => text(UNITS), SHOWN_WITHIN).toBe(formatNumber(after.summary.units_available));
    expect(await documentMark()).toBe("same document");
    const freshness = page.locator('[data-live-line] [data-freshness="overview"]');
    expect(await freshness.getAttribute("data-at")).toBe(after.updated_at);
    expect(Date.parse(after.updated_at!)).toBeGreaterThan(Date.parse(before.updated_at!));
    expect(((await freshness.textContent()) ?? "").trim()).toMatch(/^atualizado (agora|há 1 min)$/);
    expect(await freshness.getAttribute("title")).toMatch(/^Atualizado em \d{2}\/\d{2}\/\d{4}\u00a0\d{2}:\d{2}$/);
  });

  it("a failed check keeps the figures on screen and says so quietly; the next check recovers", async () => {
    // Prepare
    await page.goto(`${service.url}/console/#/visao-geral`);
    await page.waitForSelector('[data-live="idle"]');
    const shown = await text(UNITS);
    expect(shown).not.toBe("");

    // Act: the service cannot be reached for a while
    await page.route("**/full/overview", (route) => route.abort("connectionrefused"));
    await nextPoll();
    await page.waitForSelector('[data-live="failed"]');
    const duringFailure = await text(UNITS);
    const note = await text('[data-live="failed"]');
    await page.unroute("**/full/overview");
    await nextPoll();
    await page.waitForSelector('[data-live="idle"]');

    // Assess
    expect(duringFailure).toBe(shown);
    expect(note).toBe("sem resposta na última verificação; tentando de novo");
    expect(await text(UNITS)).toBe(shown);
    expect(await page.locator('[role="alert"]').count()).toBe(0);
  });

  it("the inventory list shows the new figure and its time on the sold item's row", async () => {
    // Prepare
    const item = await sellableItem();
    const row = `.vbody [data-inventory-id="${item.inventory_id}"]`;
    await page.goto(`${service.url}/console/#/estoque?q=${encodeURIComponent(item.sku!)}`);
    await expect.poll(() => text(`${row} [data-col="available_qty"]`), SHOWN_WITHIN).toBe(formatNumber(item.available_qty));
    expect(item.updated_at).toMatch(WALL_CLOCK_OR_INSTANT);
    expect(await page.getAttribute(`${row} [data-freshness="row"]`, "data-at")).toBe(item.updated_at);
    await markDocument();

    // Act
    await recordSale(item.ad_id!, 2);
    const applied = async () => (await api<InventoryList>(`/full/inventory?q=${encodeURIComponent(item.sku!)}`)).items.find((i) => i.inventory_id === item.inventory_id)?.available_qty;
    await expect.poll(applied, SHOWN_WITHIN).toBe(item.available_qty! - 2);
    await nextPoll();

    // Assess
    await expect.poll(() => text(`${row} [data-col="available_qty"]`), SHOWN_WITHIN).toBe(formatNumber(item.available_qty! - 2));
    expect(await documentMark()).toBe("same document");
    const stored = (await api<InventoryList>("/full/inventory")).items.find((i) => i.inventory_id === item.inventory_id)!;
    expect(await page.getAttribute(`${row} [data-freshness="row"]`, "data-at")).toBe(stored.updated_at);
    expect(await text(`${row} [data-freshness="row"]`)).toMatch(/^atualizado (agora|há 1 min)$/);
    expect(await text('[data-live-line] [data-freshness="inventory"]')).toMatch(/^atualizado (agora|há 1 min)$/);
  });
});

describe.each([1280, 390])("how fresh, at %i px", { timeout: 120_000 }, (width) => {
  beforeAll(() => page.setViewportSize({ width, height: 800 }));
  afterAll(() => page.setViewportSize({ width: 1280, height: 800 }));

  it.each(["visao-geral", "estoque", "anuncio"])("%s: says when its figures were updated, on one line, and the page does not scroll sideways", async (screen) => {
    // Prepare
    const hash = screen === "anuncio" ? `anuncio/${(await sellableItem()).ad_id}` : screen;

    // Act
    await page.goto(`${service.url}/console/?w=${width}#/${hash}`);
    const line = page.locator("[data-live-line] .freshness").first();
    await line.waitFor({ state: "visible" });

    // Assess
    expect(((await line.textContent()) ?? "").trim()).toMatch(FRESHNESS);
    expect(await page.evaluate<number>(FRESHNESS_LINES)).toBe(1);
    const box = (await line.boundingBox())!;
    expect(box.x + box.width).toBeLessThanOrEqual(width);
    expect(await page.evaluate<number>(PAGE_OVERFLOW)).toBeLessThanOrEqual(0);
  });
});
