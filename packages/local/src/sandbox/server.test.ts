import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { matchesPath } from "./faults.js";
import { startSandboxMarketplace, type SandboxMarketplace } from "./server.js";

let sandbox: SandboxMarketplace;

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({
    seed: {
      items: [
        {
          id: "MLB1",
          sku: "SKU-1",
          inventory_id: "INVA",
          dimensions: { height: 10, width: 15, length: 20, weight_g: 700 },
          stock: { available: 9, not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damaged", quantity: 1 }] },
          receptions: [
            { date: "2026-05-01", quantity: 4 },
            { date: "2026-05-20", quantity: 6 },
          ],
        },
        { id: "MLB2", variations: [{ id: 17001, inventory_id: "INVB", stock: { available: 1 }, receptions: [{ date: "2026-05-02T03:00:00Z", quantity: 1 }] }] },
        { id: "MLB3", dimensions: { height: 1, width: 2, length: 3 }, dimensionsIn: "shipping" },
      ],
    },
  });
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(() => {
  sandbox.faults.reset();
});

const get = async (path: string, token: string | null = sandbox.currentTokens().access_token) => {
  const response = await fetch(`${sandbox.url}${path}`, { headers: token ? { authorization: `Bearer ${token}` } : {} });
  return { status: response.status, headers: response.headers, body: (await response.json()) as any };
};

const refresh = async (fields: Record<string, string>) => {
  const response = await fetch(`${sandbox.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ grant_type: "refresh_token", client_id: "sandbox-client", client_secret: "sandbox-secret", ...fields }),
  });
  return { status: response.status, body: (await response.json()) as any };
};

const search = (query: string) => get(`/stock/fulfillment/operations/search?${query}`);

describe("authentication", () => {
  it("issues an initial pair for the mercadolivre credential", () => {
    expect(sandbox.tokens).toMatchObject({
      access_token: expect.stringMatching(/^APP_USR-/),
      refresh_token: expect.stringMatching(/^TG-/),
      user_id: 123456789,
      expires_at: expect.any(String),
    });
  });

  it("answers 401 without a valid, unexpired Bearer token", async () => {
    expect((await get("/items/MLB1", null)).status).toBe(401);
    expect((await get("/items/MLB1", "APP_USR-unknown")).body).toMatchObject({ status: 401, error: "unauthorized" });
  });

  it("rotates single-use refresh tokens and expires access tokens", async () => {
    const first = sandbox.currentTokens();
    sandbox.expireAccessTokens();
    expect((await get("/items/MLB1", first.access_token)).status).toBe(401);

    const renewed = await refresh({ refresh_token: first.refresh_token });
    const reused = await refresh({ refresh_token: first.refresh_token });

    expect(renewed.status).toBe(200);
    expect(renewed.body).toMatchObject({ token_type: "bearer", expires_in: 10800, user_id: 123456789 });
    expect(renewed.body.refresh_token).not.toBe(first.refresh_token);
    expect(reused).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect((await get("/items/MLB1", renewed.body.access_token)).status).toBe(200);
  });

  it("checks the client credentials and the grant type", async () => {
    const current = sandbox.currentTokens().refresh_token;

    expect((await refresh({ refresh_token: current, client_secret: "wrong" })).body).toMatchObject({ error: "invalid_client" });
    expect((await refresh({ refresh_token: current, grant_type: "password" })).body).toMatchObject({ error: "unsupported_grant_type" });
    // The refused attempts did not use up the refresh token.
    expect((await refresh({ refresh_token: current })).status).toBe(200);
  });
});

describe("items", () => {
  it("serves an item with inventory id, logistic type and package attributes", async () => {
    const { status, body } = await get("/items/MLB1");

    expect(status).toBe(200);
    expect(body).toMatchObject({ id: "MLB1", inventory_id: "INVA", shipping: { logistic_type: "fulfillment", dimensions: null } });
    expect(body.attributes).toContainEqual(expect.objectContaining({ id: "SELLER_PACKAGE_LENGTH", value_name: "20 cm", value_struct: { number: 20, unit: "cm" } }));
    expect((await get("/items/MLB3")).body.shipping.dimensions).toBe("1x2x3,0");
  });

  it("answers the multiget with one envelope per id, only the asked attributes", async () => {
    const { body } = await get("/items?ids=MLB2,NOPE&attributes=id,inventory_id,variations");

    expect(body).toEqual([
      { code: 200, body: { id: "MLB2", inventory_id: null, variations: [{ id: 17001, available_quantity: 1, inventory_id: "INVB" }] } },
      { code: 404, body: { message: "Item with id NOPE not found", error: "not_found", status: 404, cause: [] } },
    ]);
  });

  it("refuses more than 20 ids, no ids, and an unknown item", async () => {
    const ids = Array.from({ length: 21 }, (_, i) => `MLB${i}`).join(",");

    expect((await get(`/items?ids=${ids}`)).status).toBe(400);
    expect((await get("/items")).status).toBe(400);
    expect((await get("/items/MLB404")).body).toMatchObject({ status: 404, error: "not_found" });
  });
});

describe("fulfillment stock", () => {
  it("serves the documented fields", async () => {
    const { body } = await get("/inventories/INVA/stock/fulfillment");

    expect(body).toEqual({
      inventory_id: "INVA",
      total: 12,
      available_quantity: 9,
      not_available_quantity: 3,
      not_available_detail: [{ status: "transfer", quantity: 2 }, { status: "damaged", quantity: 1 }],
      external_references: [{ type: "item", id: "MLB1", variation_id: null }],
    });
  });

  it("answers 404 seller_product_not_found for an unknown inventory", async () => {
    const { status, body } = await get("/inventories/NOPE/stock/fulfillment");

    expect(status).toBe(404);
    expect(body).toMatchObject({ error: "seller_product_not_found", message: "Inventory not found with id: NOPE" });
  });
});

describe("operations search", () => {
  const seller = "seller_id=123456789";

  it("validates seller, dates, type and limit", async () => {
    expect((await search("date_from=2026-05-01&date_to=2026-05-30")).body).toMatchObject({ status: 400, message: "The field 'seller_id' is required" });
    expect((await search("seller_id=1&date_from=2026-05-01&date_to=2026-05-30")).status).toBe(403);
    expect((await search(`${seller}&date_from=2026-05-01`)).status).toBe(400);
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-07-01`)).body.message).toBe('Date range can\'t be greater than "60" days');
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-06-30`)).status).toBe(200);
    expect((await search(`${seller}&date_from=2026-05-30&date_to=2026-05-30`)).status).toBe(400);
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-05-30&type=teleport`)).body.error).toBe("validation_error");
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-05-30&limit=0`)).status).toBe(400);
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-05-30&limit=1001`)).status).toBe(400);
  });

  it("filters by inventory ids and type, and stops the day before date_to", async () => {
    const all = await search(`${seller}&date_from=2026-05-01&date_to=2026-05-20&type=INBOUND_RECEPTION`);
    const one = await search(`${seller}&inventory_id=INVB&date_from=2026-05-01&date_to=2026-05-21`);
    const both = await search(`${seller}&inventory_id=INVA,INVB&date_from=2026-05-01&date_to=2026-05-21`);

    expect(all.body.results.map((op: any) => op.date_created)).toEqual(["2026-05-01T12:00:00Z", "2026-05-02T03:00:00Z"]);
    expect(one.body.results).toHaveLength(1);
    expect(one.body.results[0]).toMatchObject({ inventory_id: "INVB", type: "INBOUND_RECEPTION", detail: { available_quantity: 1 } });
    expect(both.body.paging).toEqual({ total: 3, scroll: null });
    expect((await search(`${seller}&date_from=2026-05-01&date_to=2026-05-21&type=sale_confirmation`)).body.results).toEqual([]);
  });

  it("pages with limit and scroll, and refuses an unknown scroll", async () => {
    const query = `${seller}&date_from=2026-05-01&date_to=2026-05-21&limit=2`;

    const first = await search(query);
    const second = await search(`${query}&scroll=${encodeURIComponent(first.body.paging.scroll)}`);

    expect(first.body.results).toHaveLength(2);
    expect(first.body.paging.scroll).toEqual(expect.any(String));
    expect(second.body.results).toHaveLength(1);
    expect(second.body.paging.scroll).toBeNull();
    expect((await search(`${query}&scroll=bogus`)).status).toBe(400);
  });
});

describe("faults", () => {
  it("answers injected statuses with Retry-After for the next `count` matching requests", async () => {
    sandbox.faults.inject({ path: "/items", status: 429, count: 2, retryAfter: 3 });

    const first = await get("/items/MLB1");
    const second = await get("/items?ids=MLB1");
    const third = await get("/items/MLB1");

    expect(first.status).toBe(429);
    expect(first.headers.get("retry-after")).toBe("3");
    expect(first.body).toMatchObject({ error: "too_many_request" });
    expect(second.status).toBe(429);
    expect(third.status).toBe(200);
  });

  it("serves a wrong-shaped body and a custom error body", async () => {
    sandbox.faults.malformed({ path: /stock\/fulfillment$/, count: 1 });
    sandbox.faults.inject({ path: "/items/MLB1", status: 500, count: 1, body: { oops: true } });

    expect((await get("/inventories/INVA/stock/fulfillment")).body).toEqual({ inventory_id: 7, available_quantity: "nine" });
    expect((await get("/items/MLB1")).body).toEqual({ oops: true });
  });

  it("delays matching requests", async () => {
    sandbox.faults.slow({ path: "/items/MLB1", ms: 80, count: 1 });
    const started = Date.now();
    await get("/items/MLB1");
    expect(Date.now() - started).toBeGreaterThanOrEqual(75);
  });

  it("matches strings as a path or a path prefix, RegExps anywhere in the path", () => {
    expect(matchesPath("/items", "/items")).toBe(true);
    expect(matchesPath("/items", "/items/MLB1")).toBe(true);
    expect(matchesPath("/items", "/itemsX")).toBe(false);
    expect(matchesPath(/^\/items$/, "/items/MLB1")).toBe(false);
    expect(matchesPath(/INVA/g, "/inventories/INVA/stock/fulfillment")).toBe(true);
  });
});

describe("request log", () => {
  it("records method and path with query", async () => {
    const mark = sandbox.requests.length;

    await get("/items?ids=MLB1");
    const response = await fetch(`${sandbox.url}/items/MLB1`, { method: "PUT" });

    expect(response.status).toBe(405);
    expect(sandbox.requests.slice(mark).map(({ method, path }) => ({ method, path }))).toEqual([
      { method: "GET", path: "/items?ids=MLB1" },
      { method: "PUT", path: "/items/MLB1" },
    ]);
    expect(sandbox.requests.slice(mark).every((r) => typeof r.at === "number")).toBe(true);
  });
});
