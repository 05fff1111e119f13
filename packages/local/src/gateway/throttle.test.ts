import type { AddressInfo } from "node:net";
import type { Route } from "@fulfillment/functions/routes";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { createGateway } from "./server.js";
import { createThrottle } from "./throttle.js";

const fixture = (name: string): string => `packages/local/src/gateway/__fixtures__/handlers.${name}`;

// The fixture handlers are real per-seller routes: they read the seller registry.
useTestTable("gateway");

const ROUTES: Route[] = [
  { seller: "shared", method: "GET", path: "/full/inventory", handler: fixture("inventory"), envelope: "has_data", access: "none", scope: "fulfillment/read" },
  { seller: "shared", method: "GET", path: "/settings", handler: fixture("inventory"), envelope: "success", access: "none", scope: "fulfillment/read" },
  { seller: "shared", method: "POST", path: "/full/sync", handler: fixture("inventory"), envelope: "success", access: "none", scope: "fulfillment/write", throttle: "expensive" },
];

/** Small limits so a handful of calls reaches them; the clock stands still, so no token comes back mid-test. */
const SETTINGS = {
  stage: { ratePerSecond: 1, burst: 3 },
  expensive: { ratePerSecond: 0.5, burst: 1 },
  notifications: { ratePerSecond: 1, burst: 3 },
};
const clock = { now: 1_000_000 };
const gateway = createGateway({ routes: ROUTES, throttle: createThrottle(SETTINGS, () => clock.now) });
let base = "";

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  base = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
});

afterAll(async () => {
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

describe("local gateway throttling (the deployed stage's limits)", () => {
  it("lets a route's burst through, then answers 429 with Retry-After in the route family's envelope, other routes unaffected", async () => {
    const answers = [];
    for (let call = 0; call < 4; call++) answers.push(await fetch(`${base}/full/inventory`));
    expect(answers.map((answer) => answer.status)).toEqual([200, 200, 200, 429]);
    expect(answers.map((answer) => answer.headers.get("ratelimit-remaining"))).toEqual(["2", "1", "0", "0"]);
    const throttled = answers[3]!;
    expect(throttled.headers.get("retry-after")).toBe("1");
    expect(throttled.headers.get("ratelimit-limit")).toBe("3");
    expect(throttled.headers.get("content-type")).toMatch(/^application\/json/);
    expect(await throttled.json()).toEqual({ has_data: false, error: "Requisições demais para GET /full/inventory: no máximo 1 por segundo, 3 de uma vez; tente de novo em 1 s" });
    // Another route has a bucket of its own, and answers in its own family's envelope when it runs out.
    expect((await fetch(`${base}/settings`)).status).toBe(200);
  });

  it("gives an expensive route its lower limit, and lets it through again once a token is back", async () => {
    expect((await fetch(`${base}/full/sync`, { method: "POST" })).status).toBe(200);
    const throttled = await fetch(`${base}/full/sync`, { method: "POST" });
    expect(throttled.status).toBe(429);
    expect(throttled.headers.get("retry-after")).toBe("2");
    expect(await throttled.json()).toMatchObject({ success: false });
    clock.now += 2_000;
    expect((await fetch(`${base}/full/sync`, { method: "POST" })).status).toBe(200);
  });
});

describe("createThrottle", () => {
  it("refills each bucket at the route's rate, never above its burst", () => {
    let now = 0;
    const throttle = createThrottle(SETTINGS, () => now);
    const route = ROUTES[0]!;
    expect([1, 2, 3, 4].map(() => throttle(route).allowed)).toEqual([true, true, true, false]);
    now += 1_000;
    expect(throttle(route).allowed).toBe(true);
    expect(throttle(route).allowed).toBe(false);
    now += 60_000;
    expect(throttle(route).headers["ratelimit-remaining"]).toBe("2");
  });
});
