import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startSandboxMarketplace, type SandboxMarketplace } from "./server.js";

/** The sandbox's account flow and catalogue listing (marketplace-api section 7). */

let sandbox: SandboxMarketplace;
let now = Date.parse("2026-06-30T15:00:00Z");

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({
    now: () => now,
    seed: {
      nickname: "LOJA_TESTE",
      items: [
        ...Array.from({ length: 1_005 }, (_, i) => ({ id: `MLB${i + 1}`, inventory_id: `INV${i + 1}` })),
        { id: "MLBX", is_full: false },
      ],
    },
  });
});

afterAll(async () => {
  await sandbox.stop();
});

const CALLBACK = "http://127.0.0.1:3000/marketplace/callback";

async function authorize(query: Record<string, string>) {
  const answer = await fetch(`${sandbox.authorizationUrl}?${new URLSearchParams(query)}`, { redirect: "manual" });
  return { status: answer.status, location: answer.headers.get("location") };
}

async function token(fields: Record<string, string>) {
  const answer = await fetch(`${sandbox.url}/oauth/token`, {
    method: "POST",
    headers: { "content-type": "application/x-www-form-urlencoded", accept: "application/json" },
    body: new URLSearchParams({ client_id: sandbox.clientId, client_secret: sandbox.clientSecret, ...fields }),
  });
  return { status: answer.status, body: (await answer.json()) as any };
}

const get = async (path: string) => {
  const answer = await fetch(`${sandbox.url}${path}`, { headers: { authorization: `Bearer ${sandbox.currentTokens().access_token}` } });
  return { status: answer.status, body: (await answer.json()) as any };
};

const approvedCode = async (redirectUri = CALLBACK): Promise<string> => {
  const { location } = await authorize({ response_type: "code", client_id: sandbox.clientId, redirect_uri: redirectUri, state: "s1" });
  return new URL(location!).searchParams.get("code")!;
};

describe("authorization page", () => {
  it("approves at once and sends the browser back to redirect_uri with a code and the state", async () => {
    const { status, location } = await authorize({ response_type: "code", client_id: sandbox.clientId, redirect_uri: `${CALLBACK}?x=1`, state: "abc" });
    expect(status).toBe(302);
    const back = new URL(location!);
    expect(`${back.origin}${back.pathname}`).toBe(CALLBACK);
    expect(Object.fromEntries(back.searchParams)).toEqual({ x: "1", code: expect.stringMatching(/^TG-/), state: "abc" });
  });

  it.each([
    [{ client_id: "sandbox-client", redirect_uri: CALLBACK }, "response_type must be code"],
    [{ response_type: "code", client_id: "other", redirect_uri: CALLBACK }, "Unknown client_id"],
    [{ response_type: "code", client_id: "sandbox-client", redirect_uri: "callback" }, "redirect_uri must be an absolute URL"],
  ])("refuses %j", async (query, message) => {
    const answer = await fetch(`${sandbox.authorizationUrl}?${new URLSearchParams(query)}`, { redirect: "manual" });
    expect(answer.status).toBe(400);
    expect(((await answer.json()) as { message: string }).message).toBe(message);
  });
});

describe("authorization_code grant", () => {
  it("trades a code once for a pair that becomes the current one", async () => {
    const code = await approvedCode();
    const first = await token({ grant_type: "authorization_code", code, redirect_uri: CALLBACK });
    const again = await token({ grant_type: "authorization_code", code, redirect_uri: CALLBACK });
    expect(first.status).toBe(200);
    expect(first.body).toEqual({
      access_token: sandbox.currentTokens().access_token,
      refresh_token: sandbox.currentTokens().refresh_token,
      token_type: "bearer",
      expires_in: 10_800,
      scope: "offline_access read write",
      user_id: sandbox.sellerId,
    });
    expect(again).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
  });

  it("refuses a code with another redirect_uri, an expired code, and a wrong client secret", async () => {
    const mismatched = await token({ grant_type: "authorization_code", code: await approvedCode(), redirect_uri: "http://elsewhere/cb" });
    const old = await approvedCode();
    now += 10 * 60_000 + 1;
    const expired = await token({ grant_type: "authorization_code", code: old, redirect_uri: CALLBACK });
    const badClient = await token({ grant_type: "authorization_code", code: await approvedCode(), redirect_uri: CALLBACK, client_secret: "nope" });
    expect(mismatched).toMatchObject({ status: 400, body: { error: "invalid_grant", error_description: expect.stringContaining("redirect_uri") } });
    expect(expired).toMatchObject({ status: 400, body: { error: "invalid_grant" } });
    expect(badClient).toMatchObject({ status: 401, body: { error: "invalid_client" } });
  });
});

describe("the seller and its listings", () => {
  it("answers GET /users/me with the seller", async () => {
    expect(await get("/users/me")).toMatchObject({ status: 200, body: { id: sandbox.sellerId, nickname: "LOJA_TESTE", site_id: "MLB" } });
  });

  it("lists Full item ids with offset paging up to 1,000, refusing to go further", async () => {
    const base = `/users/${sandbox.sellerId}/items/search?logistic_type=fulfillment`;
    const page = await get(`${base}&offset=900&limit=100`);
    expect(page.body.results).toHaveLength(100);
    expect(page.body.paging).toEqual({ total: 1_005, offset: 900, limit: 100 });
    expect((await get(`${base}&offset=1000&limit=5`)).status).toBe(400);
    expect((await get(`${base}&limit=101`)).status).toBe(400);
    expect((await get(`/users/1/items/search`)).status).toBe(403);
    expect((await get(`/users/${sandbox.sellerId}/items/search?offset=0&limit=100`)).body.paging.total).toBe(1_006);
  });

  it("scans past 1,000 with scroll_id until a page comes back empty", async () => {
    const base = `/users/${sandbox.sellerId}/items/search?logistic_type=fulfillment&search_type=scan&limit=100`;
    const ids: string[] = [];
    let page = await get(base);
    while (page.body.results.length > 0) {
      ids.push(...page.body.results);
      page = await get(`${base}&scroll_id=${encodeURIComponent(page.body.scroll_id)}`);
    }
    expect(ids).toHaveLength(1_005);
    expect(new Set(ids).size).toBe(1_005);
    expect(ids).not.toContain("MLBX");
    expect((await get(`${base}&scroll_id=unknown`)).status).toBe(400);
  });
});
