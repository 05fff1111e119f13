import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ASSETS_PREFIX, docsRoutes } from "./docs.js";
import { createGateway } from "./gateway/server.js";

const gateway = createGateway({ extra: docsRoutes({ localUrl: "http://127.0.0.1:4321" }) });
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe("API reference on the local gateway", () => {
  it("serves the OpenAPI document naming the local server", async () => {
    // Act
    const response = await fetch(`${base}/openapi.json`);

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^application\/json/);
    const document = (await response.json()) as { openapi: string; servers: { url: string }[]; paths: Record<string, unknown> };
    expect(document.openapi).toBe("3.1.0");
    expect(document.servers[0]!.url).toBe("http://127.0.0.1:4321");
    expect(Object.keys(document.paths)).toContain("/full/replenishment");
  });

  it("serves a Swagger UI page that loads its files from the gateway, not a CDN", async () => {
    // Act
    const response = await fetch(`${base}/docs`);
    const html = await response.text();

    // Assess
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/^text\/html/);
    expect(html).toContain("swagger-ui");
    expect(html).toContain('url: "/openapi.json"');
    const sources = [...html.matchAll(/(?:src|href)="([^"]+)"/g)].map((m) => m[1]!);
    expect(sources.length).toBeGreaterThan(0);
    for (const source of sources) expect(source.startsWith(ASSETS_PREFIX), source).toBe(true);
  });

  it("serves the Swagger UI files from the installed package", async () => {
    // Act
    const script = await fetch(`${base}${ASSETS_PREFIX}swagger-ui-bundle.js`);
    const style = await fetch(`${base}${ASSETS_PREFIX}swagger-ui.css`);

    // Assess
    expect(script.status).toBe(200);
    expect(script.headers.get("content-type")).toMatch(/^text\/javascript/);
    expect(await script.text()).toContain("SwaggerUIBundle");
    expect(style.status).toBe(200);
    expect(style.headers.get("content-type")).toMatch(/^text\/css/);
  });

  it("serves no other file", async () => {
    // Act
    const statuses = await Promise.all(
      ["package.json", "..%2Fpackage.json", "%2E%2E%2F%2E%2E%2Fpackage.json", "missing.js", "index.html"].map(
        async (name) => (await fetch(`${base}${ASSETS_PREFIX}${name}`)).status,
      ),
    );

    // Assess
    expect(statuses).toEqual([404, 404, 404, 404, 404]);
  });

  it("leaves the API routes to the handlers", async () => {
    // Act
    const response = await fetch(`${base}/docs/other`);

    // Assess
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "Nenhuma rota para GET /docs/other" });
  });
});
