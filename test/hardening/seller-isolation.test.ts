import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES, routeKey } from "@fulfillment/functions/routes";
import { withScope } from "@fulfillment/functions/storage/scope";
import { scopeOfUser } from "@fulfillment/functions/storage/sellers";
import { writeGroupEntries } from "@fulfillment/functions/storage/settings";
import { useTestTable } from "#test/table";
import { invokeWithText } from "#test/events";
import { dumpTable } from "#test/dump";
import { connectTwoSellers, SELLER_A, SELLER_B } from "#test/two-sellers";
import { replaceMarketplaceEnv } from "#test/env";
import { EVERY_HANDLER, UNREACHABLE_MARKETPLACE, eventFor, routeOf } from "./endpoints.js";

/**
 * Two sellers loaded side by side, every route of one seller's data called for seller A: no answer
 * holds anything of seller B, and nothing of B's data changes. Each seller's ids carry its name
 * (MLBAAA…, SKU-BBB…), so a leak shows as text in the answer.
 */

const db = useTestTable("seller-isolation");
const A = SELLER_A.id;
const B = SELLER_B.id;
let restoreEnv: () => void;

const handlers = EVERY_HANDLER;

// A valid request of each route for seller A; the sync and the account routes have tests of their own.
const REQUESTS: Record<string, { pathParameters?: Record<string, string>; query?: Record<string, string>; body?: unknown }> = {
  "GET /full/replenishment": {},
  "GET /full/overview": {},
  "GET /full/inventory": {},
  "GET /full/inventory/{ad_id}": { pathParameters: { ad_id: "MLBAAA2" } },
  "GET /full/restock-plan": {},
  "GET /full/aged-stock": {},
  "GET /full/storage-costs": {},
  "POST /full/storage-costs/recompute": { query: { from: "2026-11-01", to: "2026-11-02" } },
  "PUT /full/skus/{sku}/planning": { pathParameters: { sku: "SKU-AAA-2" }, body: { case_pack: 12 } },
  "GET /full/sync/status": {},
  "GET /full/sync/runs": {},
  "PUT /full/costs": { body: [{ sku: "SKU-AAA-1", cost: 11 }] },
  "PUT /full/sales": { body: [{ ad_id: "MLBAAA1", sales_30d: 12 }] },
  "GET /full/imports": {},
  "GET /alerts": {},
  "GET /alerts/events": {},
  "GET /alerts/deliveries": {},
  "GET /alerts/subscriptions": {},
  "POST /alerts/subscriptions": { body: { channel: "webhook", target: "https://hooks.example.com/a" } },
  "GET /marketplace/account": {},
  "GET /settings": {},
  "GET /settings/{group}": { pathParameters: { group: "catalogo" } },
  "PUT /settings/{group}": { pathParameters: { group: "catalogo" }, body: { garantia_padrao: "12_meses" } },
  "GET /settings/overrides": {},
  "DELETE /settings/{group}/overrides/{key}": { pathParameters: { group: "catalogo", key: "garantia_padrao" } },
  // Seller A's overrides back as they were before any change; seller B's stay.
  "POST /settings/{group}/restore": { pathParameters: { group: "catalogo" }, body: { at: "2020-01-01T00:00:00Z" } },
};
const ELSEWHERE: Record<string, string> = {
  "POST /full/sync": "the sync of a named seller: packages/functions/src/services/sync (runs per seller)",
  "DELETE /marketplace/account": "removing one seller: packages/functions/src/handlers/marketplace/sellers.test.ts",
  "DELETE /alerts/subscriptions/{id}": "an id of another seller's subscription is not found: below",
  "POST /alerts/subscriptions/{id}/test": "an id of another seller's subscription is not found: below",
};

const itemsOfB = async () => (await dumpTable(db.ref)).filter((item) => String(item.pk).startsWith(`SCOPE#${scopeOfUser(B)}#`));

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv(UNREACHABLE_MARKETPLACE);
  await connectTwoSellers(db.ref, { local_stock: [{ sku: "SKU-AAA-2", available: 50, warehouse: "CD" }], tariffs: [{ id: 1, name: "P" }] });
  // Seller B's own listing default: a leak shows as its text.
  await withScope(scopeOfUser(B), () => writeGroupEntries(db.ref, "catalogo", { entries: {}, overrides: { set: { garantia_padrao: "garantia BBB" }, remove: [] }, sellerId: B }));
  // Seller B's own import, one SKU of it unknown: its record names the SKU.
  const imported = await invokeWithText(handlers["PUT /full/costs"]!, eventFor(routeOf("PUT /full/costs"), { headers: { "x-seller-id": B }, body: [{ sku: "SKU-BBB-1", cost: 9 }, { sku: "SKU-BBB-9", cost: 9 }] } as Parameters<typeof eventFor>[1]));
  expect(imported.statusCode, imported.text).toBe(200);
});

afterAll(() => restoreEnv());

describe("one seller's routes, with two sellers loaded", () => {
  it("covers every route of one seller's data", () => {
    const own = ROUTES.filter((route) => route.seller === "own" || route.sellerOverrides).map(routeKey);
    expect(Object.keys({ ...REQUESTS, ...ELSEWHERE }).sort()).toEqual(own.sort());
    for (const key of Object.keys(REQUESTS)) expect(handlers[key], key).toBeDefined();
  });

  it("shows seller A nothing of seller B, and changes nothing of B's", async () => {
    const before = await itemsOfB();
    expect(before.length).toBeGreaterThan(0);

    for (const [key, request] of Object.entries(REQUESTS)) {
      const route = routeOf(key);
      const answer = await invokeWithText(handlers[key]!, eventFor(route, { ...request, headers: { "x-seller-id": A } } as Parameters<typeof eventFor>[1]));
      expect(answer.statusCode, `${key}: ${answer.text.slice(0, 300)}`).toBeLessThan(500);
      expect(answer.statusCode, `${key}: ${answer.text.slice(0, 300)}`).not.toBe(400);
      // The account answer lists the connected accounts, the directory a caller picks a seller from.
      const text = key === "GET /marketplace/account" ? JSON.stringify({ ...JSON.parse(answer.text), accounts: undefined }) : answer.text;
      expect(text, `${key} answered something of seller B`).not.toMatch(/BBB|90909/);
    }

    expect(await itemsOfB()).toEqual(before);
  });

  it("finds no subscription of seller B for seller A: testing or deleting it answers 404", async () => {
    const created = await withScope(scopeOfUser(B), async () =>
      invokeWithText(handlers["POST /alerts/subscriptions"]!, eventFor(routeOf("POST /alerts/subscriptions"), { headers: { "x-seller-id": B }, body: { channel: "webhook", target: "https://hooks.example.com/b" } } as Parameters<typeof eventFor>[1])),
    );
    const id = JSON.parse(created.text).subscription?.id ?? JSON.parse(created.text).id;
    const before = await itemsOfB();

    for (const key of ["POST /alerts/subscriptions/{id}/test", "DELETE /alerts/subscriptions/{id}"]) {
      const answer = await invokeWithText(handlers[key]!, eventFor(routeOf(key), { pathParameters: { id }, headers: { "x-seller-id": A } } as Parameters<typeof eventFor>[1]));
      expect(answer.statusCode, `${key}: ${answer.text.slice(0, 300)}`).toBe(404);
    }
    expect(await itemsOfB()).toEqual(before);
  });
});
