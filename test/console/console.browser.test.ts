/**
 * The operations console in a real browser against the service started as `npm start` starts it
 * (demo data, in-memory engine), with the marketplace answered by a sandbox this test controls.
 * Every screen is compared with what the API answers for the same question.
 */
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { calendarDay } from "@fulfillment/core/time";
import { generateDemoDataset } from "@fulfillment/local/demo/generate";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { seedFromDataset, startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { formatDateTime, formatDays, formatMoney, formatNumber, prefsFromGeneralSettings, type DisplayPrefs } from "@fulfillment/web/format";
import type { InventoryItem } from "@fulfillment/web/inventory-view";
import type { ReplenishmentItem } from "@fulfillment/web/shipments";
import { startService, stopService, type RunningService } from "#test/service";
import { launchBrowser, openContext } from "@fulfillment/local/browser";

const ZONE = "America/Sao_Paulo";

let service: RunningService;
let sandbox: SandboxMarketplace;
let browser: Browser;
let page: Page;
let prefs: DisplayPrefs;
const pageErrors: string[] = [];

async function api<T = any>(path: string, init?: RequestInit): Promise<{ status: number; body: T }> {
  const response = await fetch(`${service.url}${path}`, init);
  return { status: response.status, body: (await response.json()) as T };
}

/** Each screen's picture at 1280×800, for review (the folder is not committed). */
const SCREENSHOT_DIR = join(process.cwd(), "test-output", "console");
async function screenshot(page: Page, name: string): Promise<void> {
  mkdirSync(SCREENSHOT_DIR, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOT_DIR, `${name}.png`) });
}

let loads = 0;
/** Loads the console afresh at a screen (a new query string makes it a new document, not a hash change). */
const open = async (hash: string): Promise<void> => {
  loads += 1;
  await page.goto(`${service.url}/console/?load=${loads}${hash}`);
};

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 15_000 });

const text = async (selector: string): Promise<string> => ((await page.locator(selector).first().textContent()) ?? "").trim();

const renderedIds = (): Promise<string[]> =>
  page.$$eval(".vbody [data-inventory-id]", (rows) => rows.map((row) => row.getAttribute("data-inventory-id")!));

/** Waits until the rendered rows start with `ids` (as many as are rendered), and returns them. */
async function expectRowsToFollow(ids: string[]): Promise<string[]> {
  await poll(async () => (await renderedIds())[0] ?? null).toBe(ids[0] ?? null);
  const rendered = await renderedIds();
  expect(rendered).toEqual(ids.slice(0, rendered.length));
  return rendered;
}

/** Clicks a button that downloads a file and returns the file's text. */
async function download(selector: string): Promise<string> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return readFile((await file.path())!, "utf8");
}

const readCsv = (text: string): Record<string, string>[] =>
  parse(text, { bom: true, delimiter: ";", columns: true, skip_empty_lines: true, relax_quotes: false });

/** A CSV cell as the console writes a value of the API (decimal comma, empty for null). */
const cell = (value: unknown): string =>
  value === null || value === undefined ? "" : typeof value === "number" ? String(value).replace(".", ",") : String(value);

beforeAll(async () => {
  // The marketplace the service syncs from: the demo catalogue, accepting the demo credential.
  const demo = generateDemoDataset({ today: calendarDay(ZONE, new Date()) });
  const credential = demo.credentials.find((c) => c.provider === "mercadolivre")!;
  sandbox = await startSandboxMarketplace({
    host: "127.0.0.1",
    seed: seedFromDataset(demo, { today: calendarDay(ZONE, new Date()) }),
    tokens: { access_token: credential.access_token, refresh_token: credential.refresh_token },
  });
  [service, browser] = await Promise.all([
    startService({
      PORT: String(await freePort()),
      DYNAMODB_PORT: String(await freePort()),
      DEMO: "1",
      MARKETPLACE_API_URL: sandbox.url,
      MARKETPLACE_AUTH_URL: sandbox.authorizationUrl,
      MARKETPLACE_CLIENT_ID: sandbox.clientId,
      MARKETPLACE_CLIENT_SECRET: sandbox.clientSecret,
    }),
    launchBrowser(),
  ]);
  ({ page } = await openContext(browser, service.url, [sandbox.url]));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  prefs = prefsFromGeneralSettings((await api("/settings/geral")).body.data);
}, 120_000);

afterAll(async () => {
  await browser?.close();
  if (service) await stopService(service.child);
  await sandbox?.stop();
});

// Generous limits: the machine may be busy; a passing run takes a few seconds per test.
describe("operations console", { timeout: 90_000 }, () => {
  it("is served at /console/ with / redirecting there, next to the API and its reference", async () => {
    const root = await fetch(`${service.url}/`, { redirect: "manual" });
    expect(root.status).toBe(302);
    expect(root.headers.get("location")).toBe("/console/");
    expect((await fetch(`${service.url}/docs`)).status).toBe(200);
    expect((await api("/openapi.json")).body.openapi).toMatch(/^3\./);
    expect((await api("/full/overview")).body.has_data).toBe(true);

    await page.goto(`${service.url}/`);
    expect(new URL(page.url()).pathname).toBe("/console/");
    await page.waitForSelector("[data-overview-ready]");
    expect(await page.getAttribute("html", "lang")).toBe("pt-BR");
  });

  it("overview: the API's units, immobilized value and alerts as cards, alerts linking to the filtered list", async () => {
    const { summary, alerts } = (await api("/full/overview")).body;
    await open("#/visao-geral");
    await page.waitForSelector("[data-overview-ready]");
    for (const key of ["products_count", "inventories_count", "units_available", "units_in_transit", "units_not_available"]) {
      expect(await text(`[data-figure="${key}"]`)).toBe(formatNumber(summary[key]));
    }
    expect(await text('[data-figure="immobilized_value"]')).toBe(formatMoney(summary.immobilized_value, prefs.currency));
    for (const key of ["low_coverage", "aged_stock", "stranded"]) expect(await text(`[data-figure="${key}"]`)).toBe(formatNumber(alerts[key]));
    await screenshot(page, "visao-geral");

    await page.click('[data-alert="aged_stock"]');
    await page.waitForSelector(".vbody");
    expect(page.url()).toContain("alerta=envelhecido");
    expect(Number(await page.getAttribute("[data-count]", "data-count"))).toBe(alerts.aged_stock);
  });

  it("inventory: the API's rows and figures in each sort order, the alerts filter, search and CSV of what is shown", async () => {
    await open("#/estoque");
    for (const order of ["coverage", "aged", "available"]) {
      const { items } = (await api<{ items: InventoryItem[] }>(`/full/inventory?sort_by=${order}`)).body;
      await page.selectOption('select[name="ordem"]', order);
      const rendered = await expectRowsToFollow(items.map((item) => item.inventory_id));
      // Virtualised: fewer rows in the page than in the list, the count says how many there are.
      expect(rendered.length).toBeLessThan(items.length);
      expect(Number(await page.getAttribute("[data-count]", "data-count"))).toBe(items.length);
      const first = items[0]!;
      const row = `.vbody [data-inventory-id="${first.inventory_id}"]`;
      expect(await text(`${row} [data-col="sku"]`)).toBe(first.sku);
      expect(await text(`${row} [data-col="available_qty"]`)).toBe(formatNumber(first.available_qty));
      expect(await text(`${row} [data-col="in_transit_qty"]`)).toBe(formatNumber(first.in_transit_qty));
      expect(await text(`${row} [data-col="not_available_qty"]`)).toBe(formatNumber(first.not_available_qty));
      expect(await text(`${row} [data-col="days_of_stock"]`)).toBe(formatDays(first.days_of_stock));
      expect(await text(`${row} [data-col="oldest_stock_days"]`)).toBe(formatDays(first.oldest_stock_days));
      expect(await text(`${row} [data-col="storage_cost_unit"]`)).toBe(formatMoney(first.storage_cost_unit, prefs.currency));
    }
    await page.selectOption('select[name="ordem"]', "coverage");
    await screenshot(page, "estoque");

    // The alerts filter keeps exactly the API's alerts=1 rows.
    const flagged = (await api<{ items: InventoryItem[] }>("/full/inventory?sort_by=coverage&alerts=1")).body.items;
    await page.selectOption('select[name="alerta"]', "alertas");
    await poll(() => page.getAttribute("[data-count]", "data-count")).toBe(String(flagged.length));
    await expectRowsToFollow(flagged.map((item) => item.inventory_id));
    const badges = await page.$$eval(".vbody [data-inventory-id]", (rows) => rows.map((row) => row.querySelectorAll(".badge").length));
    expect(badges.every((count) => count > 0)).toBe(true);

    // CSV of what is shown: the API's alert rows, every field, in order.
    const csv = readCsv(await download('[data-action="export-csv"]'));
    expect(csv.map((row) => row.inventory_id)).toEqual(flagged.map((item) => item.inventory_id));
    for (const [i, item] of flagged.entries()) {
      for (const [field, value] of Object.entries(item)) expect(csv[i]![field], `${item.inventory_id}.${field}`).toBe(cell(value));
    }

    // Search by SKU or title, within the filter.
    const all = (await api<{ items: InventoryItem[] }>("/full/inventory?sort_by=coverage")).body.items;
    await page.selectOption('select[name="alerta"]', "todos");
    const sku = all.find((item) => item.sku)!.sku!;
    await page.fill('input[name="busca"]', sku.toLowerCase());
    const needle = sku.toLowerCase();
    const bySku = all.filter((item) => (item.sku ?? "").toLowerCase().includes(needle) || (item.title ?? "").toLowerCase().includes(needle));
    await poll(() => page.getAttribute("[data-count]", "data-count")).toBe(String(bySku.length));
    expect(await renderedIds()).toEqual(bySku.map((item) => item.inventory_id));
    await page.fill('input[name="busca"]', "ventilador");
    const byTitle = all.filter((item) => `${item.title ?? ""} ${item.sku ?? ""}`.toLowerCase().includes("ventilador"));
    await poll(() => page.getAttribute("[data-count]", "data-count")).toBe(String(byTitle.length));
    expect(byTitle.length).toBeGreaterThan(0);
    await page.fill('input[name="busca"]', "");
  });

  it("inventory: 10,000 rows stay a few dozen rows in the page, searchable and scrollable to the end", async () => {
    const base = (await api<{ items: InventoryItem[] }>("/full/inventory")).body.items[0]!;
    const items = Array.from({ length: 10_000 }, (_, i) => ({ ...base, inventory_id: `BIG${i}`, sku: `BIG-${i}`, title: `Item ${i}` }));
    const bigList = (url: URL) => url.pathname === "/full/inventory" && url.searchParams.get("sort_by") === "available";
    await page.route(bigList, (route) =>
      route.fulfill({ contentType: "application/json", body: JSON.stringify({ has_data: true, count: items.length, items }) }),
    );
    try {
      await open("#/estoque?ordem=available");
      await poll(() => page.getAttribute("[data-count]", "data-count")).toBe("10000");
      expect((await renderedIds()).length).toBeLessThan(60);
      await page.$eval(".vbody", (body) => (body.scrollTop = body.scrollHeight));
      await poll(async () => (await renderedIds()).at(-1)).toBe("BIG9999");
      expect((await renderedIds()).length).toBeLessThan(60);
      await page.fill('input[name="busca"]', "big-999");
      await poll(() => page.getAttribute("[data-count]", "data-count")).toBe("11");
    } finally {
      await page.unroute(bigList);
    }
  });

  it("ad: its inventories and the stacked 60-day chart drawn from the detail series", async () => {
    const list = (await api<{ items: InventoryItem[] }>("/full/inventory?sort_by=available")).body.items;
    const adId = list.find((item) => item.ad_id)!.ad_id!;
    const detail = (await api(`/full/inventory/${adId}`)).body;
    expect(detail.daily_series.length).toBeGreaterThan(0);
    await open("#/estoque?ordem=available");
    await page.click(`.vbody [data-inventory-id] a[href="#/anuncio/${adId}"] >> nth=0`);
    await page.waitForSelector('[data-chart="daily-series"][data-drawn="true"] canvas');
    expect(await text("[data-ad-id]")).toBe(adId);
    for (const inventory of detail.inventories) {
      const row = `[data-table="inventories"] [data-inventory-id="${inventory.inventory_id}"]`;
      expect(await text(`${row} [data-col="available_qty"]`)).toBe(formatNumber(inventory.available_qty));
      expect(await text(`${row} [data-col="total_qty"]`)).toBe(formatNumber(inventory.total_qty));
    }
    const painted = await page.$eval('[data-chart="daily-series"] canvas', (canvas) => {
      // Runs in the page: a canvas element, typed loosely here (no DOM types in the test build).
      const c = canvas as unknown as { width: number; height: number; getContext(kind: "2d"): { getImageData(x: number, y: number, w: number, h: number): { data: Uint8ClampedArray } } };
      const pixels = c.getContext("2d").getImageData(0, 0, c.width, c.height).data;
      let count = 0;
      for (let i = 3; i < pixels.length; i += 4) if (pixels[i]! > 0) count += 1;
      return { count, total: pixels.length / 4 };
    });
    // The filled layers cover a good part of the plot, not just axes.
    expect(painted.count / painted.total).toBeGreaterThan(0.1);
    await screenshot(page, "anuncio");
  });

  it("replenishment: the API's suggestions for the chosen days, and a shipment CSV per warehouse that adds up to them", async () => {
    await open("#/reposicao");
    const initial = (await api<{ target_days: number; trigger_days: number; items: ReplenishmentItem[] }>("/full/replenishment")).body;
    await page.waitForSelector(`[data-applied="${initial.target_days}/${initial.trigger_days}"]`);
    await page.fill('input[name="target_days"]', "45");
    await page.fill('input[name="trigger_days"]', "20");
    await page.click('form.toolbar button[type="submit"]');
    const result = (await api<{ target_days: number; trigger_days: number; items: ReplenishmentItem[] }>("/full/replenishment?target_days=45&trigger_days=20")).body;
    await page.waitForSelector(`[data-applied="${result.target_days}/${result.trigger_days}"]`);
    const skus = await page.$$eval('[data-table="replenishment"] tbody tr', (rows) => rows.map((row) => row.getAttribute("data-sku")));
    expect(skus).toEqual(result.items.map((item) => item.sku));
    for (const item of result.items) {
      const row = `[data-table="replenishment"] tr[data-sku="${item.sku}"]`;
      expect(await text(`${row} [data-col="quantity_suggested"]`)).toBe(formatNumber(item.quantity_suggested));
      expect(await text(`${row} [data-col="full_available"]`)).toBe(formatNumber(item.full_available));
      expect(await text(`${row} [data-col="local_available"]`)).toBe(formatNumber(item.local_available));
      expect(await text(`${row} [data-col="status"]`)).toBe(item.status === "ready" ? "Pronto para enviar" : "Sem estoque local");
    }
    await screenshot(page, "reposicao");

    const lines = readCsv(await download('[data-action="export-shipments"]'));
    expect(Object.keys(lines[0] ?? {})).toEqual(["warehouse", "sku", "ad_id", "title", "quantity"]);
    const shipped = new Map<string, number>();
    for (const line of lines) {
      const item = result.items.find((candidate) => candidate.sku === line.sku)!;
      expect(item, line.sku).toBeDefined();
      expect(line.ad_id).toBe(item.ad_id);
      const quantity = Number(line.quantity);
      const stock = item.local_warehouses.find((w) => w.warehouse === line.warehouse);
      if (stock) expect(quantity).toBeLessThanOrEqual(stock.available);
      else expect(line.warehouse).toBe("(sem depósito)");
      shipped.set(line.sku!, (shipped.get(line.sku!) ?? 0) + quantity);
    }
    for (const item of result.items) expect(shipped.get(item.sku) ?? 0, item.sku).toBe(item.quantity_suggested);
    // Lines come grouped by warehouse.
    const warehouses = lines.map((line) => line.warehouse);
    expect(warehouses).toEqual([...warehouses].sort((a, b) => a!.localeCompare(b!, "pt-BR")));
  });

  it("tariffs: created, edited and deleted through the form, as GET /full/tariffs sees it, with the API's errors beside the form", async () => {
    const tariffs = async () => (await api<{ tariffs: Record<string, unknown>[] }>("/full/tariffs")).body.tariffs;
    const before = await tariffs();
    await open("#/tarifas");
    await page.waitForSelector('[data-table="tariffs"]');
    expect(await page.locator('[data-table="tariffs"] tbody tr').count()).toBe(before.length);

    await page.click('[data-action="new-tariff"]');
    const form = '[data-form="tariff"]';
    await page.fill(`${form} [name="name"]`, "Extra grande (console)");
    await page.fill(`${form} [name="min_volume_l"]`, "500");
    await page.fill(`${form} [name="daily_fee"]`, "1,25");
    await page.fill(`${form} [name="inbound_fee"]`, "7,5");
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(`${form}`, { state: "detached" });
    const created = (await tariffs()).find((t) => t.name === "Extra grande (console)")!;
    expect(created).toMatchObject({ min_volume_l: 500, max_volume_l: null, daily_fee: 1.25, inbound_fee: 7.5, aged_days_threshold: 90, aged_daily_factor: 3, active: true });
    await page.waitForSelector(`[data-tariff-id="${created.id}"]`);
    expect(await text(`[data-tariff-id="${created.id}"] [data-col="daily_fee"]`)).toBe(formatMoney(1.25, prefs.currency));

    // An invalid value: the API's own error appears next to the form and nothing changes.
    await page.click(`[data-tariff-id="${created.id}"] [data-action="edit"]`);
    await page.fill(`${form} [name="daily_fee"]`, "muito caro");
    await page.click(`${form} button[type="submit"]`);
    const refusal = await api(`/full/tariffs/${created.id}`, {
      method: "PUT",
      headers: { "content-type": "application/json", prefer: "handling=strict" },
      body: JSON.stringify({ daily_fee: "muito caro" }),
    });
    expect(refusal.status).toBe(400);
    await poll(() => text(`${form} [role="alert"]`)).toBe(refusal.body.error);
    expect((await tariffs()).find((t) => t.id === created.id)).toEqual(created);
    await screenshot(page, "tarifas");

    await page.fill(`${form} [name="daily_fee"]`, "0,9");
    await page.uncheck(`${form} [name="active"]`);
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(`${form}`, { state: "detached" });
    expect((await tariffs()).find((t) => t.id === created.id)).toEqual({ ...created, daily_fee: 0.9, active: false });

    await page.click(`[data-tariff-id="${created.id}"] [data-action="delete"]`);
    await page.click(`[data-tariff-id="${created.id}"] [data-action="confirm-delete"]`);
    await page.waitForSelector(`[data-tariff-id="${created.id}"]`, { state: "detached" });
    expect(await tariffs()).toEqual(before);
  });

  it("settings: a form per group from the defaults; a change persists, a refused one shows the API's error", async () => {
    const defaults = (await api("/settings/defaults")).body.data;
    await open("#/configuracoes");
    for (const group of Object.keys(defaults)) await page.waitForSelector(`form[data-group="${group}"]`);
    const estoque = 'form[data-group="estoque"]';
    // Field kinds follow the defaults; secrets are masked; the 28 multipliers are a table.
    expect(await page.getAttribute(`${estoque} [name="multi_deposito"]`, "type")).toBe("checkbox");
    expect(await page.getAttribute('form[data-group="integracoes"] [name="weather_api_key"]', "type")).toBe("password");
    expect(await page.locator('[data-table="multipliers"] tbody tr').count()).toBe(
      Object.keys(defaults.core_ai).filter((key) => key.startsWith("mult_")).length,
    );
    // Values that differ from the default are marked (the demo stores a few).
    const stored = (await api("/settings/geral")).body.data;
    const changedKeys = Object.keys(defaults.geral).filter((key) => JSON.stringify(stored[key]) !== JSON.stringify(defaults.geral[key]));
    const marked = await page.$$eval('form[data-group="geral"] [data-setting]', (fields) =>
      fields.filter((field) => field.querySelector("[data-changed]")).map((field) => field.getAttribute("data-setting")),
    );
    expect(marked.sort()).toEqual(changedKeys.sort());

    // A bad number is caught before sending.
    const storedEstoque = (await api("/settings/estoque")).body.data;
    await page.fill(`${estoque} [name="lead_time_padrao"]`, "vinte");
    await page.click(`${estoque} [data-action="save"]`);
    await page.waitForSelector(`${estoque} [data-setting="lead_time_padrao"] .error`);
    expect((await api("/settings/estoque")).body.data).toEqual(storedEstoque);

    await page.fill(`${estoque} [name="lead_time_padrao"]`, "21");
    await page.check(`${estoque} [name="multi_deposito"]`);
    await page.fill('[name="mult_weather.weight"]', "0,9");
    await page.click(`${estoque} [data-action="save"]`);
    await page.waitForSelector(`${estoque} [role="status"]`);
    await page.click('form[data-group="core_ai"] [data-action="save"]');
    await page.waitForSelector('form[data-group="core_ai"] [role="status"]');
    expect((await api("/settings/estoque")).body.data).toMatchObject({ lead_time_padrao: 21, multi_deposito: true });
    expect((await api("/settings/core_ai")).body.data.mult_weather).toMatchObject({ ...defaults.core_ai.mult_weather, weight: 0.9 });

    // After a reload the saved values are shown and marked as changed.
    await page.reload();
    await page.waitForSelector(`${estoque} [name="lead_time_padrao"]`);
    expect(await page.inputValue(`${estoque} [name="lead_time_padrao"]`)).toBe("21");
    expect(await page.locator(`${estoque} [data-setting="lead_time_padrao"] [data-changed]`).count()).toBe(1);
    await screenshot(page, "configuracoes");

    // A change the API refuses (a body over its size limit): its error is shown, nothing stored.
    const integracoes = 'form[data-group="integracoes"]';
    const before = (await api("/settings/integracoes")).body.data;
    const huge = Array.from({ length: 30_000 }, (_, i) => `palavra-chave-${i}`).join("\n");
    // Set at once, as a paste would (typing half a megabyte key by key says nothing more).
    await page.$eval(
      `${integracoes} [name="trends_keywords"]`,
      (area, value) => {
        (area as unknown as { value: string }).value = value;
        area.dispatchEvent(new Event("input", { bubbles: true }));
      },
      huge,
    );
    await page.click(`${integracoes} [data-action="save"]`);
    const refusal = await api("/settings/integracoes", {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ trends_keywords: huge.split("\n") }),
    });
    expect(refusal.status).toBeGreaterThanOrEqual(400);
    await poll(() => text(`${integracoes} [role="alert"]`)).toBe(refusal.body.error);
    expect((await api("/settings/integracoes")).body.data).toEqual(before);
  });

  it("history: the forecasting engine's entries for a date range, with expandable details", async () => {
    const latest = (await api("/history/core_ai")).body.data;
    await open("#/historico");
    await page.waitForSelector("ul.history");
    expect(Number(await page.getAttribute("ul.history", "data-count"))).toBe(latest.length);
    const first = latest[0];
    expect(await text(`[data-history-id="${first.id}"] .message`)).toBe(first.message);
    expect(await text(`[data-history-id="${first.id}"] time`)).toBe(formatDateTime(first.timestamp, prefs));

    const day = (iso: string) => iso.slice(0, 10);
    const end = day(latest[0].timestamp);
    const start = day(latest[Math.min(10, latest.length - 1)].timestamp);
    const ranged = (await api(`/history/core_ai?start_date=${start}&end_date=${end}`)).body.data;
    await page.fill('input[name="start_date"]', start);
    await page.fill('input[name="end_date"]', end);
    await page.click('form.toolbar button[type="submit"]');
    await poll(() => page.getAttribute("ul.history", "data-count")).toBe(String(ranged.length));
    const withDetails = ranged.find((entry: { details: object }) => Object.keys(entry.details).length > 0);
    await page.click(`[data-history-id="${withDetails.id}"] summary`);
    const shown = await text(`[data-history-id="${withDetails.id}"] dl`);
    for (const key of Object.keys(withDetails.details)) expect(shown).toContain(key);
    await screenshot(page, "historico");
  });

  it("overview: a sync started there shows its progress, then the new last-sync time and counts", async () => {
    await open("#/visao-geral");
    await page.waitForSelector("[data-overview-ready]");
    sandbox.setLatency(150);
    try {
      const started = new Date();
      const answer = page.waitForResponse((response) => response.url().endsWith("/full/sync") && response.request().method() === "POST", {
        timeout: 60_000,
      });
      await page.click('[data-action="sync"]');
      await page.waitForSelector('[data-sync-running] [role="progressbar"]');
      await screenshot(page, "visao-geral-sincronizando");
      const result = (await (await answer).json()) as { stock: { ads_full: number; inventories: number } };
      await page.waitForSelector("[data-sync-time]", { timeout: 30_000 });
      await page.waitForSelector("[data-sync-running]", { state: "detached" });
      const finished = new Date();

      const status = await api("/full/sync/status");
      if (status.status === 200) {
        expect(await text("[data-sync-time]")).toBe(formatDateTime(status.body.last.finished_at, prefs));
        expect(await text("[data-sync-ads]")).toBe(formatNumber(status.body.last.result.ads_full));
      } else {
        // No run history in this API: the time shown is this sync's end, the counts its answer's.
        const minutes = new Set<string>();
        for (let t = started.getTime() - 60_000; t <= finished.getTime() + 60_000; t += 30_000) minutes.add(formatDateTime(new Date(t).toISOString(), prefs));
        expect(minutes).toContain(await text("[data-sync-time]"));
        expect(await text("[data-sync-ads]")).toBe(formatNumber(result.stock.ads_full));
        expect(await text("[data-sync-inventories]")).toBe(formatNumber(result.stock.inventories));
      }
      const { summary } = (await api("/full/overview")).body;
      await poll(() => text('[data-figure="units_available"]')).toBe(formatNumber(summary.units_available));
      await screenshot(page, "visao-geral-sincronizado");
    } finally {
      sandbox.setLatency(0);
    }
  });

  it("marketplace account: in the navigation, shown, and connected again through the marketplace's authorization page", async () => {
    await open("#/conta");
    await page.waitForSelector('[data-nav="conta"][aria-current="page"]');
    const account = (await api("/marketplace/account")).body as { connected: boolean };
    await page.waitForSelector(`text=${account.connected ? "Conectada" : "Não conectada"}`);
    await screenshot(page, "conta");

    // The sandbox's authorization page approves at once and sends the browser to the callback.
    await page.click(`text=${account.connected ? "Conectar outra conta" : "Conectar conta"}`);
    await page.waitForSelector("text=Conta do Mercado Livre conectada");
    expect(new URL(page.url()).pathname).toBe("/marketplace/callback");
    expect((await api("/marketplace/account")).body).toMatchObject({ connected: true });
    expect(pageErrors).toEqual([]);
  });
});
