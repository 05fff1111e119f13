/**
 * The document takes every request SPEC allows, exactly as the handlers do: each case is checked
 * against docs/openapi.json and parsed by the route's own request schema, which must read it as
 * SPEC says (defaults, clamping, numeric text, the lenient tariff body).
 */
import { ROUTES, routeKey } from "@fulfillment/functions/routes";
import { ENDPOINTS } from "@fulfillment/functions/contract/endpoints";
import { parseRequest } from "@fulfillment/functions/http/handler";
import type { HttpRequest } from "@fulfillment/functions/http/request";
import { describe, expect, it } from "vitest";
import { documentedRequestViolations, type DocumentedRequest } from "#test/openapi";
import { createRouter } from "../gateway/router.js";

const route = createRouter(ROUTES);

/** The request as the handler's wrapper hands it to the route's schema. */
function parsed(request: DocumentedRequest): unknown {
  const url = new URL(request.path, "http://localhost");
  const match = route(request.method, url.pathname);
  if (match.kind !== "route") throw new Error(`${request.method} ${url.pathname} matches no route`);
  const endpoint = ENDPOINTS.get(routeKey(match.route))!;
  const headers = Object.fromEntries(Object.entries(request.headers ?? {}).map(([name, value]) => [name.toLowerCase(), value]));
  const http: HttpRequest = {
    method: request.method,
    path: url.pathname,
    pathParameters: match.pathParameters,
    query: Object.fromEntries(url.searchParams),
    headers,
    body: request.body === undefined ? undefined : JSON.stringify(request.body),
    domainName: undefined,
    locale: "pt-BR",
    encodings: [],
    representation: "json",
    requestId: null,
    actor: "local",
  };
  return parseRequest(endpoint, http);
}

type Case = [name: string, request: DocumentedRequest, reads: unknown];

const get = (path: string): DocumentedRequest => ({ method: "GET", path });

/** SPEC-valid requests the service answers 2xx, with what the route's schema reads from them. */
const LENIENT: Case[] = [
  ["alerts=0 is ignored (SPEC 4.A)", get("/full/inventory?alerts=0"), { query: { sortBy: "coverage", alertsOnly: false } }],
  ["an unknown sort_by behaves as coverage", get("/full/inventory?sort_by=newest"), { query: { sortBy: "coverage", alertsOnly: false } }],
  ["sort_by=aged with alerts=1", get("/full/inventory?sort_by=aged&alerts=1"), { query: { sortBy: "aged", alertsOnly: true } }],
  ["target_days=200 is clamped to 90", get("/full/replenishment?target_days=200"), { query: { targetDays: 90, triggerDays: 14 } }],
  ["trigger_days=0 is clamped to 1", get("/full/replenishment?trigger_days=0"), { query: { targetDays: 30, triggerDays: 1 } }],
  ["trigger_days above target_days is clamped to it", get("/full/replenishment?target_days=3&trigger_days=10"), { query: { targetDays: 7, triggerDays: 7 } }],
  ["a target_days that is not a whole number gives the default", get("/full/replenishment?target_days=abc&trigger_days=2.5"), { query: { targetDays: 30, triggerDays: 14 } }],
  [
    "start_date and end_date in another format are ignored",
    get("/history/core_ai?start_date=26/11/2026&end_date=yesterday"),
    { query: { start_date: "26/11/2026", end_date: "yesterday" } },
  ],
  ["start_date alone is ignored", get("/history/core_ai?start_date=2026-11-01"), { query: { start_date: "2026-11-01" } }],
  ["the runs limit at its bounds", get("/full/sync/runs?limit=100"), { query: { limit: 100 } }],
  ["a blank runs limit gives the default", get("/full/sync/runs?limit="), { query: { limit: 20 } }],
  ["the imports limit at its bound", get("/full/imports?limit=200"), { query: { limit: 200 } }],
  [
    "restock plan bounds and a format in capitals",
    get("/full/restock-plan?target_days=7&horizon_days=0&format=CSV"),
    { query: { target_days: 7, horizon_days: 0, format: "CSV" } },
  ],
  ["connect with redirect=0", get("/marketplace/connect?redirect=0"), { query: { redirect: "0" } }],
  ["a settings group", get("/settings/core_ai"), { path: { group: "core_ai" } }],
  ["aged stock as JSON", get("/full/aged-stock?format=json"), { query: { format: "json" } }],
  ["one SKU's storage costs of a month as CSV", get("/full/storage-costs?month=2026-10&sku=A&format=csv"), { query: { month: "2026-10", sku: "A", format: "csv" } }],
  ["a recompute from a day", { method: "POST", path: "/full/storage-costs/recompute?from=2026-10-01" }, { query: { from: "2026-10-01" } }],
  ["one warehouse's local stock", get("/full/local-stock?warehouse=CD%20Sul"), { query: { warehouse: "CD Sul" } }],
  ["a settings history page", get("/settings/estoque/history?limit=5&cursor=2026-11-21T10:00:00.000Z-1a2b3c4d"), { query: { limit: 5, cursor: "2026-11-21T10:00:00.000Z-1a2b3c4d" } }],
  ["the tariffs in force on a day", get("/full/tariffs?at=2026-12-01"), { query: { at: "2026-12-01" } }],
  ["a tariff deleted from a day", { method: "DELETE", path: "/full/tariffs/3?effective_from=2026-12-01" }, { path: { tariff_id: 3 }, query: { effective_from: "2026-12-01" } }],
  ["open alerts of a kind and SKU", get("/alerts?kind=aged_stock&sku=MG-20"), { query: { kind: "aged_stock", sku: "MG-20" } }],
  ["alert events with an empty kind", get("/alerts/events?kind=&limit=1000"), { query: { kind: "", limit: 1000 } }],
  ["one subscription's deliveries", get("/alerts/deliveries?subscription_id=s1&limit=5"), { query: { subscription_id: "s1", limit: 5 } }],
  ["the marketplace's callback", get("/marketplace/callback?code=TG-1&state=abc"), { query: { code: "TG-1", state: "abc" } }],
];

const tariffPost = (body: unknown, headers?: Record<string, string>): DocumentedRequest => ({ method: "POST", path: "/full/tariffs", body, headers });

/** Tariff bodies SPEC 4.A converts: numeric text, active as text or a number, blanks for defaults. */
const TARIFF_BODIES: [string, DocumentedRequest][] = [
  ["tariff fields as numeric text", tariffPost({ name: "P", min_volume_l: "0", max_volume_l: "12.5", daily_fee: "0.35", inbound_fee: " 1 ", aged_days_threshold: "90", aged_daily_factor: "3.0" })],
  ["active as a string", tariffPost({ daily_fee: 1, active: "false" })],
  ["active as a word in capitals, and as a number", tariffPost({ daily_fee: 1, active: " YES " })],
  ["active as 0", tariffPost({ daily_fee: 1, active: 0 })],
  ["falsy values take the defaults", tariffPost({ min_volume_l: null, max_volume_l: "", daily_fee: false, aged_days_threshold: 0, aged_daily_factor: "" })],
  ["an empty body (every default, with warnings)", tariffPost({})],
  ["unknown fields are ignored", tariffPost({ daily_fee: 2, colour: "blue", id: 99 })],
  ["a name given as a number", tariffPost({ name: 10, daily_fee: 2 })],
  ["strict handling with a daily fee", tariffPost({ daily_fee: 2 }, { Prefer: "handling=strict" })],
  ["an update of one field as text", { method: "PUT", path: "/full/tariffs/3", body: { daily_fee: "4.5" } }],
];

/** Other bodies the service takes as they are. */
const BODIES: [string, DocumentedRequest][] = [
  ["a planning change", { method: "PUT", path: "/full/skus/MG-20/planning", body: { case_pack: 12, lead_time_days: null, snooze_until: "2026-12-01" } }],
  ["a tariff in force from a later day", tariffPost({ daily_fee: 1, effective_from: "2026-12-01" })],
  ["a webhook subscription", { method: "POST", path: "/alerts/subscriptions", body: { channel: "webhook", target: "https://erp.example/hooks", kinds: ["aged_stock"], delivery: "digest", digest_hour: 8 } }],
  ["a restore to a moment", { method: "POST", path: "/settings/estoque/restore", body: { at: "2026-11-21T10:00:00" } }],
  ["settings of any keys and values", { method: "PUT", path: "/settings/geral", body: { moeda: "BRL", aliquota_simples: "12.5", nova_chave: [1, 2] } }],
  ["local stock with pt-BR and whole-number values", { method: "PUT", path: "/full/local-stock/CD%20Sul", body: [{ sku: "A", available: "1.200" }, { sku: 123, available: 4 }] }],
  ["costs by sku and ad_id, null clearing one", { method: "PUT", path: "/full/costs", body: [{ sku: "A", cost: "12,50" }, { ad_id: "MLB1", cost: null }] }],
  ["sales by ad_id as a number", { method: "PUT", path: "/full/sales", body: [{ ad_id: 3270770831, sales_30d: 42 }, { sku: "B", sales_30d: "7" }] }],
  [
    "a marketplace notification, with a field the service does not read",
    {
      method: "POST",
      path: "/marketplace/notifications",
      body: { _id: "f9f08571", resource: "/stock/fulfillment/operations/9876", user_id: 123456789, topic: "fbm_stock_operations", application_id: 2069392825111111, attempts: 1, sent: "2026-11-27T14:00:01.123Z", received: "2026-11-27T14:00:01.001Z" },
    },
  ],
];

describe("requests SPEC allows", () => {
  it.each(LENIENT)("%s: the document takes it and the route's schema reads it as SPEC says", (_name, request, reads) => {
    expect(documentedRequestViolations(request)).toEqual([]);
    expect(parsed(request)).toMatchObject(reads as object);
  });

  it.each([...TARIFF_BODIES, ...BODIES])("%s: the document and the route's schema take it", (_name, request) => {
    expect(documentedRequestViolations(request)).toEqual([]);
    expect(() => parsed(request)).not.toThrow();
  });

  it("covers every route of the table with at least one request", () => {
    const covered = new Set(
      [...LENIENT.map(([, request]) => request), ...TARIFF_BODIES.map(([, request]) => request), ...BODIES.map(([, request]) => request)].map((request) => {
        const match = route(request.method, new URL(request.path, "http://localhost").pathname);
        return match.kind === "route" ? routeKey(match.route) : "";
      }),
    );
    const withInput = ROUTES.filter((candidate) => {
      const parts = ENDPOINTS.get(routeKey(candidate))!.parts;
      return parts.query || parts.body || parts.headers;
    });
    expect(withInput.map(routeKey).filter((key) => !covered.has(key))).toEqual([]);
  });
});

describe("requests SPEC refuses", () => {
  it.each<[string, DocumentedRequest]>([
    ["a runs limit that is not a number", get("/full/sync/runs?limit=ten")],
    ["a report format other than json or csv", get("/full/aged-stock?format=xlsx")],
    ["a month that is not YYYY-MM", get("/full/storage-costs?month=10%2F2026")],
    ["a recompute without its first day", { method: "POST", path: "/full/storage-costs/recompute" }],
    ["a planning field that is not one", { method: "PUT", path: "/full/skus/A/planning", body: { colour: "blue" } }],
    ["a tariff fee that is not a number", tariffPost({ daily_fee: "twelve" })],
    ["active that is not a yes or no", tariffPost({ active: "maybe" })],
    ["an unknown settings group", get("/settings/nope")],
    ["a restore naming both a moment and a change", { method: "POST", path: "/settings/estoque/restore", body: { at: "2026-11-21T10:00:00Z", change_id: "x" } }],
    ["a notification without its resource", { method: "POST", path: "/marketplace/notifications", body: { user_id: 1, topic: "items", application_id: 2 } }],
  ])("%s: the document and the route's schema refuse it", (_name, request) => {
    expect(documentedRequestViolations(request)).not.toEqual([]);
    expect(() => parsed(request)).toThrow();
  });
});
