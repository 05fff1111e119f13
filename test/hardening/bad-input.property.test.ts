import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { routeKey } from "@fulfillment/functions/routes";
import { MAX_REQUEST_BODY_BYTES } from "#http/limits";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpStoredData, dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { loadDataset } from "@fulfillment/local/loader/load";
import { Settings } from "@fulfillment/core";
import { listGroupEntries } from "#storage/settings";
import { HANDLERS, REQUESTS, UNREACHABLE_MARKETPLACE, WRITING_GETS, callHandler, eventFor, expectSpecAnswer, routeOf } from "./endpoints.js";
import { replaceMarketplaceEnv } from "#test/env";

/**
 * Hostile input on every endpoint: whatever the path, query and body, the answer is JSON in the
 * endpoint family's envelope, no 5xx but where SPEC section 7 prescribes one, and a refused request
 * (and any GET) leaves every stored item exactly as it was.
 */

const db = useTestTable("bad-input");
// HARDENING_RUNS raises the count for a deeper run by hand; CI keeps the default.
const NUM_RUNS = Number(process.env.HARDENING_RUNS ?? 20);
let restoreEnv: () => void;

beforeAll(async () => {
  // POST /full/sync runs without a marketplace credential here: its failure is the SPEC 500.
  restoreEnv = replaceMarketplaceEnv(UNREACHABLE_MARKETPLACE);
  await load(db.ref, {
    ads: [ad({ id: "MLB1", sku: "A", cost: 10, sales_30d: 30 }), ad({ id: "MLB2", sku: "B", sales_30d: 3 })],
    inventory: [
      inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "A", available_qty: 5, days_of_stock: 5, oldest_stock_days: 100 }),
      inventory({ inventory_id: "INV2", ad_id: "MLB2", sku: "B", available_qty: 1 }),
    ],
    daily_stock: [{ inventory_id: "INV1", day: "2026-01-01", available_qty: 1, in_transit_qty: 0, not_available_qty: 0 }],
    local_stock: [{ sku: "A", available: 50, warehouse: "CD" }],
    metrics: [{ sku: "A", storage_cost: 1, storage_risk_cost: 0 }],
    tariffs: [{ id: 1, name: "P" }, { id: 2, name: "M", min_volume_l: 1 }, { id: 3, name: "G", min_volume_l: 10 }],
    settings: [{ key: "lead_time_padrao", value: "20", group: "estoque" }],
  });
  await loadDataset(db.ref, {
    system_logs: [{ id: 1, timestamp: "2026-01-01T03:00:00", message: "Reconciliação", level: "INFO", details: '{"a":1}', module: "core_ai" }],
    credentials: [{ provider: "erp", access_token: "erp-token", refresh_token: "" }],
  });
});

afterAll(() => {
  restoreEnv();
});

/** Every run of the sync is recorded, a failed one too: for it the stored data, not the run history, must stay as it was. */
const snapshot = (key: string) => (key === "POST /full/sync" ? dumpStoredData(db.ref) : dumpTable(db.ref));

async function checkRequest(key: string, request: Parameters<typeof eventFor>[1]): Promise<void> {
  const route = routeOf(key);
  const before = await snapshot(key);
  const response = await invoke(HANDLERS[key]!, eventFor(route, request));
  expectSpecAnswer(route, response);
  if (response.statusCode >= 400 || (route.method === "GET" && !WRITING_GETS.has(key))) {
    expect(await snapshot(key), `${key} answered ${response.statusCode} and changed the table`).toEqual(before);
  }
}

// Writers first, so the readers also meet whatever the writers let in.
const ORDER = [
  "PUT /full/local-stock/{warehouse}",
  "PUT /full/costs",
  "PUT /full/sales",
  "DELETE /marketplace/account",
  "GET /marketplace/connect",
  "GET /marketplace/callback",
  "PUT /settings/{group}",
  "POST /settings/{group}/restore",
  "DELETE /settings/{group}/overrides/{key}",
  "PUT /full/skus/{sku}/planning",
  "POST /full/tariffs",
  "PUT /full/tariffs/{tariff_id}",
  "DELETE /full/tariffs/{tariff_id}",
  "POST /full/sync",
  "POST /full/storage-costs/recompute",
  "GET /full/replenishment",
  "GET /full/overview",
  "GET /full/inventory",
  "GET /full/inventory/{ad_id}",
  "GET /full/sync/status",
  "GET /full/sync/runs",
  "GET /full/restock-plan",
  "GET /full/aged-stock",
  "GET /full/storage-costs",
  "GET /full/tariffs",
  "GET /full/tariffs/history",
  "GET /settings",
  "GET /settings/defaults",
  "GET /settings/{group}",
  "GET /settings/{group}/history",
  "GET /settings/overrides",
  "GET /history/core_ai",
  "GET /marketplace/account",
  "GET /full/local-stock",
  "GET /full/imports",
];

describe("hostile input on every endpoint", () => {
  it("covers every route of the route table", () => {
    expect([...ORDER].sort()).toEqual(Object.keys(HANDLERS).sort());
    expect(Object.keys(REQUESTS).sort()).toEqual(Object.keys(HANDLERS).sort());
  });

  it.each(ORDER)("%s: JSON in its envelope, no unprescribed 5xx, a refusal changes nothing", async (key) => {
    await fc.assert(
      fc.asyncProperty(REQUESTS[key]!, (request) => checkRequest(key, request)),
      { numRuns: NUM_RUNS },
    );
  });

  it("keeps the invariants over mixed sequences of requests to any endpoint", async () => {
    const anyRequest = fc.oneof(...ORDER.map((key) => REQUESTS[key]!.map((request) => ({ key, request }))));
    await fc.assert(
      fc.asyncProperty(fc.array(anyRequest, { minLength: 2, maxLength: 6 }), async (requests) => {
        for (const { key, request } of requests) await checkRequest(key, request);
      }),
      { numRuns: 15 },
    );
  });
});

describe("values at the edge of what the table holds", () => {
  const put = (group: string, body: string) => invoke(HANDLERS["PUT /settings/{group}"]!, eventFor(routeOf("PUT /settings/{group}"), { pathParameters: { group }, body }));

  it("PUT /settings stores every key of any JSON object body, prototype-like names included, as its text", async () => {
    const key = fc.oneof(
      fc.constantFrom("constructor", "toString", "hasOwnProperty", "valueOf", "prototype", "name", "Map", "lead_time_padrao", "erp_api_token"),
      fc.string({ minLength: 1, maxLength: 12 }),
      fc.string({ unit: "grapheme", minLength: 1, maxLength: 6 }),
    ).filter((k) => k !== "__proto__");
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...Settings.SETTING_GROUPS), fc.dictionary(key, fc.jsonValue({ maxDepth: 2 }), { minKeys: 1, maxKeys: 5 }), async (group, values) => {
        const response = await put(group, JSON.stringify(values));
        expect(response.statusCode).toBe(200);
        const stored = new Map((await listGroupEntries(db.ref, group)).map((entry) => [entry.key, entry.value]));
        for (const [k, v] of Object.entries(values)) expect(stored.get(k)).toBe(Settings.writeValue(v));
      }),
      { numRuns: NUM_RUNS },
    );
  });

  it.each([[1024], [1025], [2046], [3000]])("GET /full/inventory/{ad_id} answers 404 for an id of %i characters, longer than any key", async (length) => {
    const response = await invoke(HANDLERS["GET /full/inventory/{ad_id}"]!, eventFor(routeOf("GET /full/inventory/{ad_id}"), { pathParameters: { ad_id: "é".repeat(length) } }));
    expect(response.statusCode).toBe(404);
    expect(response.body).toEqual({ error: expect.stringContaining("Nenhum estoque Full para o anúncio") });
  });

  it("PUT /settings refuses a key over the contract's 255 characters with 400 naming the limit, changing nothing", async () => {
    const before = await dumpTable(db.ref);
    const response = await put("geral", JSON.stringify({ ["k".repeat(70_000)]: 1, moeda: "USD" }));
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: "Os nomes de campo de body devem ter no máximo 255 caracteres" });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it.each([["__proto__"], [""]])("PUT /settings refuses a key the table cannot hold with a readable 500, changing nothing", async (key) => {
    const before = await dumpTable(db.ref);
    const response = await put("geral", JSON.stringify({ [key]: 1, moeda: "USD" }));
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(/^Setting key ".*" cannot be stored$/) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("POST /full/tariffs refuses numbers the table cannot hold exactly with 400 naming the field, changing nothing", async () => {
    const field = fc.constantFrom("min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor");
    const outOfRange = fc.oneof(
      fc.double({ min: 2 ** 53, noDefaultInfinity: true, noNaN: true }).map((n) => JSON.stringify(n)),
      fc.constantFrom("1e200", "1e-200", "1e-131", "123456789012345678901234567890", '"1e300"', '"0.1e-140"'),
    );
    await fc.assert(
      fc.asyncProperty(field, outOfRange, async (name, literal) => {
        const before = await dumpTable(db.ref);
        const response = await invoke(HANDLERS["POST /full/tariffs"]!, eventFor(routeOf("POST /full/tariffs"), { body: `{"${name}": ${literal}}` }));
        expect(response.statusCode).toBe(400);
        expect(response.body).toEqual({ success: false, error: expect.stringContaining(`Valor inválido para ${name}`) });
        expect(await dumpTable(db.ref)).toEqual(before);
      }),
      { numRuns: 20 },
    );
  });
});

describe("request body size limit", () => {
  /** A body of exactly `bytes` bytes in UTF-8, made of 1- and 2-byte characters. */
  const bodyOfBytes = (bytes: number, multibyte: boolean): string =>
    multibyte ? "é".repeat(Math.floor(bytes / 2)) + "a".repeat(bytes % 2) : `{"note":"${"a".repeat(bytes - 11)}"}`;

  it.each(ORDER)("%s: a body over the route's limit (256 KiB, imports 3 MiB) is refused with 413 in the family's envelope, before parsing, changing nothing", async (key) => {
    const route = routeOf(key);
    const limit = route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: 4096 }), fc.boolean(), fc.boolean(), async (excess, multibyte, base64) => {
        const before = await dumpTable(db.ref);
        const body = bodyOfBytes(limit + excess, multibyte);
        const pathParameters = { ad_id: "MLB1", tariff_id: "1", group: "geral", sku: "A", warehouse: "CD" };
        const response = await callHandler(HANDLERS[key]!, eventFor(route, { body, base64, pathParameters }));
        expect(response.statusCode).toBe(413);
        expectSpecAnswer(route, response);
        expect(response.body.error).toBe(`Corpo da requisição maior que ${limit} bytes`);
        expect(await dumpTable(db.ref)).toEqual(before);
      }),
      { numRuns: 4 },
    );
  });

  it("accepts a body of exactly 256 KiB, plain or base64-encoded", async () => {
    const route = routeOf("POST /full/tariffs");
    for (const base64 of [false, true]) {
      for (const bytes of [MAX_REQUEST_BODY_BYTES - 2, MAX_REQUEST_BODY_BYTES - 1, MAX_REQUEST_BODY_BYTES]) {
        const response = await invoke(HANDLERS[routeKey(route)]!, eventFor(route, { body: bodyOfBytes(bytes, false), base64 }));
        expect([bytes, base64, response.statusCode]).toEqual([bytes, base64, 201]);
      }
      const over = await invoke(HANDLERS[routeKey(route)]!, eventFor(route, { body: bodyOfBytes(MAX_REQUEST_BODY_BYTES + 1, false), base64 }));
      expect(over.statusCode).toBe(413);
    }
  });
});
