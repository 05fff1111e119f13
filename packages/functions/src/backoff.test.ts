import { describe, expect, it } from "vitest";
import { backoffMs } from "./backoff.js";

const lowest = () => 0;
const highest = () => 0.999_999;

describe("backoffMs", () => {
  it("full jitter: anywhere from nothing up to the ceiling, which doubles per attempt up to the maximum", () => {
    const policy = { baseMs: 100, maxMs: 500 };
    expect([0, 1, 2, 3].map((attempt) => backoffMs(policy, attempt, lowest))).toEqual([0, 0, 0, 0]);
    expect([0, 1, 2, 3].map((attempt) => backoffMs(policy, attempt, highest))).toEqual([99, 199, 399, 499]);
  });

  it("equal jitter: at least half the ceiling, so a retry never follows at once", () => {
    const policy = { baseMs: 1000, maxMs: Number.POSITIVE_INFINITY, jitter: "equal" as const };
    expect([0, 1, 2, 3].map((attempt) => backoffMs(policy, attempt, lowest))).toEqual([500, 1000, 2000, 4000]);
    expect([0, 1, 2, 3].map((attempt) => backoffMs(policy, attempt, highest))).toEqual([999, 1999, 3999, 7999]);
  });
});
