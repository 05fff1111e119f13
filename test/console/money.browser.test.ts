/**
 * The console's money screens in a real browser, against the service as `npm start` starts it
 * (demo data): the tariff timeline (every version from GET /full/tariffs/history, the one in force
 * today marked) and a dated change made through the form, which records a new version that takes
 * effect only from its day; the "Custos de armazenagem" screen after a sync (the month's per-SKU
 * table and totals, the days with no data, the daily-total chart, the CSV export); a settings group's
 * history panel and its "Restaurar".
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Schema } from "@fulfillment/client";
import { startConsole, stopConsole } from "#test/console";
import type { RunningService } from "@fulfillment/local/engine/service-process";

let service: RunningService;
let browser: Browser;
let page: Page;

async function api<T>(path: string): Promise<T> {
  const response = await fetch(`${service.url}${path}`);
  expect(response.status).toBe(200);
  return (await response.json()) as T;
}

let loads = 0;
/** Loads the console afresh at a screen (a new query string makes it a new document). */
const open = async (hash: string): Promise<void> => {
  loads += 1;
  await page.goto(`${service.url}/console/?load=${loads}${hash}`);
};

const text = async (selector: string): Promise<string> => ((await page.locator(selector).first().textContent()) ?? "").trim();
const brDay = (day: string): string => day.split("-").reverse().join("/");

/** The calendar day `days` after `day` (YYYY-MM-DD). */
const addDays = (day: string, days: number): string => new Date(Date.parse(`${day}T12:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);

beforeAll(async () => {
  ({ service, browser, page } = await startConsole());
}, 120_000);

afterAll(() => stopConsole({ service, browser }));

describe("tariff timeline", { timeout: 120_000 }, () => {
  it("shows every version of the history, with the one in force today marked", async () => {
    // Prepare
    const history = await api<Schema<"TariffHistoryResponse">>("/full/tariffs/history");
    expect(history.versions.length).toBeGreaterThan(0);

    // Act
    await open("#/tarifas");
    await page.waitForSelector('[data-table="tariff-versions"] tbody tr');

    // Assess
    const shown = await page.$$eval('[data-table="tariff-versions"] tbody tr', (rows) =>
      rows.map((row) => ({ key: row.getAttribute("data-version"), inForce: row.getAttribute("data-in-force") === "true" })),
    );
    expect(shown).toEqual(history.versions.map((v) => ({ key: `${v.tariff_id}-${v.version}`, inForce: v.in_force })));
    const current = history.versions.find((v) => v.in_force)!;
    expect(await text(`[data-version="${current.tariff_id}-${current.version}"] [data-col="state"]`)).toBe("Em vigor");
  });

  it("a dated change through the form records a new version from that day, while the old one stays in force today", async () => {
    // Prepare
    const before = await api<Schema<"TariffHistoryResponse">>("/full/tariffs/history");
    const current = before.versions.find((v) => v.in_force && v.action !== "delete")!;
    const day = addDays(before.today, 10);
    await open("#/tarifas");
    await page.waitForSelector(`[data-tariff-id="${current.tariff_id}"]`);

    // Act
    await page.click(`[data-tariff-id="${current.tariff_id}"] [data-action="edit"]`);
    const form = '[data-form="tariff"]';
    await page.fill(`${form} input[name="daily_fee"]`, "0,0123");
    await page.fill(`${form} input[name="effective_from"]`, day);
    await page.click(`${form} button[type="submit"]`);

    // Assess: the API recorded a version from that day; today's tariff is unchanged
    await page.waitForSelector('p.notice[role="status"]');
    expect(await text('p.notice[role="status"]')).toBe(`Tarifa ${current.tariff_id} atualizada a partir de ${brDay(day)}.`);
    const after = await api<Schema<"TariffHistoryResponse">>("/full/tariffs/history");
    expect(after.versions.length).toBe(before.versions.length + 1);
    const added = after.versions.find((v) => v.tariff_id === current.tariff_id && v.effective_from === day)!;
    expect(added).toMatchObject({ action: "update", in_force: false, tariff: { daily_fee: 0.0123 } });
    expect(after.versions.find((v) => v.tariff_id === current.tariff_id && v.version === current.version)!.in_force).toBe(true);
    const today = await api<Schema<"TariffListResponse">>("/full/tariffs");
    expect(today.tariffs.find((t) => t.id === current.tariff_id)!.daily_fee).toBe(current.tariff.daily_fee);
    const ahead = await api<Schema<"TariffListResponse">>(`/full/tariffs?at=${day}`);
    expect(ahead.tariffs.find((t) => t.id === current.tariff_id)!.daily_fee).toBe(0.0123);
    // …and the timeline shows it, scheduled, from its day
    const row = `[data-version="${added.tariff_id}-${added.version}"]`;
    await page.waitForSelector(row);
    expect(await text(`${row} [data-col="effective_from"]`)).toBe(brDay(day));
    expect(await text(`${row} [data-col="state"]`)).toBe("Agendada");
    expect(await page.getAttribute(`[data-version="${current.tariff_id}-${current.version}"]`, "data-in-force")).toBe("true");
  });
});

describe("Custos de armazenagem", { timeout: 120_000 }, () => {
  it("after a sync, shows the month's per-SKU table with its totals, the days with no data, the daily-total chart, and exports the table as CSV", async () => {
    // Prepare: a sync writes today's ledger rows
    const sync = await fetch(`${service.url}/full/sync`, { method: "POST", headers: { "content-type": "application/json" }, body: "{}" });
    expect(sync.status).toBe(200);
    const costs = await api<Schema<"StorageCostsResponse">>("/full/storage-costs");
    expect(costs.skus.length).toBeGreaterThan(0);

    // Act
    await open("#/custos-armazenagem");
    await page.waitForSelector('[data-table="storage-costs"] tbody tr');

    // Assess: the table is the API's month
    const rows = await page.$$eval('[data-table="storage-costs"] tbody tr', (trs) => trs.map((tr) => tr.getAttribute("data-sku")));
    expect(rows).toEqual(costs.skus.map((row) => row.sku));
    const first = costs.skus[0]!;
    const money = (value: number) => new Intl.NumberFormat("pt-BR", { style: "currency", currency: "BRL" }).format(value);
    expect(await text(`[data-sku="${first.sku}"] [data-col="total"]`)).toBe(money(first.total));
    expect(await text(`[data-sku="${first.sku}"] [data-col="days"]`)).toBe(String(first.days));
    expect(await text('[data-row="totals"] [data-col="total"]')).toBe(money(costs.totals.total));
    expect(await page.getAttribute("[data-missing-days]", "data-missing-days")).toBe(String(costs.missing_days.length));
    for (const day of costs.missing_days) expect(await text("[data-missing-days]")).toContain(brDay(day));
    // The chart has one point per day with rows
    await page.waitForSelector('[data-chart="daily-cost"][data-drawn="true"]');
    expect(await page.getAttribute('[data-chart="daily-cost"]', "data-points")).toBe(String(costs.daily.length));
    // CSV export: the month's table, one line per SKU
    const [download] = await Promise.all([page.waitForEvent("download"), page.click('[data-action="export-csv"]')]);
    expect(download.suggestedFilename()).toBe(`custos-armazenagem-${costs.month}.csv`);
    const lines = (await streamText(await download.createReadStream())).replace(/^\uFEFF/, "").trim().split("\r\n");
    expect(lines[0]).toBe("sku;days;average_units;fee;surcharge;total");
    expect(lines.length).toBe(costs.skus.length + 1);
    expect(lines[1]!.split(";")[0]).toBe(first.sku);
    expect(lines[1]!.split(";")[5]).toBe(String(first.total).replace(".", ","));
  });
});

async function streamText(stream: NodeJS.ReadableStream): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) chunks.push(Buffer.from(chunk as Buffer));
  return Buffer.concat(chunks).toString("utf8");
}

describe("settings history", { timeout: 120_000 }, () => {
  it("shows a group's changes (who, when, before → after), and Restaurar puts the group back as it was just after a change", async () => {
    // Prepare: two changes of one key through the API
    const group = "catalogo";
    const key = "margem_minima_alerta";
    const put = async (value: number) => {
      const answer = await fetch(`${service.url}/settings/${group}`, {
        method: "PUT",
        headers: { "content-type": "application/json" },
        body: JSON.stringify({ [key]: value }),
      });
      expect(answer.status).toBe(200);
    };
    await put(11);
    await put(12);
    const history = await api<Schema<"SettingsHistoryResponse">>(`/settings/${group}/history`);
    const [second, first] = history.changes;
    expect(second!.changes).toEqual([expect.objectContaining({ key, old_value: "11", new_value: "12" })]);

    // Act: the panel shows both; Restaurar on the first
    await open("#/configuracoes");
    const panel = `[data-history="${group}"]`;
    await page.waitForSelector(panel);
    await page.click(`${panel} summary`);
    await page.waitForSelector(`${panel} tr[data-change="${second!.change_id}"]`);
    expect(await text(`${panel} tr[data-change="${second!.change_id}"] li[data-key="${key}"]`)).toBe(`${key}: 11 → 12`);
    expect(await text(`${panel} tr[data-change="${second!.change_id}"] td:nth-child(2)`)).toBe(second!.actor);
    await page.click(`${panel} tr[data-change="${first!.change_id}"] [data-action="restore"]`);

    // Assess: the API has the old value back, the form shows it, and the restore is in the history
    await expect.poll(async () => (await api<{ data: Record<string, unknown> }>(`/settings/${group}`)).data[key], { timeout: 15_000 }).toBe(11);
    await expect.poll(() => page.inputValue(`[data-group="${group}"] [data-setting="${key}"] input`), { timeout: 15_000 }).toBe("11");
    const after = await api<Schema<"SettingsHistoryResponse">>(`/settings/${group}/history`);
    expect(after.changes[0]).toMatchObject({ action: "restore", restored_to: { change_id: first!.change_id } });
    await page.waitForSelector(`${panel} tr[data-change="${after.changes[0]!.change_id}"]`);
  });
});
