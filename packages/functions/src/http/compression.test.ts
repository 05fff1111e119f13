import { randomBytes } from "node:crypto";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import * as z from "zod/mini";
import { describe, expect, it } from "vitest";
import { apiEvent, invoke, lambdaContext } from "#test/events";
import { useTestTable } from "#test/table";
import { encodeBody } from "./compression.js";
import { NotFoundError } from "../errors.js";
import { httpHandler } from "./handler.js";
import { COMPRESSION_THRESHOLD_BYTES, LAMBDA_RESPONSE_PAYLOAD_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES, lambdaPayloadBytes } from "./limits.js";
import { ok } from "./request.js";
import { getInventoryDetail, listInventory } from "../contract/dashboards.js";

/** Deterministic pseudo-random numbers (mulberry32), so the body and its compressed size are stable. */
function random(seed: number): (n: number) => number {
  let state = seed;
  return (n) => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return Math.floor((((t ^ (t >>> 14)) >>> 0) / 4294967296) * n);
  };
}

const WORDS = ["Kit", "Camiseta", "Tênis", "Mochila", "Garrafa", "Térmica", "Algodão", "Preto", "Azul", "Premium", "Infantil"];

/** A GET /full/inventory answer of `count` items shaped like the real ones (about 490 bytes each). */
function inventoryList(count: number): Record<string, unknown> {
  const int = random(count);
  const items = Array.from({ length: count }, () => {
    const adId = `MLB${3_000_000_000 + int(1e9)}`;
    return {
      inventory_id: `INV${String(int(1e10)).padStart(10, "0")}`,
      ad_id: adId,
      sku: `SKU-${int(1e6)}-${int(100)}`,
      variation_id: int(2) ? null : String(1e11 + int(1e10)),
      title: Array.from({ length: 4 }, () => WORDS[int(WORDS.length)]).join(" "),
      thumbnail: `https://http2.mlstatic.com/D_NQ_NP_${int(1e6)}-${adId}_${int(100)}-I.jpg`,
      permalink: `https://produto.mercadolivre.com.br/${adId}-item`,
      available_qty: int(500),
      in_transit_qty: int(50),
      not_available_qty: int(10),
      total_qty: int(560),
      days_of_stock: int(10) ? int(2000) / 10 : null,
      oldest_stock_days: int(400),
      storage_cost_unit: int(1000) / 100,
      storage_risk_unit: int(1000) / 100,
      is_aged: int(5) === 0,
      is_low_coverage: int(3) === 0,
      updated_at: new Date(1.76e12 + int(1e9)).toISOString(),
    };
  });
  return { has_data: true, count, items };
}

// The handlers are real per-seller routes: they read the seller registry.
useTestTable("compression");

const LARGE = inventoryList(20_000);
const LARGE_TEXT = JSON.stringify(LARGE);
const MEDIUM = inventoryList(20);
const SMALL = { has_data: true, count: 0, items: [] };

/** A test-only endpoint of the inventory route whose 200 answers any body: each test gives it one. */
const ANY_BODY = { ...listInventory, responses: { 200: { schema: z.unknown(), description: "Any body" } } };
const answering = (body: unknown) => httpHandler(ANY_BODY, async () => ok(body));

function decode(result: APIGatewayProxyStructuredResultV2): string {
  const raw = Buffer.from(result.body ?? "", "base64");
  const encoding = result.headers?.["content-encoding"];
  return (encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw).toString("utf8");
}

const call = (body: unknown, acceptEncoding?: string) =>
  answering(body)(
    apiEvent({ path: "/full/inventory", headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } }),
    lambdaContext(),
  );

describe("response compression", () => {
  it("gzips a 20,000-item inventory list under the Lambda payload limit, decoding to the exact answer", async () => {
    // Prepare
    const plainBytes = Buffer.byteLength(LARGE_TEXT);
    expect(plainBytes / 20_000).toBeGreaterThan(450);
    expect(plainBytes).toBeGreaterThan(LAMBDA_RESPONSE_PAYLOAD_BYTES);

    // Act
    const result = await call(LARGE, "gzip, deflate");

    // Assess
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBe(true);
    expect(result.headers).toMatchObject({ "content-encoding": "gzip", vary: "Accept-Encoding", "content-type": "application/json; charset=utf-8" });
    expect(result.body!.length).toBeLessThan(RESPONSE_PAYLOAD_BUDGET_BYTES);
    expect(lambdaPayloadBytes(result)).toBeLessThan(LAMBDA_RESPONSE_PAYLOAD_BYTES);
    expect(decode(result)).toBe(LARGE_TEXT);
  });

  it("answers brotli when the client weighs br above gzip", async () => {
    // Act
    const result = await call(LARGE, "gzip;q=0.5, br;q=0.9");

    // Assess
    expect(result.headers?.["content-encoding"]).toBe("br");
    expect(lambdaPayloadBytes(result)).toBeLessThan(LAMBDA_RESPONSE_PAYLOAD_BYTES);
    expect(decode(result)).toBe(LARGE_TEXT);
  });

  it("takes the client's order when br and gzip weigh the same", async () => {
    // Act
    const [brFirst, gzipFirst] = [await call(MEDIUM, "br, gzip"), await call(MEDIUM, "gzip, br")];

    // Assess
    expect(brFirst.headers?.["content-encoding"]).toBe("br");
    expect(gzipFirst.headers?.["content-encoding"]).toBe("gzip");
  });

  it("compresses a body of a little more than 1 KiB but never a smaller one", async () => {
    // Prepare
    expect(Buffer.byteLength(JSON.stringify(MEDIUM))).toBeGreaterThan(COMPRESSION_THRESHOLD_BYTES);
    expect(Buffer.byteLength(JSON.stringify(SMALL))).toBeLessThan(COMPRESSION_THRESHOLD_BYTES);

    // Act
    const medium = await call(MEDIUM, "gzip");
    const small = await call(SMALL, "gzip");

    // Assess
    expect(medium.headers?.["content-encoding"]).toBe("gzip");
    expect(JSON.parse(decode(medium))).toEqual(MEDIUM);
    expect(small.isBase64Encoded).toBeFalsy();
    expect(small.headers?.["content-encoding"]).toBeUndefined();
    expect(small.headers?.vary).toBeUndefined();
    expect(JSON.parse(small.body!)).toEqual(SMALL);
  });

  it.each([undefined, "identity", "gzip;q=0, br;q=0", "*;q=0", "deflate"])("answers plain JSON to Accept-Encoding %j", async (header) => {
    // Act
    const result = await call(MEDIUM, header);

    // Assess
    expect(result.statusCode).toBe(200);
    expect(result.isBase64Encoded).toBeFalsy();
    expect(result.headers?.["content-encoding"]).toBeUndefined();
    expect(result.headers?.vary).toBe("Accept-Encoding");
    expect(JSON.parse(result.body!)).toEqual(MEDIUM);
  });

  it.each([undefined, "identity", "*;q=0"])("refuses a plain body over the limit with 406 in the envelope (Accept-Encoding %j)", async (header) => {
    // Act
    const result = await call(LARGE, header);

    // Assess
    expect(result.statusCode).toBe(406);
    expect(result.isBase64Encoded).toBeFalsy();
    expect(result.headers?.vary).toBe("Accept-Encoding, Accept-Language");
    expect(result.headers?.["content-language"]).toBe("pt-BR");
    const body = JSON.parse(result.body!);
    expect(body).toEqual({ has_data: false, error: expect.stringMatching(/^A resposta é grande demais para enviar sem compressão .*"Accept-Encoding: gzip"/) });
  });

  it("answers 500 in the envelope when even the compressed body is over the limit", async () => {
    // Prepare: random text gzip cannot shrink below the limit once base64-encoded.
    const incompressible = { has_data: true, blob: randomBytes(5_400_000).toString("base64") };

    // Act
    const result = await call(incompressible, "gzip");

    // Assess
    expect(result.statusCode).toBe(500);
    expect(result.headers?.["content-encoding"]).toBeUndefined();
    expect(JSON.parse(result.body!)).toEqual({ has_data: false, error: expect.stringContaining("grande demais mesmo comprimida") });
  });

  it("refuses a plain body whose JSON escaping alone takes the payload over the limit", async () => {
    // Prepare: under the budget as text, over it once quotes are escaped in the serialised result.
    const quoted = { has_data: true, text: '"'.repeat(2_000_000) };
    expect(Buffer.byteLength(JSON.stringify(quoted))).toBeLessThan(RESPONSE_PAYLOAD_BUDGET_BYTES);
    expect(lambdaPayloadBytes({ body: JSON.stringify(quoted) })).toBeGreaterThan(LAMBDA_RESPONSE_PAYLOAD_BYTES);

    // Act
    const result = await call(quoted, undefined);

    // Assess
    expect(result.statusCode).toBe(406);
  });

  it("sends error answers through the same path", async () => {
    // Prepare
    const failing = httpHandler(getInventoryDetail, async () => {
      throw new NotFoundError(`No inventory for ad ${"MLB1".repeat(400)}`);
    });

    // Act
    const result = await invoke(failing, { path: "/full/inventory/MLB1", pathParameters: { ad_id: "MLB1" }, headers: { "accept-encoding": "br" } });

    // Assess
    expect(result.statusCode).toBe(404);
    expect(result.headers["content-encoding"]).toBe("br");
    expect(result.body).toEqual({ error: expect.stringContaining("No inventory for ad") });
  });

  it("encodeBody gives the result a handler would return", async () => {
    // Act
    const gzip = await encodeBody(LARGE_TEXT, "gzip");
    const plain = await encodeBody(LARGE_TEXT, undefined, "has_data");

    // Assess
    expect(gzip.headers?.["content-encoding"]).toBe("gzip");
    expect(decode(gzip)).toBe(LARGE_TEXT);
    expect(plain.statusCode).toBe(406);
  });
});
