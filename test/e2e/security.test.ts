import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES, routeKey } from "@fulfillment/functions/routes";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { startService, stopService, type RunningService } from "@fulfillment/local/engine/service-process";

/**
 * Closed by default, tried from outside against the service as `npm start` runs it (demo data, the
 * sandbox marketplace, handlers logging at DEBUG): cross-site writes, the headers of every answer,
 * strict and lenient tariff bodies, and no secret in anything it prints.
 */

const ERP_TOKEN = "erp-token-e2e-7f3a91c2";
const WEATHER_KEY = "weather-key-e2e-b6d04e18";
// The demo credential pair and the sandbox's client secret, which the sync sends to the marketplace.
const MARKETPLACE_SECRETS = ["APP_USR-sandbox-initial", "TG-sandbox-initial", "sandbox-secret"];

let service: RunningService;
let host: string;

beforeAll(async () => {
  service = await startService({
    PORT: String(await freePort()),
    DYNAMODB_PORT: String(await freePort()),
    DEMO: "1",
    POWERTOOLS_LOG_LEVEL: "DEBUG",
  });
  host = new URL(service.url).host;
}, 120_000);

afterAll(async () => {
  if (service) await stopService(service.child);
});

interface Answer {
  status: number;
  headers: Headers;
  body: any;
}

async function call(method: string, path: string, options: { headers?: Record<string, string>; body?: string } = {}): Promise<Answer> {
  // Redirects are answers too (GET /marketplace/connect): read them, do not follow them.
  const response = await fetch(`${service.url}${path}`, { method, headers: options.headers, body: options.body, redirect: "manual" });
  const text = await response.text();
  return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : undefined };
}

/** What a cross-site write could change. */
const state = async () => ({
  tariffs: (await call("GET", "/full/tariffs")).body,
  settings: (await call("GET", "/settings")).body,
  overview: (await call("GET", "/full/overview")).body,
});

const FOREIGN_PAGE = { "content-type": "text/plain", origin: "https://evil.example", "sec-fetch-site": "cross-site" };
const OLD_BROWSER_FOREIGN_PAGE = { "content-type": "text/plain", origin: "https://evil.example" };

describe("cross-site writes", () => {
  it.each([
    ["POST", "/full/tariffs", '{"name":"csrf","daily_fee":0}'],
    ["PUT", "/full/tariffs/1", '{"daily_fee":0}'],
    ["DELETE", "/full/tariffs/1", undefined],
    ["PUT", "/settings/integracoes", '{"erp_api_token":"stolen"}'],
    ["POST", "/full/sync", undefined],
  ])("%s %s from another site's page answers 403 and changes nothing", async (method, path, body) => {
    const before = await state();

    const marked = await call(method, path, { headers: FOREIGN_PAGE, body });
    const unmarked = await call(method, path, { headers: OLD_BROWSER_FOREIGN_PAGE, body });

    for (const answer of [marked, unmarked]) {
      expect(answer.status).toBe(403);
      expect(answer.body).toEqual({ success: false, error: expect.stringMatching(/^Requisição de outro site recusada/) });
    }
    expect(await state()).toEqual(before);
  });

  it("serves the same writes from the service's own pages and from clients without browser headers", async () => {
    const sameOrigin = { "content-type": "application/json", origin: service.url, "sec-fetch-site": "same-origin" };

    const fromPage = await call("POST", "/full/tariffs", { headers: sameOrigin, body: '{"name":"page","min_volume_l":7000,"max_volume_l":7001,"daily_fee":1}' });
    const fromCurl = await call("PUT", `/full/tariffs/${fromPage.body.tariff.id}`, { body: '{"daily_fee":2}' });
    const deleted = await call("DELETE", `/full/tariffs/${fromPage.body.tariff.id}`, { headers: { origin: service.url } });

    expect([fromPage.status, fromCurl.status, deleted.status]).toEqual([201, 200, 200]);
    expect(fromCurl.body.tariff.daily_fee).toBe(2);
  });
});

describe("answers are not cached or sniffed", () => {
  const samplePath = (path: string) => path.replace("{ad_id}", "MLB-none").replace("{tariff_id}", "999999").replace("{group}", "estoque");

  it.each(ROUTES.filter((route) => route.method === "GET").map((route) => [routeKey(route), samplePath(route.path)]))(
    "%s",
    async (_, path) => {
      const answer = await call("GET", path);
      expect(answer.headers.get("cache-control")).toBe("no-store");
      expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
    },
  );

  it.each([
    ["an unknown route (404)", "GET", "/full/nothing-here", 404],
    ["a wrong method (405)", "PATCH", "/full/tariffs", 405],
    ["a cross-site write (403)", "DELETE", "/full/tariffs/1", 403],
    ["an unknown tariff (404)", "DELETE", "/full/tariffs/999999", 404],
    ["strict handling of a truncated body (400)", "POST", "/full/tariffs", 400],
  ])("and so do error answers: %s", async (_, method, path, status) => {
    const headers = status === 403 ? FOREIGN_PAGE : { prefer: "handling=strict" };

    const answer = await call(method, path, { headers, body: method === "POST" ? '{"name":' : undefined });

    expect(answer.status).toBe(status);
    expect(answer.headers.get("cache-control")).toBe("no-store");
    expect(answer.headers.get("x-content-type-options")).toBe("nosniff");
  });
});

describe("tariff bodies", () => {
  it("a truncated body is read leniently, as SPEC says, and the answer names every assumption", async () => {
    const answer = await call("POST", "/full/tariffs", { body: '{"name": "Grande", "daily_fee": 0.1' });

    expect(answer.status).toBe(201);
    expect(answer.body.tariff).toMatchObject({ name: null, daily_fee: 0, max_volume_l: null, active: true });
    expect(answer.body.warning_details.map((warning: { code: string }) => warning.code)).toEqual([
      "body_not_json",
      "daily_fee_assumed_zero",
      "max_volume_open",
      // The demo tariffs cover every volume from 0 up.
      ...answer.body.warnings.slice(3).map(() => "tariff_overlap"),
    ]);
    expect(answer.body.warnings).toEqual(answer.body.warning_details.map((warning: { text: string }) => warning.text));
    expect(answer.body.warnings.length).toBeGreaterThan(3);
    await call("DELETE", `/full/tariffs/${answer.body.tariff.id}`);
  });

  it.each([
    ["POST", "/full/tariffs", '{"name": "Grande", "daily_fee": 0.1'],
    ["POST", "/full/tariffs", '{"name": "Grande", "dailyfee": 0.1}'],
    ["POST", "/full/tariffs", '{"name": "Grande"}'],
    ["PUT", "/full/tariffs/1", '{"daily_fee": '],
    ["PUT", "/full/tariffs/1", '{"fee": 0.2}'],
  ])("with Prefer: handling=strict, %s %s %s answers 400 and stores nothing", async (method, path, body) => {
    const before = await state();

    const answer = await call(method, path, { headers: { "content-type": "application/json", prefer: "handling=strict" }, body });

    expect(answer.status).toBe(400);
    expect(answer.body).toEqual({ success: false, error: expect.any(String) });
    expect(await state()).toEqual(before);
  });
});

describe("secrets stay out of the logs", () => {
  it("prints no token, key or client secret in a full run at DEBUG, sync included", async () => {
    // Act: secrets stored, read back, refused, and the marketplace credential used by a sync.
    expect((await call("PUT", "/settings/integracoes", { body: JSON.stringify({ erp_api_token: ERP_TOKEN, weather_api_key: WEATHER_KEY }) })).status).toBe(200);
    expect(JSON.stringify((await call("GET", "/settings")).body)).toContain(ERP_TOKEN);
    await call("GET", "/settings/integracoes");
    await call("PUT", "/settings/integracoes", { headers: FOREIGN_PAGE, body: JSON.stringify({ erp_api_token: ERP_TOKEN }) });
    await call("PUT", "/settings/nope", { body: JSON.stringify({ weather_api_key: WEATHER_KEY }) });
    const sync = await call("POST", "/full/sync");
    expect(sync.status).toBe(200);
    const lenient = await call("POST", "/full/tariffs", { body: "{" });
    await call("DELETE", `/full/tariffs/${lenient.body.tariff.id}`);

    // Assess: the handlers did log (the tariff's WARN line), and no secret appears anywhere.
    const output = service.output();
    expect(output).toMatch(/ WARN +Tariff created with warnings/);
    for (const secret of [ERP_TOKEN, WEATHER_KEY, ...MARKETPLACE_SECRETS]) expect(output).not.toContain(secret);
  });
});
