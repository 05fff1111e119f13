import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ENDPOINTS } from "@fulfillment/functions/contract/endpoints";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { replaceMarketplaceEnv } from "#test/env";
import { EVERY_HANDLER, UNREACHABLE_MARKETPLACE, eventFor, routeOf } from "./endpoints.js";

/**
 * One value over its limit on every route that takes a query or a body: 400 in the route family's
 * envelope, a sentence naming the field in pt-BR (the default) and in English (Accept-Language: en),
 * and every stored item as it was.
 */

const db = useTestTable("over-limit");
let restoreEnv: () => void;

const handlers = EVERY_HANDLER;

interface OverLimit {
  /** The field the refusal must name. */
  field: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  body?: unknown;
}

const long = (length: number, character = "x"): string => character.repeat(length);

// Each case: one value just over the limit the contract states for it, the rest of the request valid.
const CASES: Record<string, OverLimit> = {
  "GET /full/replenishment": { field: "target_days", query: { target_days: long(256, "1") } },
  "GET /full/inventory": { field: "sort_by", query: { sort_by: long(256) } },
  "GET /full/restock-plan": { field: "horizon_days", query: { horizon_days: long(256, "1") } },
  "GET /full/aged-stock": { field: "format", query: { format: long(256) } },
  "GET /full/storage-costs": { field: "month", query: { month: long(8, "2") } },
  "POST /full/storage-costs/recompute": { field: "from", query: { from: long(11, "2") } },
  "PUT /full/skus/{sku}/planning": { field: "case_pack", pathParameters: { sku: "A" }, body: { case_pack: 10_001 } },
  "GET /full/sync/runs": { field: "limit", query: { limit: long(256, "1") } },
  "GET /full/tariffs": { field: "at", query: { at: long(11, "2") } },
  "POST /full/tariffs": { field: "name", body: { name: long(256), daily_fee: 1 } },
  "PUT /full/tariffs/{tariff_id}": { field: "daily_fee", pathParameters: { tariff_id: "1" }, body: { daily_fee: long(65, "1") } },
  "DELETE /full/tariffs/{tariff_id}": { field: "effective_from", pathParameters: { tariff_id: "1" }, query: { effective_from: long(11, "2") } },
  "PUT /settings/{group}": { field: "body", pathParameters: { group: "geral" }, body: { [long(256, "k")]: "1" } },
  "GET /settings/{group}/history": { field: "cursor", pathParameters: { group: "geral" }, query: { cursor: long(201) } },
  "POST /settings/{group}/restore": { field: "change_id", pathParameters: { group: "geral" }, body: { change_id: long(65) } },
  "GET /history/core_ai": { field: "start_date", query: { start_date: long(256, "2"), end_date: "2026-01-31" } },
  "GET /marketplace/connect": { field: "redirect", query: { redirect: long(256, "0") } },
  "GET /marketplace/callback": { field: "error", query: { error: long(513) } },
  "POST /marketplace/notifications": {
    field: "topic",
    body: { resource: "/stock/fulfillment/operations/1", user_id: 1, topic: long(65), application_id: 1, attempts: 1 },
  },
  "PUT /full/local-stock/{warehouse}": { field: "[0].sku", pathParameters: { warehouse: "CD" }, body: [{ sku: long(256), available: 1 }] },
  "GET /full/local-stock": { field: "warehouse", query: { warehouse: long(101) } },
  "PUT /full/costs": { field: "[0].sku", body: [{ sku: long(256), cost: 1 }] },
  "PUT /full/sales": { field: "[1].ad_id", body: [{ ad_id: "MLB1", sales_30d: 1 }, { ad_id: long(256), sales_30d: 1 }] },
  "GET /full/imports": { field: "limit", query: { limit: long(256, "1") } },
  "GET /alerts": { field: "sku", query: { sku: long(201) } },
  "GET /alerts/events": { field: "sku", query: { sku: long(201) } },
  "GET /alerts/deliveries": { field: "subscription_id", query: { subscription_id: long(65) } },
  "POST /alerts/subscriptions": { field: "target", body: { channel: "webhook", target: `https://hooks.example.com/${long(2048)}` } },
};

const ENVELOPES = { error: ["error"], has_data: ["error", "has_data"], success: ["error", "success"] };

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv(UNREACHABLE_MARKETPLACE);
  await load(db.ref, {
    ads: [ad({ id: "MLB1", sku: "A", cost: 10, sales_30d: 30 })],
    inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "A", available_qty: 5 })],
    local_stock: [{ sku: "A", available: 50, warehouse: "CD" }],
    tariffs: [{ id: 1, name: "P" }],
    settings: [{ key: "empresa_nome", value: "Loja", group: "geral" }],
  });
});

afterAll(() => {
  restoreEnv();
});

describe("input over a contract limit", () => {
  it("has a case for every route that takes a query or a body", () => {
    const taking = [...ENDPOINTS.entries()].filter(([, endpoint]) => endpoint.parts.query || endpoint.parts.body).map(([key]) => key);
    expect(Object.keys(CASES).sort()).toEqual(taking.sort());
    for (const key of taking) expect(handlers[key], key).toBeDefined();
  });

  for (const [key, { field, ...request }] of Object.entries(CASES)) {
    it(`${key}: 400 naming ${field} in pt-BR and English, nothing stored`, async () => {
      // Prepare
      const route = routeOf(key);
      const before = await dumpTable(db.ref);
      const event = (language?: string) => eventFor(route, { ...request, headers: language ? { "accept-language": language } : {} } as Parameters<typeof eventFor>[1]);

      // Act
      const portuguese = await invoke(handlers[key]!, event());
      const english = await invoke(handlers[key]!, event("en"));

      // Assess
      for (const answer of [portuguese, english]) {
        expect(answer.statusCode, `${key}: ${JSON.stringify(answer.body)}`).toBe(400);
        expect(Object.keys(answer.body).sort()).toEqual(ENVELOPES[route.envelope]);
        expect(answer.body.error).toContain(field);
      }
      expect(portuguese.headers["content-language"]).toBe("pt-BR");
      expect(english.headers["content-language"]).toBe("en");
      expect(portuguese.body.error).toMatch(/\b(deve|devem|não)\b/i);
      expect(english.body.error).toMatch(/\b(must|is not|not a)\b/i);
      expect(await dumpTable(db.ref), `${key} changed the table`).toEqual(before);
    });
  }
});
