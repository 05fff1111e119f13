import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createDocumentClient, useTable } from "#storage/client";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { useTestTable } from "#test/table";
import { invoke, type EventInput } from "#test/events";
import { load, ad, inventory } from "#test/fixtures";
import { HANDLERS } from "./endpoints.js";
import { replaceMarketplaceEnv } from "#test/env";

/**
 * DynamoDB out of reach (a closed port): every endpoint that reads or writes answers its SPEC
 * failure envelope within the client's bounded retries, and answers normally once the table is back.
 */

const db = useTestTable("unreachable");
let restoreEnv: () => void;

const REQUESTS: [string, EventInput, number, Record<string, unknown>][] = [
  ["GET /full/replenishment", { path: "/full/replenishment" }, 500, { error: expect.any(String) }],
  ["GET /full/overview", { path: "/full/overview" }, 500, { has_data: false, error: expect.any(String) }],
  ["GET /full/inventory", { path: "/full/inventory" }, 500, { has_data: false, error: expect.any(String) }],
  ["GET /full/inventory/{ad_id}", { path: "/full/inventory/MLB1", pathParameters: { ad_id: "MLB1" } }, 500, { error: expect.any(String) }],
  ["GET /full/restock-plan", { path: "/full/restock-plan" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/aged-stock", { path: "/full/aged-stock" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/storage-costs", { path: "/full/storage-costs" }, 500, { success: false, error: expect.any(String) }],
  ["POST /full/storage-costs/recompute", { method: "POST", path: "/full/storage-costs/recompute", query: { from: "2026-11-01" } }, 500, { success: false, error: expect.any(String) }],
  [
    "PUT /full/skus/{sku}/planning",
    { method: "PUT", path: "/full/skus/A/planning", pathParameters: { sku: "A" }, body: { case_pack: 6 } },
    500,
    { success: false, error: expect.any(String) },
  ],
  ["POST /full/sync", { method: "POST", path: "/full/sync" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/sync/status", { path: "/full/sync/status" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/sync/runs", { path: "/full/sync/runs" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/tariffs", { path: "/full/tariffs" }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/tariffs/history", { path: "/full/tariffs/history" }, 500, { success: false, error: expect.any(String) }],
  ["POST /full/tariffs", { method: "POST", path: "/full/tariffs", body: { name: "X" } }, 400, { success: false, error: expect.any(String) }],
  [
    "PUT /full/tariffs/{tariff_id}",
    { method: "PUT", path: "/full/tariffs/1", pathParameters: { tariff_id: "1" }, body: { daily_fee: 1 } },
    400,
    { success: false, error: expect.any(String) },
  ],
  [
    "DELETE /full/tariffs/{tariff_id}",
    { method: "DELETE", path: "/full/tariffs/1", pathParameters: { tariff_id: "1" } },
    400,
    { success: false, error: expect.any(String) },
  ],
  ["GET /settings", { path: "/settings" }, 500, { success: false, error: expect.any(String) }],
  ["GET /settings/{group}", { path: "/settings/geral", pathParameters: { group: "geral" } }, 500, { success: false, error: expect.any(String) }],
  [
    "PUT /settings/{group}",
    { method: "PUT", path: "/settings/geral", pathParameters: { group: "geral" }, body: { moeda: "USD" } },
    500,
    { success: false, error: expect.any(String) },
  ],
  ["GET /settings/{group}/history", { path: "/settings/geral/history", pathParameters: { group: "geral" } }, 500, { success: false, error: expect.any(String) }],
  [
    "POST /settings/{group}/restore",
    { method: "POST", path: "/settings/geral/restore", pathParameters: { group: "geral" }, body: { at: "2026-11-21T10:00:00Z" } },
    500,
    { success: false, error: expect.any(String) },
  ],
  ["GET /settings/overrides", { path: "/settings/overrides" }, 500, { success: false, error: expect.any(String) }],
  [
    "DELETE /settings/{group}/overrides/{key}",
    { method: "DELETE", path: "/settings/estoque/overrides/lead_time_padrao", pathParameters: { group: "estoque", key: "lead_time_padrao" } },
    500,
    { success: false, error: expect.any(String) },
  ],
  ["GET /history/core_ai", { path: "/history/core_ai" }, 500, { success: false, error: expect.any(String) }],
  ["GET /marketplace/connect", { path: "/marketplace/connect", headers: { host: "127.0.0.1:3000" } }, 500, { success: false, error: expect.any(String) }],
  ["GET /marketplace/callback", { path: "/marketplace/callback", query: { state: "s", code: "c" } }, 500, { success: false, error: expect.any(String) }],
  ["GET /marketplace/account", { path: "/marketplace/account" }, 500, { success: false, error: expect.any(String) }],
  ["DELETE /marketplace/account", { method: "DELETE", path: "/marketplace/account" }, 500, { success: false, error: expect.any(String) }],
  [
    "PUT /full/local-stock/{warehouse}",
    { method: "PUT", path: "/full/local-stock/CD1", pathParameters: { warehouse: "CD1" }, body: [{ sku: "A", available: 1 }] },
    500,
    { success: false, error: expect.any(String) },
  ],
  ["GET /full/local-stock", { path: "/full/local-stock" }, 500, { success: false, error: expect.any(String) }],
  ["PUT /full/costs", { method: "PUT", path: "/full/costs", body: [{ sku: "A", cost: 1 }] }, 500, { success: false, error: expect.any(String) }],
  ["PUT /full/sales", { method: "PUT", path: "/full/sales", body: [{ sku: "A", sales_30d: 1 }] }, 500, { success: false, error: expect.any(String) }],
  ["GET /full/imports", { path: "/full/imports" }, 500, { success: false, error: expect.any(String) }],
];

/** What each endpoint answers once the table is back: created, redirected, and a made-up state refused. */
const RECOVERED_STATUS: Record<string, number> = { "POST /full/tariffs": 201, "GET /marketplace/connect": 302, "GET /marketplace/callback": 400 };

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv({
    MARKETPLACE_API_URL: "http://127.0.0.1:9",
    MARKETPLACE_CLIENT_ID: "client",
    MARKETPLACE_CLIENT_SECRET: "client-secret",
  });
  await load(db.ref, {
    ads: [ad({ id: "MLB1", sku: "A", sales_30d: 30 })],
    inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "A", available_qty: 5 })],
    tariffs: [{ id: 1, name: "P" }],
  });
});

afterAll(() => {
  useTable(db.ref);
  restoreEnv();
});

describe("DynamoDB unreachable", () => {
  it("covers every endpoint that touches the table", () => {
    expect(REQUESTS.map(([key]) => key).sort()).toEqual(Object.keys(HANDLERS).filter((key) => key !== "GET /settings/defaults").sort());
  });

  it("every endpoint answers its SPEC failure envelope, without internals, and recovers when the table is back", async () => {
    // Prepare: the same table name, on a port where nothing listens.
    const closedPort = await freePort();
    useTable({ doc: createDocumentClient({ endpoint: `http://127.0.0.1:${closedPort}` }), table: db.ref.table });

    // Act
    const failed = await Promise.all(REQUESTS.map(([key, request]) => invoke(HANDLERS[key]!, request)));
    const defaults = await invoke(HANDLERS["GET /settings/defaults"]!, { path: "/settings/defaults" });

    // Assess
    REQUESTS.forEach(([key, request, status, body], i) => {
      expect([key, failed[i]!.statusCode]).toEqual([key, status]);
      expect(failed[i]!.body).toEqual(body);
      // Issue 17: the text says storage is unreachable, not "Unexpected failure"; a write says nothing was stored.
      expect(failed[i]!.body.error).toMatch(/^A requisição falhou: o armazenamento está inacessível, o banco de dados não pôde ser alcançado\./);
      if (request.method && request.method !== "GET") expect(failed[i]!.body.error).toContain("A alteração não foi gravada.");
      expect(failed[i]!.body.error).not.toMatch(/Falha inesperada|Unexpected failure|ECONNREFUSED|127\.0\.0\.1|\n\s+at /);
    });
    expect(defaults.statusCode).toBe(200);

    // Act: the table is reachable again.
    useTable(db.ref);
    const recovered: [string, number][] = [];
    for (const [key, request] of REQUESTS.filter(([key]) => key !== "POST /full/sync")) {
      recovered.push([key, (await invoke(HANDLERS[key]!, request)).statusCode]);
    }

    // Assess
    expect(recovered).toEqual(
      REQUESTS.filter(([key]) => key !== "POST /full/sync").map(([key]) => [key, RECOVERED_STATUS[key] ?? 200]),
    );
  }, 60_000);
});
