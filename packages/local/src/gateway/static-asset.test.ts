import { createServer, request as httpRequest, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { assetCache, sendAsset, staticAsset } from "./static-asset.js";

const TEXT = "O estoque do Full, por anúncio. ".repeat(200);
const page = staticAsset(TEXT, { "content-type": "text/html; charset=utf-8", "cache-control": "no-cache" });
const icon = staticAsset(Buffer.from([0x89, 0x50, 0x4e, 0x47]), { "content-type": "image/png", "cache-control": "public, max-age=3600" });
let server: Server;
let port = 0;

function get(path: string, headers: Record<string, string> = {}, method = "GET"): Promise<{ status: number; headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest({ host: "127.0.0.1", port, path, method, headers }, (incoming) => {
      const chunks: Buffer[] = [];
      incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
      incoming.on("end", () => resolve({ status: incoming.statusCode ?? 0, headers: incoming.headers, body: Buffer.concat(chunks) }));
    });
    outgoing.on("error", reject);
    outgoing.end();
  });
}

beforeAll(async () => {
  server = createServer((request, response) => sendAsset(request, response, request.url === "/icon" ? icon : page));
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  port = (server.address() as AddressInfo).port;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe("a static asset", () => {
  it("is sent in the best encoding the client accepts, each decoding to the same bytes, with one ETag", async () => {
    const br = await get("/", { "accept-encoding": "gzip, deflate, br" });
    const gzip = await get("/", { "accept-encoding": "gzip, br;q=0" });
    const identity = await get("/");

    expect(br.headers["content-encoding"]).toBe("br");
    expect(brotliDecompressSync(br.body).toString("utf8")).toBe(TEXT);
    expect(gzip.headers["content-encoding"]).toBe("gzip");
    expect(gunzipSync(gzip.body).toString("utf8")).toBe(TEXT);
    expect(identity.headers["content-encoding"]).toBeUndefined();
    expect(identity.body.toString("utf8")).toBe(TEXT);
    for (const answer of [br, gzip, identity]) {
      expect(answer.status).toBe(200);
      expect(answer.headers.etag).toBe(page.etag);
      expect(answer.headers.vary).toBe("Accept-Encoding");
      expect(answer.headers["content-type"]).toBe("text/html; charset=utf-8");
      expect(Number(answer.headers["content-length"])).toBe(answer.body.length);
    }
    expect(br.body.length).toBeLessThan(TEXT.length / 10);
  });

  it("answers 304 without a body to a client that has it, and 200 to one with another version", async () => {
    const same = await get("/", { "if-none-match": `"other", ${page.etag}` });
    const other = await get("/", { "if-none-match": '"other"' });

    expect(same.status).toBe(304);
    expect(same.body.length).toBe(0);
    expect(same.headers.etag).toBe(page.etag);
    expect(other.status).toBe(200);
  });

  it("leaves a small or binary file uncompressed, and a HEAD without a body", async () => {
    const answer = await get("/icon", { "accept-encoding": "br, gzip" });
    const head = await get("/", { "accept-encoding": "br" }, "HEAD");

    expect(answer.headers["content-encoding"]).toBeUndefined();
    expect([...answer.body]).toEqual([0x89, 0x50, 0x4e, 0x47]);
    expect(head.status).toBe(200);
    expect(head.body.length).toBe(0);
  });

  it("is loaded once per path, and a path with no file is not held", async () => {
    const loads: string[] = [];
    const cached = assetCache(async (key) => {
      loads.push(key);
      return key === "found" ? page : undefined;
    });

    expect(await cached("found")).toBe(page);
    expect(await cached("found")).toBe(page);
    expect(await cached("missing")).toBeUndefined();
    expect(await cached("missing")).toBeUndefined();
    expect(loads).toEqual(["found", "missing", "missing"]);
  });
});
