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
import type { Schema } from "@fulfillment/client";
import type { SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { ACTION_BADGES, AGE_BUCKETS, type AgedStockReport, type Crossing } from "@fulfillment/web/aged-view";
import { formatDateTime, formatDay, formatDays, formatMoney, formatNumber, formatUnitMoney, prefsFromGeneralSettings, type DisplayPrefs } from "@fulfillment/web/format";
import { importSummary, unmatchedSummary, type ImportRecord } from "@fulfillment/web/imports-form";
import type { InventoryItem } from "@fulfillment/web/inventory-view";
import { RESTOCK_STATUSES, STATUS_BADGES, statusCounts, type RestockPlan } from "@fulfillment/web/restock-view";
import { SCREENS } from "@fulfillment/web/router";
import type { ReplenishmentItem } from "@fulfillment/web/shipments";
import { startConsole, stopConsole } from "#test/console";
import { marketplaceEnv, startDemoMarketplace } from "#test/demo-marketplace";
import type { RunningService } from "@fulfillment/local/engine/service-process";

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
  sandbox = await startDemoMarketplace();
  ({ service, browser, page } = await startConsole(marketplaceEnv(sandbox), [sandbox.url]));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  prefs = prefsFromGeneralSettings((await api("/settings/geral")).body.data);
}, 120_000);

afterAll(async () => {
  await stopConsole({ service, browser });
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
      expect(await text(`${row} [data-col="storage_cost_unit"]`)).toBe(formatUnitMoney(first.storage_cost_unit, prefs.currency));
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
    await page.fill(`${form} [name="daily_fee"]`, "0,0075");
    await page.fill(`${form} [name="inbound_fee"]`, "7,5");
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(`${form}`, { state: "detached" });
    const created = (await tariffs()).find((t) => t.name === "Extra grande (console)")!;
    expect(created).toMatchObject({ min_volume_l: 500, max_volume_l: null, daily_fee: 0.0075, inbound_fee: 7.5, aged_days_threshold: 90, aged_daily_factor: 3, active: true });
    await page.waitForSelector(`[data-tariff-id="${created.id}"]`);
    expect(await text(`[data-tariff-id="${created.id}"] [data-col="daily_fee"]`)).toBe("R$\u00a00,0075");

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

/** The text of each `[data-col]` (or other selector) in each row of a table, keyed by the row's data-sku. */
const tableRows = (table: string, cells: Record<string, string>): Promise<Record<string, string>[]> =>
  page.$$eval(
    `${table} tbody tr`,
    (rows, cells) =>
      rows.map((row) => ({
        sku: row.getAttribute("data-sku") ?? "",
        ...Object.fromEntries(Object.entries(cells).map(([name, selector]) => [name, (row.querySelector(selector)?.textContent ?? "").trim()])),
      })),
    cells,
  );
const col = (name: string): string => `[data-col="${name}"]`;

/**
 * The console's CSV export next to the API's CSV of the same report: same columns, same rows, each
 * cell as the console writes the API's value (";" between fields, decimal comma).
 */
async function expectCsvToMatchApi(consoleCsv: string, apiPath: string): Promise<number> {
  const response = await fetch(`${service.url}${apiPath}`);
  expect(response.headers.get("content-type")).toMatch(/^text\/csv/);
  const fromApi = parse(await response.text(), { bom: true, columns: true, skip_empty_lines: true }) as Record<string, string>[];
  const fromConsole = readCsv(consoleCsv);
  expect(fromConsole.length).toBe(fromApi.length);
  for (const [i, row] of fromApi.entries()) {
    expect(Object.keys(fromConsole[i]!)).toEqual(Object.keys(row));
    for (const [field, value] of Object.entries(row)) expect(fromConsole[i]![field], `row ${i + 1}, ${field}`).toBe(/^-?\d+\.\d+$/.test(value) ? value.replace(".", ",") : value);
  }
  return fromApi.length;
}

// After the tests above (the sync has run, so the stock has its lots); same service, same browser.
describe("operations console: imports and stock reports", { timeout: 90_000 }, () => {
  const WAREHOUSE = "CD Console Importação";
  const form = '[data-form="import"]';
  const stockOf = async (warehouse: string) =>
    (await api<Schema<"LocalStockResponse">>(`/full/local-stock?warehouse=${encodeURIComponent(warehouse)}`)).body.items;
  const imports = async () => (await api<{ imports: ImportRecord[] }>("/full/imports")).body.imports;
  let skus: string[] = [];

  it("imports: a local stock CSV sent through the form is in GET /full/local-stock and the import history, and shown there", async () => {
    const items = (await api<{ items: InventoryItem[] }>("/full/inventory")).body.items;
    skus = [...new Set(items.map((item) => item.sku).filter((sku): sku is string => Boolean(sku)))].sort().slice(0, 2);
    expect(skus).toHaveLength(2);
    const [a, b] = skus as [string, string];

    // A file as a Brazilian spreadsheet saves it: BOM, ";", CRLF, a thousands dot.
    await open("#/importacoes");
    await page.waitForSelector(`${form} [name="kind"]`);
    await page.selectOption(`${form} [name="kind"]`, "local_stock");
    await page.fill(`${form} [name="warehouse"]`, WAREHOUSE);
    await page.setInputFiles(`${form} input[type="file"]`, {
      name: "estoque.csv",
      mimeType: "text/csv",
      buffer: Buffer.from(`\uFEFFsku;available\r\n${a};12\r\n${b};1.200\r\n`),
    });
    await page.waitForSelector(`${form} [name="content"]:disabled`);
    await page.click(`${form} [data-action="import"]`);
    await page.waitForSelector("[data-import-result]");
    const first = (await imports())[0]!;
    expect(first).toMatchObject({ source: "api", actor: "local", kind: "local_stock", warehouse: WAREHOUSE, rows: 2, added: 2, changed: 0, removed: 0, error: null });
    expect(await page.getAttribute("[data-import-result]", "data-import-result")).toBe(first.id);
    expect(await text("[data-import-summary]")).toBe(importSummary(first));
    expect(await stockOf(WAREHOUSE)).toEqual([
      { sku: a, available: 12, warehouse: WAREHOUSE },
      { sku: b, available: 1200, warehouse: WAREHOUSE },
    ]);

    // Pasted comma-separated text replaces the warehouse as a whole: one changed, one removed.
    await page.setInputFiles(`${form} input[type="file"]`, []);
    await page.fill(`${form} [name="content"]`, `sku,available\n${a},15\n`);
    await page.click(`${form} [data-action="import"]`);
    await poll(async () => (await imports())[0]).toMatchObject({ kind: "local_stock", rows: 1, added: 0, changed: 1, removed: 1 });
    const latest = (await imports())[0]!;
    await poll(() => page.getAttribute("[data-import-result]", "data-import-result")).toBe(latest.id);
    expect(await text("[data-import-summary]")).toBe(importSummary(latest));
    const stock = await stockOf(WAREHOUSE);
    expect(stock).toEqual([{ sku: a, available: 15, warehouse: WAREHOUSE }]);

    // The screen lists the warehouse's stock and the imports, newest first, as the API does.
    await poll(() => tableRows('[data-table="local-stock"]', { available: col("available"), warehouse: col("warehouse") })).toEqual(
      stock.map((row) => ({ sku: row.sku, available: formatNumber(row.available), warehouse: WAREHOUSE })),
    );
    const history = await imports();
    await poll(() => page.getAttribute('[data-table="imports"] tbody tr', "data-import-id")).toBe(latest.id);
    const shown = await page.$$eval('[data-table="imports"] tbody tr', (rows) =>
      rows.map((row) => [row.getAttribute("data-import-id"), ...["actor", "rows", "added", "changed", "removed"].map((c) => row.querySelector(`[data-col="${c}"]`)?.textContent)]),
    );
    // Who made each import: the API's actor (`local` on the open local API), a dash for a dropped file.
    expect(shown).toEqual(history.map((r) => [r.id, r.actor ?? "—", formatNumber(r.rows), formatNumber(r.added), formatNumber(r.changed), formatNumber(r.removed)]));
    await screenshot(page, "importacoes");
  });

  it("imports: a bad CSV shows the API's error naming the line and field, and changes nothing", async () => {
    const [a] = skus as [string];
    const bad = `sku;available\n${a};3\nOUTRO;doze\n`;
    const stockBefore = (await api("/full/local-stock")).body;
    const importsBefore = await imports();

    await open(`#/importacoes?deposito=${encodeURIComponent(WAREHOUSE)}`);
    await page.fill(`${form} [name="warehouse"]`, WAREHOUSE);
    await page.fill(`${form} [name="content"]`, bad);
    await page.click(`${form} [data-action="import"]`);
    await page.waitForSelector(`${form} [role="alert"]`);
    const refusal = await api(`/full/local-stock/${encodeURIComponent(WAREHOUSE)}`, { method: "PUT", headers: { "content-type": "text/csv" }, body: bad });
    expect(refusal.status).toBe(400);
    expect(refusal.body.error).toBe('Linha 3, campo available: "doze" não é um número');
    expect(await text(`${form} [role="alert"]`)).toBe(refusal.body.error);
    expect(await page.locator("[data-import-result]").count()).toBe(0);
    expect((await api("/full/local-stock")).body).toEqual(stockBefore);
    expect(await imports()).toEqual(importsBefore);
    await screenshot(page, "importacoes-erro");
  });

  it("imports: costs pasted as text are imported, and the keys no ad has are named", async () => {
    const [a] = skus as [string];
    await open("#/importacoes?tipo=costs");
    await page.waitForSelector(`${form} [name="kind"]`);
    expect(await page.inputValue(`${form} [name="kind"]`)).toBe("costs");
    expect(await page.locator(`${form} [name="warehouse"]`).count()).toBe(0);
    await page.fill(`${form} [name="content"]`, `sku;cost\n${a};12,34\nSKU-QUE-NAO-EXISTE;1\n`);
    await page.click(`${form} [data-action="import"]`);
    await page.waitForSelector("[data-import-result]");
    const record = (await imports())[0]!;
    expect(record).toMatchObject({ kind: "costs", warehouse: null, rows: 2, unmatched: 1, unmatched_keys: ["SKU-QUE-NAO-EXISTE"], error: null });
    expect(await page.getAttribute("[data-import-result]", "data-import-result")).toBe(record.id);
    expect(await text("[data-import-result]")).toContain(unmatchedSummary(record)!);
  });

  it("restock plan: the API's lines, statuses and dates, for the chosen days, and its CSV shipment list", async () => {
    const initial = (await api<RestockPlan>("/full/restock-plan")).body;
    await open("#/plano-reposicao");
    await page.waitForSelector(`[data-applied="${initial.target_days}/${initial.horizon_days}"]`);
    await page.fill('input[name="target_days"]', "45");
    await page.fill('input[name="horizon_days"]', "21");
    await page.click('form.toolbar button[type="submit"]');
    const plan = (await api<RestockPlan>("/full/restock-plan?target_days=45&horizon_days=21")).body;
    await page.waitForSelector(`[data-applied="45/21"]`);
    expect(plan.items.length).toBeGreaterThan(0);

    const counts = statusCounts(plan.items);
    for (const status of RESTOCK_STATUSES) expect(await text(`[data-status-count="${status}"]`), status).toBe(formatNumber(counts[status]));
    const cells = ["status", "ship_by", "stockout_date", "coverage_days", "velocity", "full_available", "full_in_transit", "lead_time_days", "safety_units", "case_pack", "local_available", "quantity"];
    const shown = await tableRows('[data-table="restock-plan"]', Object.fromEntries(cells.map((name) => [name, col(name)])));
    expect(shown).toEqual(
      plan.items.map((item) => ({
        sku: item.sku,
        status: STATUS_BADGES[item.status].label,
        ship_by: formatDay(item.ship_by, prefs),
        stockout_date: formatDay(item.stockout_date, prefs),
        coverage_days: formatDays(item.coverage_days),
        velocity: formatNumber(item.velocity, 2),
        full_available: formatNumber(item.full_available),
        full_in_transit: formatNumber(item.full_in_transit),
        lead_time_days: formatNumber(item.lead_time_days),
        safety_units: formatNumber(item.safety_units),
        case_pack: formatNumber(item.case_pack),
        local_available: formatNumber(item.local_available),
        quantity: formatNumber(item.quantity),
      })),
    );
    await screenshot(page, "plano-reposicao");

    const rows = await expectCsvToMatchApi(await download('[data-action="export-restock-plan"]'), "/full/restock-plan?target_days=45&horizon_days=21&format=csv");
    expect(rows).toBeGreaterThanOrEqual(plan.items.length);

    // A target outside 7..90: the API's refusal is shown in place of the plan.
    const refusal = await api("/full/restock-plan?target_days=5&horizon_days=21");
    expect(refusal.status).toBe(400);
    await page.fill('input[name="target_days"]', "5");
    await page.click('form.toolbar button[type="submit"]');
    await poll(() => text('[role="alert"]')).toBe(refusal.body.error);
  });

  it("restock plan: a SKU snoozed and un-snoozed through its planning form, as the API's plan sees it; a refused value shows the API's error", async () => {
    const lineOf = async (sku: string) => (await api<RestockPlan>("/full/restock-plan")).body.items.find((item) => item.sku === sku)!;
    const { today, items } = (await api<RestockPlan>("/full/restock-plan")).body;
    const before = items.find((item) => item.status !== "snoozed" && item.snooze_until === null)!;
    expect(before).toBeDefined();
    const row = `[data-table="restock-plan"] tr[data-sku="${before.sku}"]`;
    const form = '[data-form="planning"]';
    await open("#/plano-reposicao");
    await page.click(`${row} [data-action="plan"]`);
    expect(await page.inputValue(`${form} [name="lead_time_days"]`)).toBe(String(before.lead_time_days));

    // A case pack of 0: the API refuses it in its words, next to the form, and stores nothing.
    await page.fill(`${form} [name="case_pack"]`, "0");
    await page.click(`${form} button[type="submit"]`);
    const refusal = await api(`/full/skus/${encodeURIComponent(before.sku)}/planning`, {
      method: "PUT",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ case_pack: 0 }),
    });
    expect(refusal.status).toBe(400);
    await poll(() => text(`${form} [role="alert"]`)).toBe(refusal.body.error);
    expect(await lineOf(before.sku)).toEqual(before);
    await screenshot(page, "plano-reposicao-planejamento");

    const until = new Date(Date.parse(`${today}T00:00:00Z`) + 7 * 86_400_000).toISOString().slice(0, 10);
    await page.fill(`${form} [name="case_pack"]`, before.case_pack === null ? "" : String(before.case_pack));
    await page.fill(`${form} [name="snooze_until"]`, until);
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(form, { state: "detached" });
    await poll(() => text(`${row} [data-col="status"]`)).toBe(STATUS_BADGES.snoozed.label);
    expect(await lineOf(before.sku)).toMatchObject({ status: "snoozed", snooze_until: until, case_pack: before.case_pack });

    // Emptied, the snooze is cleared and the line is back as it was.
    await page.click(`${row} [data-action="plan"]`);
    await page.fill(`${form} [name="snooze_until"]`, "");
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(form, { state: "detached" });
    await poll(() => text(`${row} [data-col="status"]`)).toBe(STATUS_BADGES[before.status].label);
    expect(await lineOf(before.sku)).toEqual(before);
  });

  it("aged stock: the API's totals, buckets, crossings, surcharges and actions, and its CSV per inventory", async () => {
    const report = (await api<AgedStockReport>("/full/aged-stock")).body;
    await open("#/estoque-envelhecido");
    await page.waitForSelector('[data-table="aged-stock"]');
    expect(report.skus.length).toBeGreaterThan(0);

    const money = (value: number) => formatMoney(value, prefs.currency);
    const crossing = (c: Crossing) => [c.days_7, c.days_14, c.days_30].map((n) => formatNumber(n)).join(" / ");
    const { totals } = report;
    expect(await text('[data-total="skus"]')).toBe(formatNumber(totals.skus));
    expect(await text('[data-total="available_units"]')).toBe(formatNumber(totals.available_units));
    expect(await text('[data-total="aged_units_now"]')).toBe(formatNumber(totals.aged_units_now));
    expect(await text('[data-total="crossing_30_at_velocity"]')).toBe(formatNumber(totals.crossing.at_velocity.days_30));
    expect(await text('[data-total="surcharge_at_velocity"]')).toBe(money(totals.projected_surcharge_30d.at_velocity));
    expect(await text('[data-total="surcharge_no_sales"]')).toBe(money(totals.projected_surcharge_30d.no_sales));
    for (const action of ["promote", "withdraw", "none"] as const) expect(await text(`[data-action-count="${action}"]`)).toBe(formatNumber(totals.actions[action]));

    const bucketCells = Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, col(`bucket_${bucket.key}`)]));
    const shown = await tableRows('[data-table="aged-stock"]', {
      ...bucketCells,
      action: col("action"),
      reason: col("reason"),
      unknown_age_units: col("unknown_age_units"),
      aged_units_now: col("aged_units_now"),
      crossing_at_velocity: col("crossing_at_velocity"),
      crossing_no_sales: col("crossing_no_sales"),
      surcharge_at_velocity: col("surcharge_at_velocity"),
      surcharge_no_sales: col("surcharge_no_sales"),
    });
    expect(shown).toEqual(
      report.skus.map((sku) => ({
        sku: sku.sku,
        ...Object.fromEntries(AGE_BUCKETS.map((bucket) => [bucket.key, formatNumber(sku.buckets[bucket.key])])),
        action: ACTION_BADGES[sku.action].label,
        reason: sku.reason,
        unknown_age_units: formatNumber(sku.unknown_age_units),
        aged_units_now: formatNumber(sku.aged_units_now),
        crossing_at_velocity: crossing(sku.crossing.at_velocity),
        crossing_no_sales: crossing(sku.crossing.no_sales),
        surcharge_at_velocity: money(sku.projected_surcharge_30d.at_velocity),
        surcharge_no_sales: money(sku.projected_surcharge_30d.no_sales),
      })),
    );
    await screenshot(page, "estoque-envelhecido");

    const rows = await expectCsvToMatchApi(await download('[data-action="export-aged-stock"]'), "/full/aged-stock?format=csv");
    expect(rows).toBe(report.skus.reduce((sum, sku) => sum + sku.inventories.length, 0));
  });

  it("navigation: the new screens are reachable from the sidebar", async () => {
    await open("#/visao-geral");
    for (const screen of ["importacoes", "plano-reposicao", "estoque-envelhecido"]) {
      await page.click(`[data-nav="${screen}"]`);
      await page.waitForSelector(`[data-nav="${screen}"][aria-current="page"]`);
      expect(await page.getAttribute("main.content", "data-screen")).toBe(screen);
    }
    expect(pageErrors).toEqual([]);
  });
});

describe("operations console: the page itself", { timeout: 90_000 }, () => {
  it("every screen: the loading placeholder is gone once the app has mounted, and the navigation column fills the page's height", async () => {
    const adId = (await api<{ items: InventoryItem[] }>("/full/inventory")).body.items.find((item) => item.ad_id)!.ad_id!;
    for (const screen of SCREENS) {
      await open(screen === "anuncio" ? `#/anuncio/${adId}` : `#/${screen}`);
      await page.waitForSelector(`main.content[data-screen="${screen}"]`);
      // Each screen's own content in place (the data it loads may make the page taller than the window).
      await page.waitForSelector("main.content h1");

      expect(await page.getByText("Carregando o console…").count(), screen).toBe(0);
      const top = await navGeometry();
      await page.evaluate("window.scrollTo(0, document.documentElement.scrollHeight)");
      const bottom = await navGeometry();
      // Nothing below the layout; the column covers the window from top to bottom wherever the page is scrolled.
      expect(top.layoutHeight, screen).toBe(top.pageHeight);
      for (const at of [top, bottom]) expect({ top: at.navTop, bottom: at.navBottom }, screen).toEqual({ top: 0, bottom: at.windowHeight });
    }
    expect(pageErrors).toEqual([]);
  });

  it("a thumbnail that cannot be loaded shows a neutral placeholder, not a broken image", async () => {
    // Prepare: the pictures load at first; then the marketplace's image host answers 404.
    const thumbnailHost = (url: URL) => url.hostname.endsWith("mlstatic.com");
    await open("#/estoque?ordem=available");
    await page.waitForSelector('.vbody [data-inventory-id] img[data-thumbnail="image"]');
    const loadedImages = await page.$$eval('.vbody img[data-thumbnail="image"]', (images) =>
      images.filter((image) => (image as unknown as { naturalWidth: number }).naturalWidth > 0).length,
    );
    expect(loadedImages).toBeGreaterThan(0);
    await page.route(thumbnailHost, (route) => route.fulfill({ status: 404, contentType: "text/plain", body: "gone" }));
    try {
      // Act
      await open("#/estoque?ordem=available");
      await page.waitForSelector(".vbody [data-inventory-id]");
      const rows = (await renderedIds()).length;

      // Assess: every rendered row has a 40×40 placeholder and no picture left to break.
      await poll(() => page.locator('.vbody [data-thumbnail="placeholder"]').count()).toBe(rows);
      expect(await page.locator(".vbody img").count()).toBe(0);
      const box = await page.locator('.vbody [data-thumbnail="placeholder"]').first().boundingBox();
      expect({ width: box!.width, height: box!.height }).toEqual({ width: 40, height: 40 });

      // Act / Assess: the same on an ad's screen, at its size.
      const adId = (await api<{ items: InventoryItem[] }>("/full/inventory?sort_by=available")).body.items.find((item) => item.ad_id)!.ad_id!;
      await open(`#/anuncio/${adId}`);
      await page.waitForSelector(".ad-head");
      await poll(() => page.locator('.ad-head [data-thumbnail="placeholder"]').count()).toBe(1);
      expect(await page.locator(".ad-head img").count()).toBe(0);
      await screenshot(page, "anuncio-sem-imagem");
    } finally {
      await page.unroute(thumbnailHost);
    }
    expect(pageErrors).toEqual([]);
  });
});

/** Where the navigation column is in the window, and how tall the layout and the page are. */
async function navGeometry(): Promise<{ navTop: number; navBottom: number; windowHeight: number; layoutHeight: number; pageHeight: number }> {
  // One evaluation, so every figure is of the same frame (a screen still loading grows between two reads).
  const at = (await page.evaluate(`(() => {
    const nav = document.querySelector(".sidebar").getBoundingClientRect();
    const layout = document.querySelector(".layout").getBoundingClientRect();
    return { navTop: nav.top, navBottom: nav.bottom, layoutHeight: layout.height, pageHeight: document.documentElement.scrollHeight };
  })()`)) as { navTop: number; navBottom: number; layoutHeight: number; pageHeight: number };
  return {
    // Whole pixels (+ 0 turns a rounded -0.4 into 0).
    navTop: Math.round(at.navTop) + 0,
    navBottom: Math.round(at.navBottom) + 0,
    windowHeight: page.viewportSize()!.height,
    layoutHeight: Math.round(at.layoutHeight),
    pageHeight: at.pageHeight,
  };
}
