import { routeKey, type Route } from "@fulfillment/functions/routes";
import { throttleOf, type Throttle as Limit, type ThrottleSettings } from "@fulfillment/functions/throttling";

/** What the bucket says of a request, and the rate-limit headers of its answer. */
export type Admission = { allowed: boolean; limit: Limit; headers: Record<string, string> };

export type Throttle = (route: Route) => Admission;

/**
 * API Gateway's throttling, locally: a token bucket per route holding `burst` tokens, refilled at
 * `ratePerSecond` (throttling.ts, the same limits the deployed stage has). A request takes a token;
 * none left answers 429 with Retry-After, the seconds until one is back.
 */
export function createThrottle(settings: ThrottleSettings, now: () => number = Date.now): Throttle {
  const buckets = new Map<string, { tokens: number; at: number }>();
  return (route) => {
    const limit = throttleOf(route, settings);
    const key = routeKey(route);
    const at = now();
    const bucket = buckets.get(key) ?? { tokens: limit.burst, at };
    bucket.tokens = Math.min(limit.burst, bucket.tokens + ((at - bucket.at) / 1000) * limit.ratePerSecond);
    bucket.at = at;
    buckets.set(key, bucket);
    const allowed = bucket.tokens >= 1;
    if (allowed) bucket.tokens -= 1;
    // Seconds until the bucket is full again (RateLimit-Reset), or until the next token (Retry-After).
    const untilFull = Math.ceil((limit.burst - bucket.tokens) / limit.ratePerSecond);
    const headers: Record<string, string> = {
      "ratelimit-limit": String(limit.burst),
      "ratelimit-remaining": String(Math.floor(bucket.tokens)),
      "ratelimit-reset": String(untilFull),
    };
    if (!allowed) headers["retry-after"] = String(Math.max(1, Math.ceil((1 - bucket.tokens) / limit.ratePerSecond)));
    return { allowed, limit, headers };
  };
}
