import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxHub, type SandboxHub } from "./hub.js";

/** Several sellers behind one marketplace address: each request reaches the seller it belongs to. */

let hub: SandboxHub;

beforeAll(async () => {
  hub = await startSandboxHub([
    { seed: { sellerId: 111, nickname: "LOJA_A", items: [{ id: "MLB1", inventory_id: "INV1", stock: { available: 5 } }] } },
    { seed: { sellerId: 222, nickname: "LOJA_B", items: [{ id: "MLB2", inventory_id: "INV2", stock: { available: 9 } }] } },
  ]);
});

afterAll(async () => {
  await hub.stop();
});

const get = async (path: string, token: string) => {
  const answer = await fetch(`${hub.url}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: answer.status, body: (await answer.json()) as any };
};
const [a, b] = [() => hub.sellers[0]!, () => hub.sellers[1]!];

describe("the sandbox hub", () => {
  it("answers each seller's token with that seller's account and catalogue", async () => {
    expect((await get("/users/me", a().currentTokens().access_token)).body).toMatchObject({ id: 111, nickname: "LOJA_A" });
    expect((await get("/users/me", b().currentTokens().access_token)).body).toMatchObject({ id: 222, nickname: "LOJA_B" });
    expect((await get("/inventories/INV2/stock/fulfillment?seller_id=222", b().currentTokens().access_token)).body).toMatchObject({ available_quantity: 9 });
    expect((await get("/items/MLB2", a().currentTokens().access_token)).status).toBe(404);
  });

  it("refreshes a seller's tokens at that seller, and answers a token no seller issued with 401", async () => {
    // Act
    const refreshed = await fetch(`${hub.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "refresh_token", client_id: b().clientId, client_secret: b().clientSecret, refresh_token: b().currentTokens().refresh_token }),
    });

    // Assess
    expect(await refreshed.json()).toMatchObject({ user_id: 222, access_token: b().currentTokens().access_token });
    expect((await get("/users/me", "APP_USR-unknown")).status).toBe(401);
    expect(hub.requests.map((r) => r.sellerId)).toContain(undefined);
  });

  it("keeps a fault armed at one seller away from the other", async () => {
    // Prepare
    a().faults.inject({ path: "/users/me", status: 429, count: 1 });

    // Act
    const other = await get("/users/me", b().currentTokens().access_token);
    const throttled = await get("/users/me", a().currentTokens().access_token);

    // Assess
    expect(other.status).toBe(200);
    expect(throttled.status).toBe(429);
  });
});
