import { describe, expect, it } from "vitest";
import { backoffDelay, isRetryableStatus, retryAfterMs } from "./retry.js";

const policy = { baseMs: 100, maxMs: 1000, retryAfterMaxMs: 5000, random: () => 1, now: () => Date.parse("2026-06-30T12:00:00Z") };

describe("retryAfterMs", () => {
  it("reads delta-seconds and HTTP dates", () => {
    expect(retryAfterMs("0", policy.now())).toBe(0);
    expect(retryAfterMs("2", policy.now())).toBe(2000);
    expect(retryAfterMs("Tue, 30 Jun 2026 12:00:03 GMT", policy.now())).toBe(3000);
    expect(retryAfterMs("Tue, 30 Jun 2026 11:00:00 GMT", policy.now())).toBe(0);
  });

  it("ignores a missing or unreadable header", () => {
    expect(retryAfterMs(null, policy.now())).toBeUndefined();
    expect(retryAfterMs("soon", policy.now())).toBeUndefined();
  });
});

describe("backoffDelay", () => {
  it("doubles the ceiling per attempt up to the maximum", () => {
    expect([0, 1, 2, 3, 4, 5].map((attempt) => backoffDelay(policy, attempt))).toEqual([100, 200, 400, 800, 1000, 1000]);
  });

  it("prefers Retry-After, capped", () => {
    expect(backoffDelay(policy, 3, "1")).toBe(1000);
    expect(backoffDelay(policy, 0, "3600")).toBe(5000);
  });
});

it("retries only 429 and 5xx", () => {
  expect([400, 401, 403, 404, 429, 500, 502, 503].map(isRetryableStatus)).toEqual([false, false, false, false, true, true, true, true]);
});
