import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { RetryErrorInfo } from "@smithy/types";
import { TimeBudgetRetryStrategy, STORAGE_TIME_BUDGET } from "./time-budget.js";

/**
 * The retry budget of every storage call: a silent engine is given up on after one attempt of
 * 4.5 s, fast failures (refused connections, throttling) are retried while the 5 s last.
 */

let now = 0;
const strategy = () => new TimeBudgetRetryStrategy(STORAGE_TIME_BUDGET, () => now);

const silence: RetryErrorInfo = {
  errorType: "TRANSIENT",
  error: Object.assign(new Error("a request has exceeded the configured 4500 ms requestTimeout"), { name: "TimeoutError", code: "ETIMEDOUT" }) as never,
};
const refused: RetryErrorInfo = { errorType: "TRANSIENT", error: Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }) as never };
const throttled: RetryErrorInfo = { errorType: "THROTTLING", error: Object.assign(new Error("slow down"), { name: "ThrottlingException" }) as never };

beforeEach(() => {
  now = 0;
  // No backoff wait: the clock is moved by the test.
  vi.spyOn(Math, "random").mockReturnValue(0);
});

afterEach(() => {
  vi.restoreAllMocks();
});

/** The strategy's answer to `failure` coming `elapsedMs` into a call: the token to retry with, or the error it gives up with. */
async function answerTo(failure: RetryErrorInfo, elapsedMs: number): Promise<unknown> {
  const retries = strategy();
  const token = await retries.acquireInitialRetryToken("");
  now = elapsedMs;
  return retries.refreshRetryTokenForRetry(token, failure).catch((error: unknown) => error);
}

describe("TimeBudgetRetryStrategy", () => {
  it("gives up on an engine that did not answer one attempt, since a second would pass the 5 s budget", async () => {
    // Act: the engine stayed silent for one whole attempt.
    const outcome = await answerTo(silence, STORAGE_TIME_BUDGET.attemptMs);

    // Assess
    expect(outcome).toBe(silence.error);
  });

  it("retries refused connections and throttling up to the attempt limit while the budget lasts", async () => {
    // Prepare
    const retries = strategy();
    let token = await retries.acquireInitialRetryToken("");

    // Act: four fast failures, 100 ms apart.
    const outcomes: string[] = [];
    for (const info of [refused, throttled, refused, throttled, refused]) {
      now += 100;
      try {
        token = await retries.refreshRetryTokenForRetry(token, info);
        outcomes.push("retry");
      } catch {
        outcomes.push("gave up");
      }
    }

    // Assess: five attempts in all, the fifth failure is final.
    expect(outcomes).toEqual(["retry", "retry", "retry", "retry", "gave up"]);
  });

  it("stops retrying fast failures once the budget is spent", async () => {
    // Act: a refused connection as the budget runs out.
    const outcome = await answerTo(refused, STORAGE_TIME_BUDGET.callMs);

    // Assess
    expect(outcome).toBe(refused.error);
  });
});
