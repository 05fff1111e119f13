import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { renewSandboxTokens, startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { createMarketplaceClient } from "./client.js";
import { networkFailureOf } from "./network.js";
import type { MarketplaceClientOptions, TokenPair, TokenStore } from "./session.js";
import { MarketplaceAuthError, MarketplaceHttpError, MarketplaceNetworkError, MarketplacePayloadError } from "./errors.js";

const TODAY = "2026-06-30";

function seedItems(): SandboxItem[] {
  const items: SandboxItem[] = [];
  for (let n = 1; n <= 45; n += 1) {
    const id = `MLB${1000000000 + n}`;
    items.push({
      id,
      sku: `SKU-${n}`,
      inventory_id: `INV${n}`,
      dimensions: { height: 10, width: 15, length: 20, weight_g: 700 },
      stock: { available: n, not_available_detail: [{ status: "transfer", quantity: 1 }], total: n + 1 },
      receptions: [{ date: "2026-06-01", quantity: n }],
    });
  }
  items.push({
    id: "MLB2000000001",
    variations: [
      { id: 170000000001, inventory_id: "VAR1", stock: { available: 3 } },
      { id: 170000000002, inventory_id: "VAR2", stock: { available: 4 } },
    ],
  });
  // 25 receptions for the paging tests: May 10th to 21st, then June 1st to 13th.
  const receptions = Array.from({ length: 25 }, (_, i) => ({
    date: i < 12 ? `2026-05-${String(i + 10).padStart(2, "0")}` : `2026-06-${String(i - 11).padStart(2, "0")}`,
    quantity: i + 1,
  }));
  items.push({ id: "MLB3000000001", inventory_id: "PAGED", stock: { available: 5 }, receptions });
  return items;
}

interface MemoryStore extends TokenStore {
  pair: TokenPair & { expires_at?: string };
  saves: number;
}

function memoryStore(pair: TokenPair): MemoryStore {
  const store: MemoryStore = {
    pair: { ...pair },
    saves: 0,
    load: async () => ({ ...store.pair }),
    save: async (next) => {
      store.saves += 1;
      store.pair = { ...store.pair, ...next };
    },
  };
  return store;
}

let sandbox: SandboxMarketplace;

beforeAll(async () => {
  // The sandbox lives on the tests' day: its 12-month retention counts back from there.
  sandbox = await startSandboxMarketplace({ seed: { items: seedItems() }, now: () => Date.parse(`${TODAY}T15:00:00Z`) });
});

afterAll(async () => {
  await sandbox.stop();
});

afterEach(async () => {
  sandbox.faults.reset();
  // Tests that expire tokens leave the next one a working pair.
  await renewSandboxTokens(sandbox);
});

function clientFor(overrides: Partial<MarketplaceClientOptions> = {}) {
  const tokens = memoryStore(sandbox.currentTokens());
  const client = createMarketplaceClient({
    baseUrl: sandbox.url,
    tokens,
    clientId: sandbox.clientId,
    clientSecret: sandbox.clientSecret,
    backoffBaseMs: 1,
    backoffMaxMs: 5,
    ...overrides,
  });
  return { client, tokens };
}

const paths = (from: number, pathname: string): string[] =>
  sandbox.requests.slice(from).map((r) => `${r.method} ${r.path}`).filter((line) => line.split("?")[0]!.endsWith(pathname));

describe("token refresh", () => {
  it("refreshes once on an expired token, stores the new pair first, and the old refresh token stops working", async () => {
    // Prepare
    const { client, tokens } = clientFor();
    const before = { ...tokens.pair };
    sandbox.expireAccessTokens();
    const mark = sandbox.requests.length;

    // Act
    const stock = await client.getStock("INV3");

    // Assess
    expect(stock.available_quantity).toBe(3);
    expect(tokens.saves).toBe(1);
    expect(tokens.pair.access_token).not.toBe(before.access_token);
    expect(tokens.pair.refresh_token).not.toBe(before.refresh_token);
    expect(tokens.pair).toMatchObject({ ...sandbox.currentTokens(), expires_at: expect.any(String) });
    expect(paths(mark, "/oauth/token")).toEqual(["POST /oauth/token"]);
    const reuse = await fetch(`${sandbox.url}/oauth/token`, {
      method: "POST",
      headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
      body: new URLSearchParams({ grant_type: "refresh_token", client_id: sandbox.clientId, client_secret: sandbox.clientSecret, refresh_token: before.refresh_token }),
    });
    expect(reuse.status).toBe(400);
    expect(await reuse.json()).toMatchObject({ error: "invalid_grant" });
  });

  it("shares one refresh among concurrent requests that all see 401", async () => {
    const { client, tokens } = clientFor();
    sandbox.expireAccessTokens();
    const mark = sandbox.requests.length;

    const stocks = await Promise.all(Array.from({ length: 12 }, (_, i) => client.getStock(`INV${i + 1}`)));

    expect(stocks.map((s) => s.available_quantity)).toEqual(Array.from({ length: 12 }, (_, i) => i + 1));
    expect(paths(mark, "/oauth/token")).toHaveLength(1);
    expect(tokens.saves).toBe(1);
  });

  it("treats a 401 fault as an expired token", async () => {
    const { client, tokens } = clientFor();
    sandbox.faults.inject({ path: "/inventories", status: 401, count: 1 });

    const stock = await client.getStock("INV2");

    expect(stock.available_quantity).toBe(2);
    expect(tokens.saves).toBe(1);
  });

  it("gives up with MarketplaceAuthError when the API still answers 401 after a refresh", async () => {
    const { client, tokens } = clientFor();
    sandbox.faults.inject({ path: "/inventories", status: 401, count: 2 });

    const error = await client.getStock("INV2").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceAuthError);
    expect((error as MarketplaceAuthError).status).toBe(401);
    expect(tokens.saves).toBe(1);
  });

  it("reports a refused refresh without tokens or secrets in the message", async () => {
    const secret = "very-secret-value";
    const { client, tokens } = clientFor({ clientSecret: secret });
    sandbox.expireAccessTokens();

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceAuthError);
    expect(error).toMatchObject({ status: 401, code: "invalid_client", endpoint: "POST /oauth/token" });
    const text = `${(error as Error).message} ${JSON.stringify(error)}`;
    for (const secretText of [secret, tokens.pair.access_token, tokens.pair.refresh_token]) expect(text).not.toContain(secretText);
    expect(tokens.saves).toBe(0);
  });
});

describe("retries", () => {
  it("waits for Retry-After on 429 and then succeeds", async () => {
    const { client } = clientFor({ backoffBaseMs: 10_000, backoffMaxMs: 10_000 });
    sandbox.faults.inject({ path: /^\/inventories\/INV5\//, status: 429, count: 2, retryAfter: 0 });
    const calls = client.callCount();

    const stock = await client.getStock("INV5");

    expect(stock.available_quantity).toBe(5);
    expect(client.callCount() - calls).toBe(3);
  });

  it("waits as long as Retry-After says, in seconds or as an HTTP date", async () => {
    const waits: number[] = [];
    const { client } = clientFor({ sleep: async (ms) => void waits.push(ms) });
    sandbox.faults.inject({ path: "/inventories/INV5", status: 429, count: 1, retryAfter: 7 });
    sandbox.faults.inject({ path: "/inventories/INV5", status: 503, count: 1, retryAfter: 600 });

    await client.getStock("INV5");

    // 600 s is above the 30 s cap.
    expect(waits).toEqual([7000, 30_000]);
  });

  it("backs off with full jitter when there is no Retry-After", async () => {
    const waits: number[] = [];
    const { client } = clientFor({ backoffBaseMs: 100, backoffMaxMs: 350, random: () => 0.5, sleep: async (ms) => void waits.push(ms) });
    sandbox.faults.inject({ path: "/inventories/INV5", status: 500, count: 4 });

    await client.getStock("INV5");

    // Ceilings 100, 200, 400 → 350 (cap), 800 → 350, each halved by the random draw.
    expect(waits).toEqual([50, 100, 175, 175]);
  });

  it("retries 500 and 503 answers", async () => {
    const { client } = clientFor();
    sandbox.faults.inject({ path: "/inventories/INV6/stock/fulfillment", status: 500, count: 1 });
    sandbox.faults.inject({ path: "/inventories/INV6/stock/fulfillment", status: 503, count: 1 });

    const stock = await client.getStock("INV6");

    expect(stock.available_quantity).toBe(6);
  });

  it("ends with MarketplaceHttpError once the retries are used up", async () => {
    const { client } = clientFor({ maxRetries: 2 });
    sandbox.faults.inject({ path: "/inventories/INV6/stock/fulfillment", status: 503, count: 5 });
    const calls = client.callCount();

    const error = await client.getStock("INV6").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceHttpError);
    expect(error).toMatchObject({ status: 503, code: "service_unavailable" });
    expect(client.callCount() - calls).toBe(3);
  });

  it("retries a request that times out", async () => {
    const { client } = clientFor({ timeoutMs: 150 });
    sandbox.faults.slow({ path: "/inventories/INV7/stock/fulfillment", ms: 600, count: 1 });

    const stock = await client.getStock("INV7");

    expect(stock.available_quantity).toBe(7);
  });

  it("ends with a timed-out MarketplaceNetworkError when every attempt is too slow", async () => {
    const { client } = clientFor({ timeoutMs: 100, maxRetries: 1 });
    sandbox.faults.slow({ path: "/inventories/INV7/stock/fulfillment", ms: 400, count: 2 });

    const error = await client.getStock("INV7").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceNetworkError);
    expect((error as MarketplaceNetworkError).timedOut).toBe(true);
    expect((error as Error).message).toBe("GET /inventories/{id}/stock/fulfillment: timed out (no answer within 100 ms)");
  });

  it("retries connection failures and then names the cause: connection refused", async () => {
    const closed = await startSandboxMarketplace({ seed: { items: [] } });
    await closed.stop();
    const { client } = clientFor({ baseUrl: closed.url, maxRetries: 2 });

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceNetworkError);
    expect(error).toMatchObject({ reason: "refused", timedOut: false, host: new URL(closed.url).host });
    expect((error as Error).message).toBe("GET /inventories/{id}/stock/fulfillment: connection refused (ECONNREFUSED)");
    expect(client.callCount()).toBe(3);
  });

  it("names a connection the marketplace dropped: connection reset", async () => {
    const { client } = clientFor({ maxRetries: 1 });
    sandbox.faults.disconnect({ path: "/inventories/INV1/stock/fulfillment", count: 2 });

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toMatchObject({ reason: "reset" });
    expect((error as Error).message).toMatch(/^GET \/inventories\/\{id\}\/stock\/fulfillment: connection reset \((UND_ERR_SOCKET|ECONNRESET)\)$/);
  });

  it("names a host that does not resolve: DNS", async () => {
    const { client } = clientFor({ baseUrl: "http://marketplace.invalid", maxRetries: 0 });

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toMatchObject({ reason: "dns", host: "marketplace.invalid" });
    expect((error as Error).message).toMatch(/host name not found \(DNS lookup failed\) \((ENOTFOUND|EAI_AGAIN)\)$/);
  });

  it("names a failed TLS handshake", async () => {
    // HTTPS to a plain HTTP server: the handshake cannot succeed.
    const { client } = clientFor({ baseUrl: sandbox.url.replace("http:", "https:"), maxRetries: 0 });

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toMatchObject({ reason: "tls" });
    expect((error as Error).message).toMatch(/: TLS handshake failed \(ERR_SSL_/);
  });

  it("maps the causes undici reports to the five names", () => {
    expect(["ECONNREFUSED", "ECONNRESET", "UND_ERR_SOCKET", "EPIPE"].map(networkFailureOf)).toEqual(["refused", "reset", "reset", "reset"]);
    expect(["ENOTFOUND", "EAI_AGAIN", "ETIMEDOUT", "UND_ERR_CONNECT_TIMEOUT"].map(networkFailureOf)).toEqual(["dns", "dns", "timeout", "timeout"]);
    expect(["CERT_HAS_EXPIRED", "DEPTH_ZERO_SELF_SIGNED_CERT", "ERR_TLS_CERT_ALTNAME_INVALID", "UNABLE_TO_VERIFY_LEAF_SIGNATURE"].map(networkFailureOf)).toEqual([
      "tls",
      "tls",
      "tls",
      "tls",
    ]);
    expect([undefined, "EWHATEVER"].map(networkFailureOf)).toEqual(["other", "other"]);
  });

  it("does not retry other 4xx answers and keeps the API's error code", async () => {
    const { client } = clientFor();
    const calls = client.callCount();

    const error = await client.getStock("NOPE").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplaceHttpError);
    expect(error).toMatchObject({ status: 404, code: "seller_product_not_found" });
    expect((error as Error).message).toContain("GET /inventories/{id}/stock/fulfillment");
    expect(client.callCount() - calls).toBe(1);
  });

  it("keeps at most `concurrency` requests in flight", async () => {
    sandbox.setLatency(20);
    try {
      let inFlight = 0;
      let most = 0;
      const counting: typeof fetch = async (input, init) => {
        most = Math.max(most, (inFlight += 1));
        try {
          return await fetch(input, init);
        } finally {
          inFlight -= 1;
        }
      };
      const { client } = clientFor({ concurrency: 3, fetch: counting });

      await Promise.all(Array.from({ length: 10 }, (_, i) => client.getStock(`INV${i + 1}`)));

      expect(most).toBe(3);
    } finally {
      sandbox.setLatency(0);
    }
  });
});

describe("payload validation", () => {
  it("turns a wrong-shaped stock answer into MarketplacePayloadError naming endpoint and field", async () => {
    const { client } = clientFor();
    sandbox.faults.malformed({ path: "/inventories/INV8/stock/fulfillment", count: 1 });

    const error = await client.getStock("INV8").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplacePayloadError);
    expect(error).toMatchObject({ endpoint: "GET /inventories/{id}/stock/fulfillment", field: "inventory_id" });
    expect((error as Error).message).toMatch(/expected string, got number/);
  });

  it("turns a wrong-shaped operations page into MarketplacePayloadError", async () => {
    const { client } = clientFor();
    sandbox.faults.malformed({ path: "/stock/fulfillment/operations/search", count: 1 });

    const error = await client
      .searchOperations({ sellerId: sandbox.sellerId, inventoryIds: ["PAGED"], dateFrom: "2026-05-01", dateTo: TODAY })
      .catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplacePayloadError);
    expect((error as MarketplacePayloadError).endpoint).toBe("GET /stock/fulfillment/operations/search");
  });

  it("reports every id of a wrong-shaped multiget answer as failed", async () => {
    const { client } = clientFor();
    sandbox.faults.malformed({ path: "/items", count: 1 });

    const result = await client.getItems(["MLB1000000001", "MLB1000000002"]);

    expect(result.items).toEqual([]);
    expect(result.failed.map((f) => f.id)).toEqual(["MLB1000000001", "MLB1000000002"]);
    expect(result.failed[0]!.error).toMatch(/GET \/items: unexpected payload/);
  });

  it("turns a wrong-shaped token answer into MarketplacePayloadError", async () => {
    const { client, tokens } = clientFor();
    sandbox.expireAccessTokens();
    sandbox.faults.malformed({ path: "/oauth/token", count: 1 });

    const error = await client.getStock("INV1").catch((e: unknown) => e);

    expect(error).toBeInstanceOf(MarketplacePayloadError);
    expect((error as MarketplacePayloadError).field).toBe("access_token");
    expect(tokens.saves).toBe(0);
  });
});

describe("getItems", () => {
  it("asks for 20 ids per call: 41 ids take 3 calls", async () => {
    const { client } = clientFor();
    const ids = Array.from({ length: 41 }, (_, i) => `MLB${1000000001 + i}`);
    const mark = sandbox.requests.length;

    const result = await client.getItems(ids);

    const calls = paths(mark, "/items");
    expect(calls).toHaveLength(3);
    expect(calls.every((line) => line.includes("attributes=id,inventory_id,shipping,variations,attributes"))).toBe(true);
    expect(client.callCount()).toBe(3);
    expect(result.failed).toEqual([]);
    expect(result.items.map((item) => item.id)).toEqual(ids);
    expect(result.items[0]).toMatchObject({ inventory_id: "INV1", shipping: { logistic_type: "fulfillment" } });
  });

  it("reports failed entries per id and keeps variation inventories", async () => {
    const { client } = clientFor();

    const result = await client.getItems(["MLB2000000001", "MLB9999999999", "MLB1000000001"]);

    expect(result.items.map((item) => item.id)).toEqual(["MLB2000000001", "MLB1000000001"]);
    expect(result.items[0]!.variations?.map((v) => v.inventory_id)).toEqual(["VAR1", "VAR2"]);
    expect(result.failed).toEqual([{ id: "MLB9999999999", status: 404, code: "not_found", error: expect.stringContaining("not found") }]);
  });
});

describe("searchOperations", () => {
  it("follows the scroll across pages to the end", async () => {
    const { client } = clientFor();
    const mark = sandbox.requests.length;

    const operations = await client.searchOperations({
      sellerId: sandbox.sellerId,
      inventoryIds: ["PAGED"],
      dateFrom: "2026-05-01",
      dateTo: TODAY,
      type: "inbound_reception",
      limit: 10,
    });

    expect(operations).toHaveLength(25);
    expect(operations.every((op) => op.type === "INBOUND_RECEPTION" && op.inventory_id === "PAGED")).toBe(true);
    const calls = paths(mark, "/stock/fulfillment/operations/search");
    expect(calls).toHaveLength(3);
    expect(calls[0]).not.toContain("scroll=");
    expect(calls.slice(1).every((line) => line.includes("scroll="))).toBe(true);
  });

  it("splits ranges longer than 60 days and leaves out the date_to day", async () => {
    const { client } = clientFor();
    const mark = sandbox.requests.length;

    const operations = await client.searchOperations({ sellerId: sandbox.sellerId, inventoryIds: ["PAGED"], dateFrom: "2026-03-01", dateTo: "2026-06-12" });

    // June receptions run from the 1st to the 13th; the 12th and 13th fall on or after date_to.
    expect(operations).toHaveLength(23);
    expect(operations.at(-1)!.date_created.slice(0, 10)).toBe("2026-06-11");
    expect(paths(mark, "/stock/fulfillment/operations/search")).toHaveLength(2);
  });

  it("names at most 100 inventories a search: 250 inventories over one window take three searches", async () => {
    const { client } = clientFor();
    const mark = sandbox.requests.length;
    const inventoryIds = Array.from({ length: 250 }, (_, i) => `INV${String(i).padStart(5, "0")}`);

    await client.searchOperations({ sellerId: sandbox.sellerId, inventoryIds, dateFrom: "2026-05-01", dateTo: TODAY });

    const named = paths(mark, "/stock/fulfillment/operations/search").map((line) => decodeURIComponent(/inventory_id=([^&]*)/.exec(line)![1]!).split(","));
    expect(named.map((ids) => ids.length)).toEqual([100, 100, 50]);
    expect(new Set(named.flat()).size).toBe(250);
  });

  it("does not call the API for an empty inventory list or an empty range", async () => {
    const { client } = clientFor();

    expect(await client.searchOperations({ sellerId: 1, inventoryIds: [], dateFrom: "2026-05-01", dateTo: TODAY })).toEqual([]);
    expect(await client.searchOperations({ sellerId: 1, dateFrom: TODAY, dateTo: TODAY })).toEqual([]);
    expect(client.callCount()).toBe(0);
  });
});

describe("request log", () => {
  it("shows only GET requests plus POST /oauth/token", () => {
    expect(sandbox.requests.length).toBeGreaterThan(0);
    const other = sandbox.requests.filter((r) => r.method !== "GET" && !(r.method === "POST" && r.path === "/oauth/token"));
    expect(other).toEqual([]);
  });
});
