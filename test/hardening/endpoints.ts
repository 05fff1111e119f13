import fc from "fast-check";
import { expect } from "vitest";
import { Settings } from "@fulfillment/core";
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";
import type { HttpHandler } from "#http/handler";
import { apiEvent, lambdaContext, type EventInput, type InvokeResult } from "#test/events";
import { handler as replenishment } from "@fulfillment/functions/handlers/full/replenishment";
import { handler as overview } from "@fulfillment/functions/handlers/full/overview";
import { handler as inventoryList } from "@fulfillment/functions/handlers/full/inventory-list";
import { handler as inventoryDetail } from "@fulfillment/functions/handlers/full/inventory-detail";
import { handler as restockPlan } from "@fulfillment/functions/handlers/full/restock-plan";
import { handler as agedStock } from "@fulfillment/functions/handlers/full/aged-stock";
import { handler as storageCosts } from "@fulfillment/functions/handlers/full/storage-costs";
import { handler as storageCostsRecompute } from "@fulfillment/functions/handlers/full/storage-costs-recompute";
import { handler as skuPlanning } from "@fulfillment/functions/handlers/full/sku-planning";
import { handler as sync } from "@fulfillment/functions/handlers/full/sync";
import { handler as syncStatus } from "@fulfillment/functions/handlers/full/sync-status";
import { handler as syncRuns } from "@fulfillment/functions/handlers/full/sync-runs";
import { handler as listTariffs } from "@fulfillment/functions/handlers/tariffs/list";
import { handler as tariffHistory } from "@fulfillment/functions/handlers/tariffs/history";
import { handler as createTariff } from "@fulfillment/functions/handlers/tariffs/create";
import { handler as updateTariff } from "@fulfillment/functions/handlers/tariffs/update";
import { handler as deleteTariff } from "@fulfillment/functions/handlers/tariffs/delete";
import { handler as getAllSettings } from "@fulfillment/functions/handlers/settings/get-all";
import { handler as getDefaults } from "@fulfillment/functions/handlers/settings/get-defaults";
import { handler as getGroup } from "@fulfillment/functions/handlers/settings/get-group";
import { handler as putGroup } from "@fulfillment/functions/handlers/settings/put-group";
import { handler as settingsHistory } from "@fulfillment/functions/handlers/settings/history";
import { handler as settingsRestore } from "@fulfillment/functions/handlers/settings/restore";
import { handler as settingsOverrides } from "@fulfillment/functions/handlers/settings/overrides-list";
import { handler as settingsOverrideDelete } from "@fulfillment/functions/handlers/settings/overrides-delete";
import { handler as history } from "@fulfillment/functions/handlers/history/core-ai";
import { handler as connect } from "@fulfillment/functions/handlers/marketplace/connect";
import { handler as callback } from "@fulfillment/functions/handlers/marketplace/callback";
import { handler as account } from "@fulfillment/functions/handlers/marketplace/account";
import { handler as disconnect } from "@fulfillment/functions/handlers/marketplace/disconnect";
import { handler as importLocalStock } from "@fulfillment/functions/handlers/imports/local-stock";
import { handler as listLocalStock } from "@fulfillment/functions/handlers/imports/list-local-stock";
import { handler as importCosts } from "@fulfillment/functions/handlers/imports/costs";
import { handler as importSales } from "@fulfillment/functions/handlers/imports/sales";
import { handler as listImports } from "@fulfillment/functions/handlers/imports/list";
import { handler as listAlerts } from "@fulfillment/functions/handlers/alerts/list";
import { handler as alertEvents } from "@fulfillment/functions/handlers/alerts/events";
import { handler as alertDeliveries } from "@fulfillment/functions/handlers/alerts/deliveries";
import { handler as listSubscriptions } from "@fulfillment/functions/handlers/alerts/subscriptions-list";
import { handler as createSubscription } from "@fulfillment/functions/handlers/alerts/subscriptions-create";
import { handler as deleteSubscription } from "@fulfillment/functions/handlers/alerts/subscriptions-delete";
import { handler as testSubscription } from "@fulfillment/functions/handlers/alerts/subscriptions-test";
import { handler as notifications } from "@fulfillment/functions/handlers/marketplace/notifications";

/** Every endpoint of the route table with its handler, keyed "METHOD /path". */
export const HANDLERS: Record<string, HttpHandler> = {
  "GET /full/replenishment": replenishment,
  "GET /full/overview": overview,
  "GET /full/inventory": inventoryList,
  "GET /full/inventory/{ad_id}": inventoryDetail,
  "GET /full/restock-plan": restockPlan,
  "GET /full/aged-stock": agedStock,
  "GET /full/storage-costs": storageCosts,
  "POST /full/storage-costs/recompute": storageCostsRecompute,
  "PUT /full/skus/{sku}/planning": skuPlanning,
  "POST /full/sync": sync,
  "GET /full/sync/status": syncStatus,
  "GET /full/sync/runs": syncRuns,
  "GET /full/tariffs": listTariffs,
  "GET /full/tariffs/history": tariffHistory,
  "POST /full/tariffs": createTariff,
  "PUT /full/tariffs/{tariff_id}": updateTariff,
  "DELETE /full/tariffs/{tariff_id}": deleteTariff,
  "GET /settings": getAllSettings,
  "GET /settings/defaults": getDefaults,
  "GET /settings/{group}": getGroup,
  "PUT /settings/{group}": putGroup,
  "GET /settings/{group}/history": settingsHistory,
  "POST /settings/{group}/restore": settingsRestore,
  "GET /settings/overrides": settingsOverrides,
  "DELETE /settings/{group}/overrides/{key}": settingsOverrideDelete,
  "GET /history/core_ai": history,
  "GET /marketplace/connect": connect,
  "GET /marketplace/callback": callback,
  "GET /marketplace/account": account,
  "DELETE /marketplace/account": disconnect,
  "PUT /full/local-stock/{warehouse}": importLocalStock,
  "GET /full/local-stock": listLocalStock,
  "PUT /full/costs": importCosts,
  "PUT /full/sales": importSales,
  "GET /full/imports": listImports,
};

/** HANDLERS with the alert routes and the notification endpoint: every route of the route table. */
export const EVERY_HANDLER: Record<string, HttpHandler> = {
  ...HANDLERS,
  "GET /alerts": listAlerts,
  "GET /alerts/events": alertEvents,
  "GET /alerts/deliveries": alertDeliveries,
  "GET /alerts/subscriptions": listSubscriptions,
  "POST /alerts/subscriptions": createSubscription,
  "DELETE /alerts/subscriptions/{id}": deleteSubscription,
  "POST /alerts/subscriptions/{id}/test": testSubscription,
  "POST /marketplace/notifications": notifications,
};

export const routeOf = (key: string): Route => {
  const route = ROUTES.find((r) => routeKey(r) === key);
  if (!route) throw new Error(`No route ${key}`);
  return route;
};

/** Where SPEC section 7 answers 500 to a request: PUT /settings ("any other failure"), POST /full/sync (sync failure). */
export const SPEC_500 = new Set(["PUT /settings/{group}", "POST /full/sync"]);

/** A browser can only follow GETs: the first step of the account connection stores its state. */
export const WRITING_GETS = new Set(["GET /marketplace/connect"]);

/** The success statuses of a route: 302 for the redirect to the authorization page, else 200 or 201. */
const successStatuses = (key: string): number[] => (key === "GET /marketplace/connect" ? [302] : [200, 201]);

/** The marketplace app's configuration for the hardening runs: an API that never answers (nothing here may reach it). */
export const UNREACHABLE_MARKETPLACE = {
  MARKETPLACE_API_URL: "http://127.0.0.1:9",
  MARKETPLACE_CLIENT_ID: "hardening-client",
  MARKETPLACE_CLIENT_SECRET: "hardening-secret",
};

/** The event for a route with its path parameters filled in, as API Gateway builds it. */
export function eventFor(route: Route, request: Omit<EventInput, "path" | "method">): EventInput {
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => encodeURIComponent(request.pathParameters?.[name] ?? ""));
  return { ...request, method: route.method, path };
}

/**
 * The invariants every answer keeps, whatever the request: JSON in the family's envelope
 * (SPEC section 7), no 5xx but where SPEC prescribes one, and no stack trace in an error text.
 */
export function expectSpecAnswer(route: Route, response: InvokeResult): void {
  const key = routeKey(route);
  expect(String(response.headers["content-type"])).toMatch(/^application\/json/);
  expect(response.body).toBeTypeOf("object");
  expect(response.body).not.toBeNull();
  expect(Array.isArray(response.body)).toBe(false);
  const status = response.statusCode;
  if (status >= 500) expect(SPEC_500.has(key), `${key} answered ${status}: ${JSON.stringify(response.body)}`).toBe(true);
  if (status >= 400) {
    const expected =
      route.envelope === "error"
        ? { error: expect.any(String) }
        : route.envelope === "has_data"
          ? { has_data: false, error: expect.any(String) }
          : { success: false, error: expect.any(String) };
    expect(response.body).toEqual(expected);
    expect(response.body.error.length).toBeGreaterThan(0);
    expect(response.body.error).not.toMatch(/\n\s+at /);
    return;
  }
  expect(successStatuses(key)).toContain(status);
  if (route.envelope === "has_data") expect(response.body.has_data).toBeTypeOf("boolean");
  // GET /full/tariffs (SPEC) and GET /marketplace/account (issue text) answer their fields without success: true.
  if (route.envelope === "success" && key !== "GET /full/tariffs" && key !== "GET /marketplace/account") expect(response.body.success).toBe(true);
}

/**
 * Calls a handler without checking the answer against docs/openapi.json: for answers every route
 * gives but the document lists only where a body is expected (413 on a GET or DELETE with a body).
 */
export async function callHandler(handler: HttpHandler, input: EventInput): Promise<InvokeResult> {
  const result = await handler(apiEvent(input), lambdaContext());
  return { statusCode: result.statusCode ?? 200, headers: (result.headers ?? {}) as Record<string, string>, body: JSON.parse(result.body ?? "") };
}

// ---- generators ----

/** Texts that break naive parsing: number look-alikes, dates, encodings, separators, unicode. */
const SPECIAL_TEXTS = [
  "", " ", "NaN", "Infinity", "-Infinity", "+Infinity", "1e309", "-1e309", "1e400", "1e-400", "-1", "-0", "0", "00", "007",
  "0x1F", "0b11", "1.5", "1,5", "7", "90", "91", "1e3", "9007199254740993", "99999999999999999999999999", "true", "false",
  "null", "undefined", "[]", "{}", "[1]", '{"a":1}', "%", "%2F", "%252F", "%00", "%E0%A4%A", "a%20b", "../..", "/", "?", "#",
  "🙂", "ação", "日本語", "\u0000", "\uFEFF", "\u202E", "<script>", "' OR 1=1 --", "1,2", "1,", ",", "30,7", "coverage,aged",
  "1,1", "2026-01-01", "2026-02-30", "2026-13-01", "2026-1-1", "0000-00-00", "2026-01-01T00:00:00Z", "9999-12-31",
  "-271821-04-20", "x".repeat(1200), "9".repeat(400), "__proto__", "constructor", "toString",
];

export const weirdText: fc.Arbitrary<string> = fc.oneof(
  { weight: 3, arbitrary: fc.constantFrom(...SPECIAL_TEXTS) },
  fc.string({ maxLength: 20 }),
  fc.string({ unit: "grapheme", maxLength: 12 }),
  fc.integer().map(String),
  fc.double().map(String),
  fc.bigInt({ min: -(10n ** 40n), max: 10n ** 40n }).map(String),
);

/** API Gateway joins repeated query parameters with commas. */
const queryValue = fc.oneof({ weight: 3, arbitrary: weirdText }, fc.array(weirdText, { minLength: 2, maxLength: 3 }).map((v) => v.join(",")));

export const queryOf = (names: string[]): fc.Arbitrary<Record<string, string>> =>
  fc.dictionary(fc.oneof({ weight: 3, arbitrary: fc.constantFrom(...names) }, fc.string({ maxLength: 8 })), queryValue, { maxKeys: 4 });

/** A JSON value as a field of a body: wrong types, huge and tiny numbers, nesting. */
const fieldValue: fc.Arbitrary<unknown> = fc.oneof(
  weirdText,
  fc.double(),
  fc.integer(),
  fc.constantFrom(0, -0, -1, 1e200, -1e200, 1e-200, 5e-324, Number.MAX_VALUE, Number.MAX_SAFE_INTEGER + 2, 1e21, 0.1 + 0.2),
  fc.boolean(),
  fc.constant(null),
  fc.jsonValue({ maxDepth: 3 }),
);

/** Numbers JSON.parse turns into Infinity, 0 or a rounded value. */
const NUMBER_LITERALS = ["1e400", "-1e400", "1e200", "1e-200", "1e-400", "123456789012345678901234567890", "-0", "0.1e1", "1E+2"];

const nested = (depth: number, open: string, close: string, leaf = ""): string => open.repeat(depth) + leaf + close.repeat(depth);

export const bodyOf = (keys: string[]): fc.Arbitrary<string | undefined> =>
  fc.oneof(
    fc.constant(undefined),
    fc.jsonValue({ maxDepth: 4 }).map((v) => JSON.stringify(v)),
    weirdText,
    fc.dictionary(fc.oneof({ weight: 4, arbitrary: fc.constantFrom(...keys) }, fc.string({ maxLength: 10 })), fieldValue, { maxKeys: 6 }).map(
      (v) => JSON.stringify(v),
    ),
    fc.tuple(fc.constantFrom(...keys), fc.constantFrom(...NUMBER_LITERALS)).map(([k, n]) => `{"${k}": ${n}}`),
    fc.tuple(fc.constantFrom(...keys), fc.integer({ min: 1, max: 3000 })).map(([k, depth]) => `{"${k}": ${nested(depth, "[", "]")}}`),
    fc.integer({ min: 1, max: 5000 }).map((depth) => nested(depth, '{"a":', "}", "1")),
    fc.constantFrom('{"a":1,"a":2}', '{"__proto__":{"x":1}}', '{"constructor":{"prototype":1}}', "{", '{"a":}', "\uFEFF{}", "[]", "null"),
  );

const PLANNING_KEYS = ["case_pack", "lead_time_days", "snooze_until", "sku", "casePack"];
const TARIFF_KEYS = ["id", "effective_from", "name", "min_volume_l", "max_volume_l", "daily_fee", "inbound_fee", "aged_days_threshold", "aged_daily_factor", "active"];
const SETTING_KEYS = [
  ...new Set(Object.values(Settings.SETTING_DEFAULTS).flatMap((group) => Object.keys(group))),
  "erp_api_token",
  "fuso_horario",
  "__proto__",
  "",
];
const GROUP_NAMES = [...Settings.SETTING_GROUPS, "defaults", "GERAL", "geral ", "core-ai", "%67eral"];

// API Gateway never routes an empty segment to a path parameter.
const segment = (known: string[]): fc.Arbitrary<string> => fc.oneof(fc.constantFrom(...known), weirdText).filter((s) => s !== "");
const adId = segment(["MLB1", "MLB2", "MLB%201", "x".repeat(1025), "é".repeat(513), "x".repeat(2046), "x".repeat(3000)]);
const sku = segment(["A", "B", "SKU 1/2", "x".repeat(200), "x".repeat(201), " "]);
const tariffId = segment(["1", "2", "3", "999", "0", "-1", "1.0", "01", "1e0", " 1", "2147483648", "9".repeat(20)]);
const groupName = segment(GROUP_NAMES);
// GET /settings/defaults is its own route: API Gateway never hands "defaults" to GET /settings/{group}.
const readableGroupName = groupName.filter((group) => group !== "defaults");
const settingKey = segment(SETTING_KEYS.filter((key) => key !== ""));
const warehouseName = segment(["CD1", "CD São Paulo", " CD", "x".repeat(101), "a\tb", "%20"]);

/** CSV-ish bodies: headers right and wrong, separators, pt-BR numbers, broken quotes, BOM and CRLF. */
const csvCell = fc.oneof(weirdText, fc.constantFrom("1", "0", "-1", "1,5", "1.234", "12,50", "abc", "", '"', '"a;b"', "\r"));
const csvBody = (columns: string[]): fc.Arbitrary<string> =>
  fc
    .tuple(
      fc.oneof(fc.constant(columns), fc.shuffledSubarray([...columns, "ad_id", "x"], { minLength: 0, maxLength: 4 })),
      fc.constantFrom(";", ",", "\t"),
      fc.array(fc.array(csvCell, { minLength: 1, maxLength: 4 }), { maxLength: 6 }),
      fc.constantFrom("\n", "\r\n"),
      fc.boolean(),
    )
    .map(([header, separator, rows, newline, bom]) => (bom ? "\uFEFF" : "") + [header, ...rows].map((row) => row.join(separator)).join(newline));

/** An import: JSON of the kind's fields, or CSV with the text/csv content type. */
const importRequest = (columns: string[], pathParameters?: Record<string, fc.Arbitrary<string>>): fc.Arbitrary<Omit<EventInput, "path" | "method">> =>
  fc.oneof(
    request({ body: [...columns, "ad_id"], pathParameters }),
    fc.record({
      query: fc.constant({}),
      body: csvBody(columns),
      base64: fc.boolean(),
      headers: fc.constant({ "content-type": "text/csv" }),
      pathParameters: pathParameters ? fc.record(pathParameters) : fc.constant(undefined),
    }),
  );

const request = (
  parts: { query?: string[]; body?: string[]; pathParameters?: Record<string, fc.Arbitrary<string>> } = {},
): fc.Arbitrary<Omit<EventInput, "path" | "method">> =>
  fc.record({
    query: queryOf(parts.query ?? ["q"]),
    body: parts.body ? bodyOf(parts.body) : fc.option(bodyOf(["x"]), { nil: undefined }),
    base64: fc.boolean(),
    pathParameters: parts.pathParameters ? fc.record(parts.pathParameters) : fc.constant(undefined),
  });

/** A generator of hostile requests for each endpoint. */
export const REQUESTS: Record<string, fc.Arbitrary<Omit<EventInput, "path" | "method">>> = {
  "GET /full/replenishment": request({ query: ["target_days", "trigger_days"] }),
  "GET /full/overview": request(),
  "GET /full/inventory": request({ query: ["sort_by", "alerts"] }),
  "GET /full/inventory/{ad_id}": request({ pathParameters: { ad_id: adId } }),
  // format=csv answers CSV on purpose: the hostile values never spell exactly "csv".
  "GET /full/restock-plan": request({ query: ["target_days", "horizon_days", "format"] }),
  "GET /full/aged-stock": request({ query: ["format"] }),
  "GET /full/storage-costs": request({ query: ["month", "sku", "format"] }),
  "POST /full/storage-costs/recompute": request({ query: ["from"] }),
  "PUT /full/skus/{sku}/planning": request({ body: PLANNING_KEYS, pathParameters: { sku } }),
  "POST /full/sync": request(),
  "GET /full/sync/status": request(),
  "GET /full/sync/runs": request({ query: ["limit"] }),
  "GET /full/tariffs": request({ query: ["at"] }),
  "GET /full/tariffs/history": request(),
  "POST /full/tariffs": request({ body: TARIFF_KEYS }),
  "PUT /full/tariffs/{tariff_id}": request({ body: TARIFF_KEYS, pathParameters: { tariff_id: tariffId } }),
  "DELETE /full/tariffs/{tariff_id}": request({ query: ["effective_from"], pathParameters: { tariff_id: tariffId } }),
  "GET /settings": request(),
  "GET /settings/defaults": request(),
  "GET /settings/{group}": request({ pathParameters: { group: readableGroupName } }),
  "PUT /settings/{group}": request({ body: SETTING_KEYS, pathParameters: { group: groupName } }),
  "GET /settings/{group}/history": request({ query: ["limit", "cursor"], pathParameters: { group: groupName } }),
  "POST /settings/{group}/restore": request({ body: ["at", "change_id"], pathParameters: { group: groupName } }),
  "GET /settings/overrides": request(),
  "DELETE /settings/{group}/overrides/{key}": request({ pathParameters: { group: groupName, key: settingKey } }),
  "GET /history/core_ai": request({ query: ["start_date", "end_date"] }),
  "GET /marketplace/connect": request(),
  "GET /marketplace/callback": request({ query: ["code", "state", "error"] }),
  "GET /marketplace/account": request(),
  "DELETE /marketplace/account": request(),
  "PUT /full/local-stock/{warehouse}": importRequest(["sku", "available"], { warehouse: warehouseName }),
  "GET /full/local-stock": request({ query: ["warehouse"] }),
  "PUT /full/costs": importRequest(["sku", "cost"]),
  "PUT /full/sales": importRequest(["sku", "sales_30d"]),
  "GET /full/imports": request({ query: ["limit"] }),
};
