import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import { useTestTable } from "#test/table";
import { apiEvent, invoke, lambdaContext } from "#test/events";
import { dumpTable } from "#test/dump";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { getCredential, putCredential } from "#storage/credentials";
import { Entities } from "#storage/keys";
import { STATE_TTL_MS } from "#services/account";
import { handler as connect } from "./connect.js";
import { handler as callback } from "./callback.js";
import { handler as account } from "./account.js";
import { handler as disconnect } from "./disconnect.js";
import { handler as sync } from "../full/sync.js";

const db = useTestTable("account", "test");
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;

const HOST = "127.0.0.1:3999";

/** GET /marketplace/connect as a browser on the local API would send it. */
const startConnect = (headers: Record<string, string> = { host: HOST }) => invoke(connect, { path: "/marketplace/connect", headers });

/** The seller approves on the sandbox's page, which redirects to the callback with a code and the state. */
async function approve(authorizationUrl: string): Promise<URL> {
  const answer = await fetch(authorizationUrl, { redirect: "manual" });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get("location")!);
}

const callBack = (query: Record<string, string>, headers?: Record<string, string>) => invoke(callback, { path: "/marketplace/callback", query, headers });
const queryOf = (url: URL): Record<string, string> => Object.fromEntries(url.searchParams);

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items: [], nickname: "CASA_E_JARDIM" } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterEach(() => {
  vi.useRealTimers();
  replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterAll(async () => {
  await sandbox.stop();
  restoreEnv();
});

describe("GET /marketplace/connect", () => {
  it("answers 302 to the authorization page with response_type=code, the client id, the callback URL and a stored single-use state", async () => {
    // Act
    const response = await startConnect();

    // Assess
    expect(response.statusCode).toBe(302);
    const location = new URL(response.headers.location!);
    expect(`${location.origin}${location.pathname}`).toBe(sandbox.authorizationUrl);
    expect(queryOf(location)).toEqual({
      response_type: "code",
      client_id: sandbox.clientId,
      redirect_uri: `http://${HOST}/marketplace/callback`,
      state: expect.stringMatching(/^[\w-]{32}$/),
    });
    expect(response.body).toEqual({ success: true, authorization_url: response.headers.location });
    const stored = await db.ref.doc.send(new GetCommand({ TableName: db.ref.table, Key: Entities.oauth_state.key({ state: location.searchParams.get("state")! }) }));
    expect(stored.Item).toMatchObject({ redirect_uri: `http://${HOST}/marketplace/callback` });
    expect(stored.Item!.expires_at_ms - Date.parse(stored.Item!.created_at)).toBe(STATE_TTL_MS);
    expect(STATE_TTL_MS).toBe(10 * 60 * 1000);
  });

  it("answers 200 with the authorization URL and a usable state for ?redirect=0 (a page that signs its requests opens it itself)", async () => {
    // Act
    const response = await invoke(connect, { path: "/marketplace/connect", headers: { host: HOST }, query: { redirect: "0" } });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers.location).toBeUndefined();
    const returned = await approve(response.body.authorization_url);
    const answer = await callBack(queryOf(returned));
    expect(answer.statusCode).toBe(200);
    expect((await invoke(account, { path: "/marketplace/account" })).body).toMatchObject({ connected: true, nickname: "CASA_E_JARDIM" });
  });

  it("derives the callback URL from the API's host over https behind API Gateway, and uses MARKETPLACE_REDIRECT_URI when set", async () => {
    // Act
    const deployed = await startConnect({ host: "abc123.execute-api.sa-east-1.amazonaws.com", "x-forwarded-proto": "https" });
    replaceMarketplaceEnv({ ...sandboxEnv(sandbox), MARKETPLACE_REDIRECT_URI: "https://estoque.example.com/marketplace/callback" });
    const configured = await startConnect();

    // Assess
    expect(new URL(deployed.headers.location!).searchParams.get("redirect_uri")).toBe("https://abc123.execute-api.sa-east-1.amazonaws.com/marketplace/callback");
    expect(new URL(configured.headers.location!).searchParams.get("redirect_uri")).toBe("https://estoque.example.com/marketplace/callback");
  });

  it("sends Brazilian sellers to auth.mercadolivre.com.br unless another page is configured", async () => {
    // Prepare
    replaceMarketplaceEnv({ ...sandboxEnv(sandbox), MARKETPLACE_AUTH_URL: undefined });

    // Act
    const brazil = await startConnect();
    replaceMarketplaceEnv({ ...sandboxEnv(sandbox), MARKETPLACE_AUTH_URL: undefined, MARKETPLACE_SITE: "MLA" });
    const argentina = await startConnect();

    // Assess
    expect(brazil.headers.location).toMatch(/^https:\/\/auth\.mercadolivre\.com\.br\/authorization\?response_type=code&/);
    expect(argentina.headers.location).toMatch(/^https:\/\/auth\.mercadolibre\.com\.ar\/authorization\?/);
  });

  it("answers 500 saying what is missing when the marketplace app is not configured, storing no state", async () => {
    // Prepare
    replaceMarketplaceEnv({ MARKETPLACE_API_URL: sandbox.url });
    const before = await dumpTable(db.ref);

    // Act
    const response = await startConnect();

    // Assess
    expect(response.statusCode).toBe(500);
    expect(response.body).toEqual({ success: false, error: expect.stringMatching(/O client id e o client secret do marketplace não estão configurados \(MARKETPLACE_CLIENT_ID, MARKETPLACE_CLIENT_SECRET\)/) });
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});

describe("GET /marketplace/callback", () => {
  it("consumes the state, trades the code, reads the seller and stores the credential; the account then shows it, never a token", async () => {
    // Prepare
    const now = new Date();
    const back = await approve((await startConnect()).headers.location!);
    expect(`${back.origin}${back.pathname}`).toBe(`http://${HOST}/marketplace/callback`);

    // Act
    const response = await callBack(queryOf(back));
    const shown = await invoke(account, { path: "/marketplace/account" });

    // Assess
    expect(response.statusCode).toBe(200);
    expect(response.headers["content-type"]).toMatch(/^text\/html/);
    expect(response.body).toContain("Conta do Mercado Livre conectada");
    expect(response.body).toContain("<strong>CASA_E_JARDIM</strong>");
    const issued = sandbox.currentTokens();
    const credential = await getCredential(db.ref, "mercadolivre");
    expect(credential).toEqual({
      provider: "mercadolivre",
      access_token: issued.access_token,
      refresh_token: issued.refresh_token,
      user_id: sandbox.sellerId,
      expires_at: expect.any(String),
      updated_at: expect.any(String),
      nickname: "CASA_E_JARDIM",
      site_id: "MLB",
      connected_by: "local",
      connect_request_id: expect.any(String),
      request_id: expect.any(String),
    });
    // The sandbox's tokens last 10,800 s.
    expect(Date.parse(credential!.expires_at!) - Date.parse(credential!.updated_at!)).toBe(10_800_000);
    expect(Date.parse(credential!.updated_at!)).toBeGreaterThanOrEqual(now.getTime() - 1000);
    expect(shown.statusCode).toBe(200);
    expect(shown.body).toEqual({
      connected: true,
      user_id: sandbox.sellerId,
      nickname: "CASA_E_JARDIM",
      site_id: "MLB",
      token_expires_at: credential!.expires_at,
      refreshed_at: credential!.updated_at,
      accounts: [{ user_id: String(sandbox.sellerId), nickname: "CASA_E_JARDIM", connected_at: expect.any(String) }],
    });
    expect(JSON.stringify(shown.body)).not.toContain(issued.access_token);
    expect(JSON.stringify(shown.body)).not.toContain(issued.refresh_token);
  });

  it("refuses a reused state with 400 and stores nothing", async () => {
    // Prepare
    const back = await approve((await startConnect()).headers.location!);
    expect((await callBack(queryOf(back))).statusCode).toBe(200);
    const before = await dumpTable(db.ref);

    // Act
    const again = await callBack(queryOf(back));

    // Assess
    expect(again.statusCode).toBe(400);
    expect(again.body).toEqual({ success: false, error: "O state da autorização é desconhecido ou já foi usado; comece de novo em /marketplace/connect" });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it.each([
    ["missing", {}, "O retorno não tem o parâmetro state; comece de novo em /marketplace/connect"],
    ["unknown", { state: "made-up-state" }, "O state da autorização é desconhecido ou já foi usado; comece de novo em /marketplace/connect"],
    ["too long for a key", { state: "s".repeat(2000) }, "O state da autorização é desconhecido ou já foi usado; comece de novo em /marketplace/connect"],
  ])("refuses a %s state with 400 before looking at the code, and stores nothing", async (_case, state, message) => {
    // Prepare
    const back = await approve((await startConnect()).headers.location!);
    const before = await dumpTable(db.ref);
    const requests = sandbox.requests.length;

    // Act
    const response = await callBack({ code: back.searchParams.get("code")!, ...state });

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: message });
    expect(await dumpTable(db.ref)).toEqual(before);
    // The code was never presented to the marketplace.
    expect(sandbox.requests.slice(requests)).toEqual([]);
  });

  it("refuses a state older than 10 minutes with 400 and stores nothing", async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ["Date"] });
    const back = await approve((await startConnect()).headers.location!);
    vi.setSystemTime(Date.now() + STATE_TTL_MS + 1);
    const before = await dumpTable(db.ref);

    // Act
    const response = await callBack(queryOf(back));

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body.error).toBe("O state da autorização expirou (cada state vale 10 minutos); comece de novo em /marketplace/connect");
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("accepts a state just inside its 10 minutes", async () => {
    // Prepare
    vi.useFakeTimers({ toFake: ["Date"] });
    const back = await approve((await startConnect()).headers.location!);
    vi.setSystemTime(Date.now() + STATE_TTL_MS - 1000);

    // Act / Assess
    expect((await callBack(queryOf(back))).statusCode).toBe(200);
  });

  it("answers 400 when the seller did not approve, or when the marketplace refuses the code, storing no credential", async () => {
    // Prepare
    await putCredential(db.ref, { provider: "mercadolivre", access_token: "old-access", refresh_token: "old-refresh", user_id: 1 });
    const refusedState = new URL((await startConnect()).headers.location!).searchParams.get("state")!;
    const badCodeState = new URL((await startConnect()).headers.location!).searchParams.get("state")!;

    // Act
    const refused = await callBack({ state: refusedState, error: "access_denied" });
    const badCode = await callBack({ state: badCodeState, code: "TG-not-a-code" });

    // Assess
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe("O vendedor não autorizou o aplicativo (access_denied); nada foi gravado");
    expect(badCode.statusCode).toBe(400);
    expect(badCode.body.error).toBe("O marketplace recusou o código de autorização (invalid_grant); comece de novo em /marketplace/connect");
    const english = await callBack({ state: "made-up-state" }, { "accept-language": "en" });
    expect(english).toMatchObject({ statusCode: 400, headers: { "content-language": "en" } });
    expect(english.body).toEqual({ success: false, error: "The authorization state is unknown or was already used; start again at /marketplace/connect" });
    expect(await getCredential(db.ref, "mercadolivre")).toMatchObject({ access_token: "old-access", refresh_token: "old-refresh" });
  });
});

describe("the account", () => {
  it("shows no account before one is connected", async () => {
    // Act
    const shown = await invoke(account, { path: "/marketplace/account" });

    // Assess
    expect(shown.body).toEqual({ connected: false, user_id: null, nickname: null, site_id: null, token_expires_at: null, refreshed_at: null, accounts: [] });
  });

  it("records who connected it and who disconnected it, with the request ids, where each change is stored; never a token", async () => {
    // Prepare: the events are built here so that their request ids are known.
    type Answer = { statusCode: number; headers: Record<string, string>; body: string };
    const start = apiEvent({ path: "/marketplace/connect", headers: { host: HOST } });
    const started = (await connect(start, lambdaContext())) as Answer;
    const back = await approve(started.headers.location!);
    const returned = apiEvent({ path: "/marketplace/callback", query: queryOf(back) });
    const forget = apiEvent({ method: "DELETE", path: "/marketplace/account" });

    // Act
    const connected = (await callback(returned, lambdaContext())) as Answer;
    const credential = await getCredential(db.ref, "mercadolivre");
    const forgotten = (await disconnect(forget, lambdaContext())) as Answer;

    // Assess: the open local API names its actor `local`; the callback, followed by a browser,
    // carries the actor of the connect request that issued its state.
    expect(connected.statusCode).toBe(200);
    expect(credential).toMatchObject({
      connected_by: "local",
      connect_request_id: start.requestContext.requestId,
      request_id: returned.requestContext.requestId,
    });
    expect(forgotten.statusCode).toBe(200);
    const events = (await dumpTable(db.ref)).filter((item) => item.kind === "account_event");
    expect(events).toEqual([
      expect.objectContaining({ action: "disconnect", provider: "mercadolivre", actor: "local", request_id: forget.requestContext.requestId, at: expect.any(String) }),
    ]);
    const issued = sandbox.currentTokens();
    expect(JSON.stringify(events)).not.toContain(issued.refresh_token);
    expect(JSON.stringify(events)).not.toContain(issued.access_token);
  });

  it("is forgotten by DELETE, after which a sync cannot run", async () => {
    // Prepare
    const back = await approve((await startConnect()).headers.location!);
    await callBack(queryOf(back));

    // Act
    const forgotten = await invoke(disconnect, { method: "DELETE", path: "/marketplace/account" });
    const shown = await invoke(account, { path: "/marketplace/account" });
    const synced = await invoke(sync, { method: "POST", path: "/full/sync" });

    // Assess
    expect(forgotten).toMatchObject({ statusCode: 200, body: { success: true } });
    expect(shown.body.connected).toBe(false);
    expect(await getCredential(db.ref, "mercadolivre")).toBeUndefined();
    expect(synced.statusCode).toBe(500);
    expect(synced.body.error).toMatch(/Nenhuma credencial do marketplace gravada/);
    // The error says how to connect again.
    expect(synced.body.error).toMatch(/abra GET \/marketplace\/connect em um navegador, ou rode npm run connect/);
  });
});
