import { request as httpRequest } from "node:http";
import type { AddressInfo } from "node:net";
import fc from "fast-check";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES, routeKey } from "@fulfillment/functions/routes";
import { MAX_REQUEST_BODY_BYTES } from "#http/limits";
import { createGateway } from "@fulfillment/local/gateway/server";
import { createRouter } from "@fulfillment/local/gateway/router";
import { useTestTable } from "#test/table";
import { dumpStoredData, dumpTable } from "#test/dump";
import { load, ad, inventory } from "#test/fixtures";
import { SPEC_500, UNREACHABLE_MARKETPLACE, WRITING_GETS, weirdText } from "./endpoints.js";
import { replaceMarketplaceEnv } from "#test/env";

/**
 * The local gateway with the real route table: every answer is JSON, unknown paths get 404 and
 * wrong methods 405 in the family's envelope, oversized bodies 413, and refusals change nothing.
 * (In AWS, API Gateway answers unknown routes and methods itself, before any handler runs.)
 */

const db = useTestTable("gateway-hardening");
const gateway = createGateway();
const route = createRouter(ROUTES);
let port = 0;

interface Answer {
  statusCode: number;
  headers: Record<string, string | string[] | undefined>;
  body: any;
}

function send(method: string, path: string, body?: string): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const headers: Record<string, string | number> = body === undefined ? {} : { "content-type": "application/json", "content-length": Buffer.byteLength(body) };
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => {
        const text = Buffer.concat(chunks).toString("utf8");
        try {
          resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: JSON.parse(text) });
        } catch {
          reject(new Error(`${method} ${path} answered ${incoming.statusCode} with a body that is not JSON: ${text.slice(0, 200)}`));
        }
      });
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end(body);
  });
}

let restoreEnv: () => void;

beforeAll(async () => {
  restoreEnv = replaceMarketplaceEnv(UNREACHABLE_MARKETPLACE);
  await load(db.ref, {
    ads: [ad({ id: "MLB1", sku: "A", sales_30d: 30 })],
    inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "A", available_qty: 5 })],
    tariffs: [{ id: 1, name: "P" }],
  });
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  port = (gateway.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  restoreEnv();
});

const ENVELOPES = {
  error: { error: expect.any(String) },
  has_data: { has_data: false, error: expect.any(String) },
  success: { success: false, error: expect.any(String) },
};

const templatePath = (path: string, segment: string): string => path.replace(/\{\w+\}/g, encodeURIComponent(segment));

const anyPath = fc.oneof(
  fc.tuple(fc.constantFrom(...ROUTES.map((r) => r.path)), weirdText.filter((s) => s !== "")).map(([path, segment]) => templatePath(path, segment)),
  fc.array(weirdText, { minLength: 1, maxLength: 4 }).map((segments) => `/${segments.map(encodeURIComponent).join("/")}`),
  fc.tuple(fc.constantFrom("/full", "/settings", "/history", "/marketplace"), fc.array(weirdText, { maxLength: 3 })).map(
    ([family, segments]) => `${family}/${segments.map(encodeURIComponent).join("/")}`,
  ),
  fc.constantFrom("/", "/full/", "/settings/", "/full/inventory/MLB1/extra", "/full/tariffs/1/", "/FULL/overview", "/full/%E0%A4%A", "/settings/%2F"),
);

describe("local gateway with the real route table", () => {
  it("answers any method on any path with JSON: 404 and 405 in the family's envelope, no unprescribed 5xx, refusals change nothing", async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom("GET", "POST", "PUT", "DELETE", "PATCH", "OPTIONS"),
        anyPath,
        fc.option(fc.oneof(weirdText, fc.jsonValue({ maxDepth: 3 }).map((v) => JSON.stringify(v))), { nil: undefined }),
        async (method, path, body) => {
          const match = route(method, new URL(`http://127.0.0.1${path}`).pathname);
          // Every sync run is recorded, a failed one too: for it the stored data must stay as it was.
          const snapshot = () => (match.kind === "route" && routeKey(match.route) === "POST /full/sync" ? dumpStoredData(db.ref) : dumpTable(db.ref));
          const before = await snapshot();
          const answer = await send(method, path, body);
          expect(String(answer.headers["content-type"])).toMatch(/^application\/json/);
          if (match.kind === "not-found") expect(answer.statusCode).toBe(404);
          if (match.kind === "method-not-allowed") {
            expect(answer.statusCode).toBe(405);
            expect(answer.headers.allow).toBe(match.allowed.join(", "));
          }
          if (answer.statusCode >= 500) expect(match.kind === "route" && SPEC_500.has(routeKey(match.route)), `${method} ${path}`).toBe(true);
          if (answer.statusCode >= 400) {
            const envelope = match.kind === "route" ? match.route.envelope : match.kind === "method-not-allowed" ? match.envelopeOf.envelope : undefined;
            if (envelope) expect(answer.body).toEqual(ENVELOPES[envelope]);
            else expect(Object.keys(answer.body).sort()).toContain("error");
          }
          const writingGet = match.kind === "route" && WRITING_GETS.has(routeKey(match.route));
          if (answer.statusCode >= 400 || (method === "GET" && !writingGet)) expect(await snapshot()).toEqual(before);
        },
      ),
      { numRuns: Number(process.env.HARDENING_RUNS ?? 60) },
    );
  });

  it.each([["//full/overview"], ["///(n%24d"], ["//settings"]])("answers the path %s literally, with a JSON 404, instead of hanging", async (path) => {
    const answer = await send("GET", path);
    expect(answer.statusCode).toBe(404);
    expect(answer.body).toMatchObject({ error: `Nenhuma rota para GET ${path}` });
  });

  it.each([
    ["POST", "/full/tariffs", "success"],
    ["PUT", "/settings/geral", "success"],
    ["GET", "/full/overview", "has_data"],
    ["GET", "/full/inventory/MLB1", "error"],
  ] as const)("refuses a body over 256 KiB on %s %s with a JSON 413, changing nothing", async (method, path, envelope) => {
    const before = await dumpTable(db.ref);
    const answer = await send(method, path, `{"name":"${"é".repeat(MAX_REQUEST_BODY_BYTES / 2)}"}`);
    expect(answer.statusCode).toBe(413);
    expect(String(answer.headers["content-type"])).toMatch(/^application\/json/);
    expect(answer.body).toEqual(ENVELOPES[envelope]);
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});
