import { describe, expect, it } from "vitest";
import { ROUTES, routeKey } from "@fulfillment/functions/routes";
import { throttleOf } from "@fulfillment/functions/throttling";
import { generateOpenApi } from "./generate.js";

type Operation = { responses: Record<string, { description: string; headers?: Record<string, { $ref?: string; schema?: unknown }>; content?: Record<string, unknown> }> };

describe("rate limits in the OpenAPI document", () => {
  const document = generateOpenApi() as unknown as { paths: Record<string, Record<string, Operation>>; components: { headers: Record<string, unknown> } };

  it("gives every operation a 429 with Retry-After, its route's limits and the route family's error body", () => {
    for (const route of ROUTES) {
      const throttled = document.paths[route.path]![route.method.toLowerCase()]!.responses["429"];
      expect(throttled, routeKey(route)).toBeDefined();
      expect(throttled!.headers!["Retry-After"]).toMatchObject({ schema: { type: "integer" } });
      const { ratePerSecond, burst } = throttleOf(route);
      expect(throttled!.description).toContain(`takes ${ratePerSecond} requests a second and ${burst} at once`);
      expect(throttled!.content).toHaveProperty(["application/json"]);
    }
  });

  it("names the rate-limit headers on every 2XX and 4XX answer, defined once among the components", () => {
    expect(Object.keys(document.components.headers).sort()).toEqual(["Access-Control-Allow-Origin", "RateLimit-Limit", "RateLimit-Remaining", "RateLimit-Reset"]);
    for (const route of ROUTES) {
      for (const [status, response] of Object.entries(document.paths[route.path]![route.method.toLowerCase()]!.responses)) {
        if (!/^[24]/.test(status)) continue;
        for (const name of Object.keys(document.components.headers)) {
          expect(response.headers?.[name], `${routeKey(route)} ${status} ${name}`).toEqual({ $ref: `#/components/headers/${name}` });
        }
      }
    }
  });
});
