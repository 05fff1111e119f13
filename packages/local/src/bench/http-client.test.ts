import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { measureHttpRoundsApart } from "./http-client.js";

describe("the HTTP section's client", () => {
  let server: Server;
  let url = "";
  const served: string[] = [];

  beforeAll(async () => {
    server = createServer((request, response) => {
      served.push(request.url ?? "");
      response.writeHead(200, { "content-type": "application/json; charset=utf-8" }).end('{"success":true,"data":{}}');
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

  it("runs the rounds in a Node process of its own and hands back their rows", async () => {
    const { pid, rows } = await measureHttpRoundsApart({
      serviceUrl: url,
      paths: { "GET /full/tariffs": "/full/tariffs" },
      size: 1_000,
      rounds: { warmup: 1, iterations: 4 },
      warmup: { requests: 3, seconds: 5 },
    });

    expect(pid).not.toBe(process.pid);
    // One recording, 3 warming calls, 1 warm-up and 4 timed calls reached the service; the bare server (another process) took the rest.
    expect(served.filter((path) => path === "/full/tariffs")).toHaveLength(1 + 3 + 1 + 4);
    expect(rows.map((row) => [row.label, row.ours.n, row.floor.n, row.old])).toEqual([["GET /full/tariffs", 4, 4, 2]]);
    expect(rows[0]!.ours.p50).toBeGreaterThan(0);
  });

  it("fails with the client's own words when the rounds cannot run", async () => {
    await expect(measureHttpRoundsApart({ serviceUrl: "http://127.0.0.1:1", paths: { "GET /settings": "/settings" }, size: 1_000 })).rejects.toThrow(
      /the HTTP client exited with 1: .*ECONNREFUSED/,
    );
  });
});
