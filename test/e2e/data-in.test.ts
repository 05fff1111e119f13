import type { ChildProcess } from "node:child_process";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { Time } from "@fulfillment/core";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { generateDemoDataset } from "@fulfillment/local/demo/generate";
import { IMPORT_MAX_BODY_BYTES } from "@fulfillment/functions/routes";
import { startService, stopService } from "@fulfillment/local/engine/service-process";

/**
 * A new seller's first data, against `npm start` with DEMO=0 and the sandbox marketplace: connect
 * the account, one sync discovers the catalogue, CSVs of local stock and costs come in, and the
 * overview and the replenishment show them.
 */

let service: { child: ChildProcess; url: string };
const api = (path: string) => `${service.url}${path}`;
const json = async (path: string, init?: RequestInit) => {
  const response = await fetch(api(path), init);
  return { status: response.status, body: (await response.json()) as any };
};
const putCsv = (path: string, csv: string) => json(path, { method: "PUT", headers: { "content-type": "text/csv" }, body: csv });

// The sandbox serves the demo catalogue of the business day; the table starts empty.
const demo = generateDemoDataset({ today: Time.calendarDay(Time.DEFAULT_TIME_ZONE, new Date()) });
const fullAds = demo.ads.filter((ad) => ad.is_full);
const salesBySku = new Map<string, number>();
for (const ad of fullAds) salesBySku.set(ad.sku!, (salesBySku.get(ad.sku!) ?? 0) + (ad.sales_30d ?? 0));

beforeAll(async () => {
  service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "0" });
}, 120_000);

afterAll(async () => {
  if (service) expect(await stopService(service.child)).toBe(0);
});

describe("first data on an empty service", () => {
  let state = "";
  let callback = "";

  it("starts with no account, no stock and nothing to sync", async () => {
    expect((await json("/marketplace/account")).body).toEqual({
      connected: false,
      user_id: null,
      nickname: null,
      site_id: null,
      token_expires_at: null,
      refreshed_at: null,
      accounts: [],
    });
    expect((await json("/full/overview")).body).toMatchObject({ has_data: false });
    expect((await json("/full/sync", { method: "POST" })).status).toBe(500);
  });

  it("connects the account: connect → the marketplace's page → callback → account shown", async () => {
    // Act
    const connect = await fetch(api("/marketplace/connect"), { redirect: "manual" });
    const page = new URL(connect.headers.get("location")!);
    const approved = await fetch(page, { redirect: "manual" });
    callback = approved.headers.get("location")!;
    state = new URL(callback).searchParams.get("state")!;
    const landed = await fetch(callback, { redirect: "manual" });
    const account = await json("/marketplace/account");

    // Assess
    expect(connect.status).toBe(302);
    expect(page.pathname).toBe("/authorization");
    expect(page.searchParams.get("redirect_uri")).toBe(api("/marketplace/callback"));
    expect(approved.status).toBe(302);
    expect(callback.startsWith(api("/marketplace/callback?"))).toBe(true);
    expect(landed.status).toBe(200);
    expect(await landed.text()).toContain("Conta do Mercado Livre conectada");
    expect(account.body).toMatchObject({ connected: true, user_id: 123456789, nickname: "SANDBOX_SELLER", site_id: "MLB" });
    expect(account.body.token_expires_at > account.body.refreshed_at).toBe(true);
  });

  it("refuses a reused, unknown or missing state with 400", async () => {
    const code = new URL(callback).searchParams.get("code")!;
    for (const query of [`code=${code}&state=${state}`, `code=${code}&state=forged`, `code=${code}`]) {
      const answer = await json(`/marketplace/callback?${query}`);
      expect(answer.status, query).toBe(400);
      expect(answer.body).toEqual({ success: false, error: expect.stringMatching(/state/) });
    }
  });

  it("discovers the Full catalogue in one sync: every ad titled, sales from the fulfillment ledger", async () => {
    // Act
    const sync = await json("/full/sync", { method: "POST" });
    const inventory = await json("/full/inventory");
    const replenishment = await json("/full/replenishment?target_days=90&trigger_days=90");

    // Assess
    expect(sync.status).toBe(200);
    expect(sync.body.discovery).toEqual({
      listed: fullAds.length,
      added: fullAds.length,
      updated: 0,
      no_longer_full: 0,
      sales_from_ledger: fullAds.length,
      failed: [],
      error: null,
    });
    expect(sync.body.stock).toMatchObject({ ads_full: fullAds.length, failed: [] });
    expect(inventory.body.count).toBe(demo.inventory.length);
    expect(inventory.body.items.every((item: { title: string | null }) => typeof item.title === "string" && item.title.length > 0)).toBe(true);
    // The ledger's 30-day count per SKU is the demo catalogue's sales.
    const shown = new Map<string, number>(replenishment.body.items.map((item: { sku: string; sales_30d: number }) => [item.sku, item.sales_30d]));
    expect(shown.size).toBeGreaterThan(0);
    for (const [sku, sales] of shown) expect(sales, sku).toBe(salesBySku.get(sku));
  });

  it("imports a CSV of local stock and one of costs; the overview shows immobilized value and the replenishment local quantities", async () => {
    // Prepare: every Full SKU in the local warehouse, and a cost for each.
    const skus = [...salesBySku.keys()].sort();
    const stockCsv = `sku;available\n${skus.map((sku, i) => `${sku};${1000 + i}`).join("\n")}\n`;
    const costOf = (i: number) => 10 + i / 4;
    const costsCsv = `sku;cost\n${skus.map((sku, i) => `${sku};${String(costOf(i)).replace(".", ",")}`).join("\n")}\n`;

    // Act
    const stock = await putCsv("/full/local-stock/CD%20Principal", stockCsv);
    const costs = await putCsv("/full/costs", costsCsv);
    const overview = await json("/full/overview");
    const inventory = await json("/full/inventory");
    const replenishment = await json("/full/replenishment?target_days=90&trigger_days=90");
    const imports = await json("/full/imports");

    // Assess
    expect(stock.body).toMatchObject({ success: true, kind: "local_stock", warehouse: "CD Principal", rows: skus.length, added: skus.length, removed: 0 });
    expect(costs.body).toMatchObject({ success: true, kind: "costs", rows: skus.length, added: fullAds.length, unmatched: 0 });
    const costBySku = new Map(skus.map((sku, i) => [sku, costOf(i)]));
    const expected = inventory.body.items.reduce((sum: number, item: { sku: string; available_qty: number | null }) => sum + (item.available_qty ?? 0) * costBySku.get(item.sku)!, 0);
    expect(overview.body.summary.immobilized_value).toBeGreaterThan(0);
    expect(overview.body.summary.immobilized_value).toBeCloseTo(expected, 2);
    expect(replenishment.body.items.length).toBeGreaterThan(0);
    for (const item of replenishment.body.items) {
      const local = 1000 + skus.indexOf(item.sku);
      expect(item.local_available, item.sku).toBe(local);
      expect(item.local_warehouses).toEqual([{ warehouse: "CD Principal", available: local }]);
    }
    expect(imports.body.imports.map((record: { kind: string; source: string }) => [record.kind, record.source])).toEqual([
      ["costs", "api"],
      ["local_stock", "api"],
    ]);
  });

  it("refuses a bad CSV line and an oversize body, changing nothing", async () => {
    // Act
    const badLine = await putCsv("/full/local-stock/CD%20Principal", "sku;available\nPISC-CLORO-10KG;5\nPISC-CLORO-10KG;cinco\n");
    const badCost = await putCsv("/full/costs", "sku,cost\nPISC-CLORO-10KG,-4\n");
    const oversize = await putCsv("/full/costs", `sku;cost\n${"X;1\n".repeat(IMPORT_MAX_BODY_BYTES / 4)}`);
    const rows = await json("/full/local-stock?warehouse=CD%20Principal");

    // Assess
    expect(badLine).toEqual({ status: 400, body: { success: false, error: 'Linha 3, campo available: "cinco" não é um número' } });
    expect(badCost).toEqual({ status: 400, body: { success: false, error: "Linha 2, campo cost: -4 é negativo" } });
    expect(oversize).toEqual({ status: 413, body: { success: false, error: `Corpo da requisição maior que ${IMPORT_MAX_BODY_BYTES} bytes` } });
    expect(rows.body.count).toBe(salesBySku.size);
    expect((await json("/full/imports")).body.imports).toHaveLength(2);
  });
});
