import { afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { invoke } from "#test/events";
import { ROUTES, routeKey, type Route } from "../routes.js";
import type { HttpHandler } from "./handler.js";

/**
 * What every handler does before and after its own work: cross-site browser writes refused (403,
 * nothing stored), and every answer, errors included, marked not to be cached or sniffed.
 */

const db = useTestTable("closed-by-default");

afterEach(() => {
  vi.unstubAllEnvs();
});

async function handlerOf(route: Route): Promise<HttpHandler> {
  const file = route.handler.replace(/^packages\/functions\/src\//, "../").replace(/\.handler$/, ".js");
  return ((await import(file)) as { handler: HttpHandler }).handler;
}

/** A request on the route with its path parameters filled in. */
function requestOn(route: Route, headers: Record<string, string>, body?: string | object) {
  const values: Record<string, string> = { ad_id: "MLB1", tariff_id: "1", group: "estoque" };
  const pathParameters = Object.fromEntries([...route.path.matchAll(/\{(\w+)\}/g)].map(([, name]) => [name!, values[name!]!]));
  const path = route.path.replace(/\{(\w+)\}/g, (_, name: string) => values[name]!);
  return { method: route.method, path, pathParameters, headers, body };
}

const WRITES = ROUTES.filter((route) => route.method !== "GET");
const HOST = "api.example.com";

describe("cross-site writes", () => {
  it("covers every state-changing route", () => {
    expect(WRITES.map(routeKey)).toEqual(expect.arrayContaining(["POST /full/tariffs", "PUT /full/tariffs/{tariff_id}", "DELETE /full/tariffs/{tariff_id}", "PUT /settings/{group}", "POST /full/sync"]));
  });

  beforeAll(async () => {
    // Tariff 1 exists, so a PUT or DELETE that got through would change it.
    const create = ROUTES.find((r) => routeKey(r) === "POST /full/tariffs")!;
    expect((await invoke(await handlerOf(create), requestOn(create, {}, { name: "Existente", daily_fee: 1 }))).statusCode).toBe(201);
  });

  it.each(WRITES.map((route) => [routeKey(route), route] as const))("%s from another site's page answers 403 and changes nothing", async (_, route) => {
    const handler = await handlerOf(route);
    const before = await dumpTable(db.ref);

    // A text/plain form post needs no preflight: the browser sends it and marks it.
    const marked = await invoke(handler, requestOn(route, { "content-type": "text/plain", "sec-fetch-site": "cross-site", origin: "https://evil.example", host: HOST }, '{"lead_time_padrao": 99, "name": "csrf"}'));
    const oldBrowser = await invoke(handler, requestOn(route, { "content-type": "text/plain", origin: "https://evil.example", host: HOST }, '{"name": "csrf"}'));

    for (const response of [marked, oldBrowser]) {
      expect(response.statusCode).toBe(403);
      expect(response.body).toEqual({ success: false, error: expect.stringMatching(/^Requisição de outro site recusada: uma página de https:\/\/evil\.example não pode alterar dados aqui/) });
    }
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("serves same-origin, header-less and console-origin writes as SPEC says", async () => {
    const route = ROUTES.find((r) => routeKey(r) === "POST /full/tariffs")!;
    const handler = await handlerOf(route);
    vi.stubEnv("CONSOLE_ORIGIN", "https://console.example.com");

    const sameOrigin = await invoke(handler, requestOn(route, { "sec-fetch-site": "same-origin", origin: `https://${HOST}`, host: HOST }, { daily_fee: 1 }));
    const oldSameOrigin = await invoke(handler, requestOn(route, { origin: `https://${HOST}`, host: HOST }, { daily_fee: 1 }));
    const curl = await invoke(handler, requestOn(route, { host: HOST }, { daily_fee: 1 }));
    const fromConsole = await invoke(handler, requestOn(route, { "sec-fetch-site": "cross-site", origin: "https://console.example.com", host: HOST }, { daily_fee: 1 }));

    expect([sameOrigin, oldSameOrigin, curl, fromConsole].map((r) => r.statusCode)).toEqual([201, 201, 201, 201]);
  });

  it("lets a cross-site read through (reads change nothing; CORS decides what the page may see)", async () => {
    const route = ROUTES.find((r) => routeKey(r) === "GET /full/tariffs")!;

    const response = await invoke(await handlerOf(route), requestOn(route, { "sec-fetch-site": "cross-site", origin: "https://evil.example", host: HOST }));

    expect(response.statusCode).toBe(200);
  });
});

describe("answers are not cached or sniffed", () => {
  it.each(ROUTES.map((route) => [routeKey(route), route] as const))("%s carries Cache-Control: no-store and nosniff", async (_, route) => {
    const response = await invoke(await handlerOf(route), requestOn(route, {}, route.method === "GET" ? undefined : {}));

    expect(response.headers).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff" });
  });

  it.each([
    ["an unknown group (400)", "GET /settings/{group}", { group: "vendas" }, {}],
    ["an unknown ad (404)", "GET /full/inventory/{ad_id}", { ad_id: "MLB-none" }, {}],
    ["a cross-site write (403)", "PUT /settings/{group}", { group: "estoque" }, { "sec-fetch-site": "cross-site" }],
    ["a body over the limit (413)", "PUT /settings/{group}", { group: "estoque" }, {}, "x".repeat(300 * 1024)],
  ] as const)("error answers carry them too: %s", async (_, key, pathParameters, headers, body?: string) => {
    const route = ROUTES.find((r) => routeKey(r) === key)!;
    const path = route.path.replace(/\{(\w+)\}/g, (__, name: string) => (pathParameters as Record<string, string>)[name]!);

    const response = await invoke(await handlerOf(route), { method: route.method, path, pathParameters, headers, body });

    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(response.headers).toMatchObject({ "cache-control": "no-store", "x-content-type-options": "nosniff" });
  });
});
