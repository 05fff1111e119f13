import { gunzipSync } from "node:zlib";
import httpContentEncoding from "@middy/http-content-encoding";
import { describe, expect, it } from "vitest";
import { encodeBody } from "./compression.js";
import { keepEncodings } from "./kept-encodings.js";

type Encoder = Parameters<typeof keepEncodings>[0];

/** The real encoder, counting the answers it was handed. */
function countingEncoder(): { encoder: Encoder; calls: () => number } {
  const real = httpContentEncoding({ gzip: {} }) as unknown as Encoder;
  let calls = 0;
  return {
    encoder: { after: async (request) => {
      calls++;
      await real.after!(request);
    } },
    calls: () => calls,
  };
}

const answer = (body: string, headers: Record<string, string> = {}) => ({ statusCode: 200, headers: { "content-type": "application/json", ...headers }, body });

async function encode(kept: ReturnType<typeof keepEncodings>, body: string, options: { headers?: Record<string, string>; event?: Record<string, string> } = {}) {
  const request = { event: { headers: options.event ?? {} }, context: { preferredEncoding: "gzip", preferredEncodings: ["gzip"] }, response: answer(body, options.headers) };
  await kept.after!(request as never);
  return request.response as { headers: Record<string, string>; body: string; isBase64Encoded?: boolean };
}

const json = (n: number) => JSON.stringify({ success: true, data: Array.from({ length: 200 }, (_, i) => ({ id: i, n })) });

describe("answers compressed once while they do not change", () => {
  it("sends an unchanged answer again as the encoder made it, without compressing it again", async () => {
    const { encoder, calls } = countingEncoder();
    const kept = keepEncodings(encoder);

    const first = await encode(kept, json(1), { headers: { vary: "Accept-Language" } });
    const again = await encode(kept, json(1), { headers: { vary: "Accept-Language" } });

    expect(calls()).toBe(1);
    expect(again).toEqual(first);
    expect(again.isBase64Encoded).toBe(true);
    expect(again.headers["Content-Encoding"]).toBe("gzip");
    expect(again.headers.vary).toBe("Accept-Language, Accept-Encoding");
    expect(gunzipSync(Buffer.from(again.body, "base64")).toString()).toBe(json(1));
  });

  it("compresses a changed answer anew, and forgets the oldest past sixteen", async () => {
    const { encoder, calls } = countingEncoder();
    const kept = keepEncodings(encoder);

    for (let n = 0; n < 17; n++) await encode(kept, json(n));
    await encode(kept, json(16));
    await encode(kept, json(0));

    expect(calls()).toBe(18);
  });

  it("leaves answers marked no-transform, and requests asking so, to the encoder every time", async () => {
    const { encoder, calls } = countingEncoder();
    const kept = keepEncodings(encoder);

    await encode(kept, json(1), { event: { "cache-control": "no-transform" } });
    await encode(kept, json(1), { event: { "cache-control": "no-transform" } });
    await encode(kept, json(2), { headers: { "cache-control": "no-transform" } });
    const plain = await encode(kept, json(2), { headers: { "cache-control": "no-transform" } });

    expect(calls()).toBe(4);
    expect(plain.isBase64Encoded).toBeUndefined();
  });

  it("gives a handler's answer the same bytes and headers the first time and after", async () => {
    const body = json(7);
    const first = await encodeBody(body, "gzip, br");
    const again = await encodeBody(body, "gzip, br");

    expect(again).toEqual(first);
    expect(first.isBase64Encoded).toBe(true);
    expect(first.headers?.["content-encoding"]).toMatch(/^(gzip|br)$/);
  });
});
