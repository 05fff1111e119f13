import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { gzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { httpVerdict, measureHttpRounds, type HttpRow } from "./http-side-by-side.js";

const summary = (p50: number) => ({ n: 30, p50, p95: p50, min: p50 });
const row = (label: string, ours: number, floor: number, old?: number): HttpRow => ({ label, path: "/", ours: summary(ours), floor: summary(floor), ...(old === undefined ? {} : { old }) });

describe("the HTTP side-by-side verdicts", () => {
  it("holds a compared endpoint to the old service's p50, and a one-round-trip endpoint to 1.1 × (HTTP floor + engine floor)", () => {
    expect(httpVerdict(row("GET /full/overview", 14, 1, 550))).toMatchObject({ met: true, how: "faster" });
    expect(httpVerdict(row("GET /full/inventory", 1_200, 1, 1_128))).toMatchObject({ met: false, how: "missed" });
    // detail: 1.0 × the old 7.1 ms is missed, but 7.5 ≤ 1.1 × (1.2 + 5.8) = 7.7 ms.
    expect(httpVerdict(row("GET /full/inventory/{ad_id}", 7.5, 1.2, 7.1), 5.8)).toMatchObject({ met: true, how: "floor" });
    expect(httpVerdict(row("GET /full/inventory/{ad_id}", 8, 1.2, 7.1), 5.8)).toMatchObject({ met: false, how: "missed" });
  });

  it("holds the gateway to its floor: settings defaults within 0.5 ms, a static file within 0.2 ms", () => {
    expect(httpVerdict(row("GET /settings/defaults", 1.5, 1.1))).toMatchObject({ met: true, how: "gateway" });
    expect(httpVerdict(row("GET /settings/defaults", 1.7, 1.1))).toMatchObject({ met: false });
    expect(httpVerdict(row("GET /console/index.html", 1.1, 0.95))).toMatchObject({ met: true });
    expect(httpVerdict(row("GET /console/index.html", 1.2, 0.95))).toMatchObject({ met: false });
  });
});

describe("HTTP rounds", () => {
  let server: Server;
  let url = "";
  const served: string[] = [];
  const body = gzipSync(JSON.stringify({ success: true, data: "x".repeat(2_000) }));

  beforeAll(async () => {
    server = createServer((request, response) => {
      served.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip", "x-kept": "yes" });
      response.end(body);
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("times every path on the service and on a bare server sending the same answer, warm-ups apart", async () => {
    const rows = await measureHttpRounds(url, { "GET /settings": "/settings", "GET /settings/defaults": "/settings/defaults" }, 1_000, { warmup: 2, iterations: 5 }, { requests: 10, seconds: 5 });

    // One recording, 10 calls warming the service, 2 warm-ups and 5 timed calls of each path reached the service; the bare server took the others.
    expect(served.filter((path) => path === "/settings")).toHaveLength(1 + 10 + 2 + 5);
    expect(rows.map((r) => [r.label, r.ours.n, r.floor.n, r.old])).toEqual([
      ["GET /settings", 5, 5, 1.9],
      ["GET /settings/defaults", 5, 5, undefined],
    ]);
    for (const r of rows) expect(r.ours.p50).toBeGreaterThan(0);
  });

  it("warms each path on both servers before any round, up to its number of requests or its time", async () => {
    served.length = 0;

    await measureHttpRounds(url, { "GET /settings": "/settings" }, 1_000, { warmup: 0, iterations: 1 }, { requests: 40, seconds: 60 });

    expect(served.filter((path) => path === "/settings")).toHaveLength(1 + 40 + 1);
  });

  it("times the gateway's probes in rounds of their own, 200 after 20 warm-ups, and the compared endpoints in 30 after 3", async () => {
    served.length = 0;

    const rows = await measureHttpRounds(url, { "GET /settings": "/settings", "GET /settings/defaults": "/settings/defaults" }, 1_000, undefined, { requests: 0, seconds: 0 });

    expect(rows.map((r) => [r.label, r.ours.n, r.floor.n])).toEqual([
      ["GET /settings", 30, 30],
      ["GET /settings/defaults", 200, 200],
    ]);
    expect(served.filter((path) => path === "/settings/defaults")).toHaveLength(1 + 20 + 200);
  });
});
