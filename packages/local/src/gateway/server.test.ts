import { request as httpRequest, type IncomingHttpHeaders } from "node:http";
import type { AddressInfo } from "node:net";
import { gunzipSync } from "node:zlib";
import type { Route } from "@fulfillment/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { INVENTORY_ITEMS } from "./__fixtures__/handlers.js";
import { createGateway, handlerModule } from "./server.js";

const fixture = (name: string): string => `packages/local/src/gateway/__fixtures__/handlers.${name}`;

// The fixture handlers are real per-seller routes: they read the seller registry.
useTestTable("gateway");

const ROUTES: Route[] = [
  { seller: "shared", method: "GET", path: "/full/inventory", handler: fixture("inventory"), envelope: "has_data", access: "none", scope: "fulfillment/read" },
  { seller: "shared", method: "GET", path: "/full/oversized", handler: fixture("oversized"), envelope: "has_data", access: "none", scope: "fulfillment/read" },
  { seller: "shared", method: "GET", path: "/settings", handler: fixture("inventory"), envelope: "success", access: "none", scope: "fulfillment/read" },
];

interface RawResponse {
  statusCode: number;
  headers: IncomingHttpHeaders;
  body: Buffer;
}

const logLines: string[] = [];
const gateway = createGateway({ routes: ROUTES, log: (line) => logLines.push(line) });
let port = 0;

/** A raw HTTP request: no automatic decompression, so the bytes on the wire are what is asserted. */
function send(method: string, path: string, headers: Record<string, string> = {}): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, method, path, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ statusCode: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
      incoming.on("error", reject);
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  port = (gateway.address() as AddressInfo).port;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe("local gateway", () => {
  it("resolves handler paths from the repository root", () => {
    // Act
    const { file, exportName } = handlerModule(fixture("inventory"));

    // Assess
    expect(file).toMatch(/packages\/local\/src\/gateway\/__fixtures__\/handlers\.ts$/);
    expect(exportName).toBe("inventory");
  });

  it("passes Content-Encoding through with the decoded base64 body", async () => {
    // Act
    const response = await send("GET", "/full/inventory", { "accept-encoding": "gzip" });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBe("gzip");
    expect(response.headers.vary).toBe("Accept-Encoding");
    expect(Number(response.headers["content-length"])).toBe(response.body.length);
    expect(JSON.parse(gunzipSync(response.body).toString("utf8"))).toEqual({ has_data: true, count: 200, items: INVENTORY_ITEMS });
  });

  it("answers plain JSON to a client that does not accept compression", async () => {
    // Act
    const response = await send("GET", "/full/inventory");

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-encoding"]).toBeUndefined();
    expect(JSON.parse(response.body.toString("utf8")).count).toBe(200);
  });

  it("refuses a handler result over the Lambda payload limit as API Gateway does", async () => {
    // Prepare
    logLines.length = 0;

    // Act
    const response = await send("GET", "/full/oversized");

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.headers["content-type"]).toMatch(/^application\/json/);
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ message: "Internal Server Error" });
    expect(logLines).toEqual([expect.stringMatching(/GET \/full\/oversized .*exceeded maximum allowed payload size \(6291456 bytes\)/)]);
  });

  it("answers 404 in the family's envelope for an unknown route", async () => {
    // Act
    const inFamily = await send("GET", "/full/unknown");
    const outside = await send("GET", "/nothing/here");

    // Assess
    expect(inFamily.statusCode).toBe(404);
    expect(inFamily.headers["content-type"]).toMatch(/^application\/json/);
    expect(inFamily.headers["content-language"]).toBe("pt-BR");
    expect(JSON.parse(inFamily.body.toString("utf8"))).toEqual({ has_data: false, error: "Nenhuma rota para GET /full/unknown" });
    expect(outside.statusCode).toBe(404);
    expect(JSON.parse(outside.body.toString("utf8"))).toEqual({ error: "Nenhuma rota para GET /nothing/here" });
    const english = await send("GET", "/nothing/here", { "accept-language": "en" });
    expect(english.headers["content-language"]).toBe("en");
    expect(JSON.parse(english.body.toString("utf8"))).toEqual({ error: "No route for GET /nothing/here" });
  });

  it("answers 405 with Allow for a method the path does not take", async () => {
    // Act
    const response = await send("DELETE", "/settings");

    // Assess
    expect(response.statusCode).toBe(405);
    expect(response.headers.allow).toBe("GET");
    expect(JSON.parse(response.body.toString("utf8"))).toEqual({ success: false, error: "Método DELETE não permitido em /settings" });
    const english = await send("DELETE", "/settings", { "accept-language": "en" });
    expect(JSON.parse(english.body.toString("utf8"))).toEqual({ success: false, error: "Method DELETE not allowed on /settings" });
  });

  it("refuses a request target that is not a URL with 400, in the request's language", async () => {
    // Act: an absolute-form target with an unclosed IPv6 host, which no URL parser accepts.
    const portuguese = await send("GET", "http://[::1");
    const english = await send("GET", "http://[::1", { "accept-language": "en" });

    // Assess
    expect(portuguese.statusCode).toBe(400);
    expect(portuguese.headers["content-language"]).toBe("pt-BR");
    expect(JSON.parse(portuguese.body.toString("utf8"))).toEqual({ error: 'Destino da requisição malformado "http://[::1"' });
    expect(JSON.parse(english.body.toString("utf8"))).toEqual({ error: 'Malformed request target "http://[::1"' });
  });
});
