import type { APIGatewayEventRequestContextJWTAuthorizer } from "aws-lambda";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";
import { withScope } from "@fulfillment/functions/storage/scope";
import { registerSeller, scopeOfUser } from "@fulfillment/functions/storage/sellers";
import { writeGroupEntries } from "@fulfillment/functions/storage/settings";
import { useTestTable } from "#test/table";
import { invokeWithText } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { replaceMarketplaceEnv } from "#test/env";
import { EVERY_HANDLER, UNREACHABLE_MARKETPLACE, eventFor } from "./endpoints.js";

/**
 * Two sellers loaded, a token granted seller A only: every route of one seller's data, and every
 * settings route that takes a seller's overrides, called naming seller B, answers 403 in its family's envelope listing A alone, shows nothing of B and
 * changes nothing of B's, whatever the route would have done.
 */

const db = useTestTable("seller-access-sweep");
const A = "101";
const B = "90909";
let restoreEnv: () => void;

const handlers = EVERY_HANDLER;

/** A token granted seller A with every scope, as API Gateway hands its claims to the function. */
const grantedA: APIGatewayEventRequestContextJWTAuthorizer = {
  jwt: { claims: { sub: "ana", email: "ana@example.com", sellers: A }, scopes: ["fulfillment/read", "fulfillment/write", "settings/admin"] },
};

const catalogue = (name: string) => ({
  ads: [1, 2].map((n) => ad({ id: `MLB${name}${n}`, title: `Anúncio ${name} ${n}`, sku: `SKU-${name}-${n}`, cost: 10, sales_30d: 30 })),
  inventory: [1, 2].map((n) => inventory({ inventory_id: `INV${name}${n}`, ad_id: `MLB${name}${n}`, sku: `SKU-${name}-${n}`, available_qty: 5 })),
});

/** A request each route would take: ids and bodies of seller B's data. */
const REQUEST: Record<string, { pathParameters?: Record<string, string>; query?: Record<string, string>; body?: object }> = {
  "GET /full/inventory/{ad_id}": { pathParameters: { ad_id: "MLBBBB1" } },
  "POST /full/storage-costs/recompute": { query: { from: "2026-11-01", to: "2026-11-02" } },
  "PUT /full/skus/{sku}/planning": { pathParameters: { sku: "SKU-BBB-1" }, body: { case_pack: 12 } },
  "PUT /full/costs": { body: [{ sku: "SKU-BBB-1", cost: 11 }] },
  "PUT /full/sales": { body: [{ ad_id: "MLBBBB1", sales_30d: 12 }] },
  "POST /alerts/subscriptions": { body: { channel: "webhook", target: "https://hooks.example.com/b" } },
  "DELETE /alerts/subscriptions/{id}": { pathParameters: { id: "sub-1" } },
  "POST /alerts/subscriptions/{id}/test": { pathParameters: { id: "sub-1" } },
  "GET /settings/{group}": { pathParameters: { group: "estoque" } },
  "PUT /settings/{group}": { pathParameters: { group: "estoque" }, body: { lead_time_padrao: 3 } },
  "DELETE /settings/{group}/overrides/{key}": { pathParameters: { group: "estoque", key: "lead_time_padrao" } },
  "POST /settings/{group}/restore": { pathParameters: { group: "estoque" }, body: { at: "2020-01-01T00:00:00Z" } },
};

const itemsOfB = async () => (await dumpTable(db.ref)).filter((item) => String(item.pk).startsWith(`SCOPE#${scopeOfUser(B)}#`));

const envelopeOf = (route: Route) => (route.envelope === "error" ? {} : route.envelope === "has_data" ? { has_data: false } : { success: false });

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv(UNREACHABLE_MARKETPLACE);
  await registerSeller(db.ref, { user_id: A, nickname: "LOJA_AAA" });
  await registerSeller(db.ref, { user_id: B, nickname: "LOJA_BBB" });
  await withScope("", () => load(db.ref, catalogue("AAA")));
  await withScope(scopeOfUser(B), () => load(db.ref, catalogue("BBB")));
  await withScope(scopeOfUser(B), () => writeGroupEntries(db.ref, "estoque", { entries: {}, overrides: { set: { lead_time_padrao: "9" }, remove: [] }, sellerId: B }));
});

afterAll(() => restoreEnv());

describe("a caller granted seller A, with two sellers loaded", () => {
  it("is refused seller B on every route of one seller's data, in the route's envelope, and nothing of B changes", async () => {
    const before = await itemsOfB();
    expect(before.length).toBeGreaterThan(0);
    // The settings routes take a seller for its overrides: naming one is refused alike.
    const own = ROUTES.filter((route) => route.seller === "own" || route.sellerOverrides);

    for (const route of own) {
      const key = routeKey(route);
      expect(handlers[key], key).toBeDefined();
      for (const named of [{ headers: { "x-seller-id": B } }, { query: { ...REQUEST[key]?.query, seller_id: B } }]) {
        const answer = await invokeWithText(handlers[key]!, { ...eventFor(route, { ...REQUEST[key], ...named }), authorizer: grantedA });
        const body = JSON.parse(answer.text);
        expect(answer.statusCode, `${key}: ${answer.text.slice(0, 300)}`).toBe(403);
        // The refusal names the seller asked for, and nothing else of it.
        expect(body, key).toEqual({ ...envelopeOf(route), error: `Você não tem acesso à conta do marketplace "${B}". Contas liberadas para você: ${A} (LOJA_AAA)`, sellers: [{ id: A, nickname: "LOJA_AAA" }] });
      }
    }

    expect(await itemsOfB()).toEqual(before);
  });
});
