/**
 * The API's rate limits in the document (throttling.ts): every operation may answer 429 with
 * Retry-After, and names the rate-limit headers `npm start` sends with its answers.
 */
import { routeKey, type Route } from "@fulfillment/functions/routes";
import { throttleOf, THROTTLE_SETTINGS } from "@fulfillment/functions/throttling";
import type { ResponseContract } from "@fulfillment/functions/contract/schema";

const integerHeader = (description: string) => ({ description, schema: { type: "integer", format: "int32", minimum: 0, maximum: 1_000_000 } });

/** Components of the document, referred to by every 2XX and 4XX answer. Sent by the local gateway; API Gateway enforces the same limits without them. */
export const RATE_LIMIT_HEADERS: Record<string, unknown> = {
  "RateLimit-Limit": integerHeader("Requests the route takes at once (its burst). Sent by `npm start`; the deployed API Gateway does not send it"),
  "RateLimit-Remaining": integerHeader("Requests the route takes at once right now. Sent by `npm start`; the deployed API Gateway does not send it"),
  "RateLimit-Reset": integerHeader("Seconds until the route's full burst is available again. Sent by `npm start`; the deployed API Gateway does not send it"),
};

/** The 429 of a route, with its default limits and the settings that change them. */
export function throttledResponse(route: Route): ResponseContract {
  const { ratePerSecond, burst } = throttleOf(route);
  const names = THROTTLE_SETTINGS[route.throttle ?? "stage"];
  return {
    description:
      `Throttled: ${routeKey(route)} takes ${ratePerSecond} requests a second and ${burst} at once by default (deploy settings ${names.rate} and ${names.burst}); ` +
      "nothing was done. Wait the seconds of Retry-After. `npm start` answers in the route's error envelope; the deployed API Gateway answers `{\"message\": \"Too Many Requests\"}`",
    headers: { "Retry-After": "Seconds until the route takes a request again" },
  };
}

const REFERENCES = Object.fromEntries(Object.keys(RATE_LIMIT_HEADERS).map((name) => [name, { $ref: `#/components/headers/${name}` }]));

/** Adds the rate-limit headers to a built responses object's 2XX and 4XX answers, and types Retry-After. */
export function describeRateLimits(responses: Record<string, unknown>): void {
  for (const [status, value] of Object.entries(responses)) {
    if (!/^[24]/.test(status)) continue;
    const response = value as { headers?: Record<string, unknown> };
    response.headers = { ...response.headers, ...REFERENCES };
    if (status === "429") response.headers["Retry-After"] = integerHeader("Seconds until the route takes a request again");
  }
}
