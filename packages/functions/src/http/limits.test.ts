import { describe, expect, it } from "vitest";
import { lambdaPayloadBytes, surelyWithin } from "./limits.js";

const headers = { "content-type": "application/json; charset=utf-8", "content-encoding": "gzip", vary: "Accept-Encoding" };

describe("a result surely within a payload limit", () => {
  it("counts a base64 body at its own length: a 5.9 MB compressed answer is known to fit 6,000,000 bytes without serialising it", () => {
    const result = { statusCode: 200, headers, body: "QUJD".repeat(1_475_000), isBase64Encoded: true };

    expect(surelyWithin(result, 6_000_000)).toBe(true);
    expect(lambdaPayloadBytes(result)).toBeLessThanOrEqual(6_000_000);
  });

  it("is not sure of a base64 body near the limit, nor of a text body whose escapes could pass it", () => {
    const near = { statusCode: 200, headers, body: "QUJD".repeat(1_499_990), isBase64Encoded: true };
    const text = { statusCode: 200, headers, body: "\u0001".repeat(1_000_000) };

    expect(surelyWithin(near, 6_000_000)).toBe(false);
    expect(surelyWithin(text, 6_000_000)).toBe(false);
    // The text's serialisation does pass the limit: each control character is written as \u0001.
    expect(lambdaPayloadBytes(text)).toBeGreaterThan(6_000_000);
    expect(surelyWithin({ ...text, body: "x".repeat(100_000) }, 6_000_000)).toBe(true);
  });
});
