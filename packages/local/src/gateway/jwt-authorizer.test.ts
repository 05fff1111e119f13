/**
 * The local gateway checks tokens as API Gateway's JWT authorizer does, against a real OpenID
 * provider (the one `AUTH_MODE=jwt npm start` runs): people signed in through its login form, the
 * ERP through client credentials, and forged, expired and misdirected tokens.
 */
import type { AddressInfo } from "node:net";
import { exportJWK, generateKeyPair, SignJWT, type JWK } from "jose";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@fulfillment/functions/routes";
import { useTestTable } from "#test/table";
import { clientCredentialsToken, signInWithPassword, SignInRefusedError } from "../identity/sign-in.js";
import { CONSOLE_SCOPE, LOCAL_ERP_CLIENT, LOCAL_USERS } from "../identity/identities.js";
import { startLocalIdentityProvider, type LocalIdentityProvider } from "../identity/provider.js";
import { jwtAuthorizer } from "./jwt-authorizer.js";
import { createGateway } from "./server.js";

const OTHER_AUDIENCE = "https://other-api.example";
const CONSOLE_URL = "http://127.0.0.1/console/";

useTestTable("jwt-authorizer");
let provider: LocalIdentityProvider;
let signingKey: JWK;
let apiUrl = "";
let authorize: ReturnType<typeof jwtAuthorizer>;
// The provider's audience is the gateway's URL, so the authorizer is known only once both listen.
const gateway = createGateway({ routes: ROUTES, authorize: (authorization, route) => authorize(authorization, route) });
const tokens: Record<string, string> = {};

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  signingKey = { ...(await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)), alg: "RS256", use: "sig", kid: "local-test" };
  provider = await startLocalIdentityProvider({ port: 0, apiUrl, consoleUrl: CONSOLE_URL, signingKey, otherAudience: OTHER_AUDIENCE });
  authorize = jwtAuthorizer({ issuer: provider.issuer, audience: [apiUrl] });
  for (const user of LOCAL_USERS) {
    const answer = await signInWithPassword({
      issuer: provider.issuer,
      clientId: provider.consoleClientId,
      redirectUri: CONSOLE_URL,
      scope: CONSOLE_SCOPE,
      username: user.username,
      password: user.password,
    });
    tokens[user.group] = answer.access_token;
  }
  const erp = await clientCredentialsToken({
    issuer: provider.issuer,
    clientId: LOCAL_ERP_CLIENT.clientId,
    clientSecret: LOCAL_ERP_CLIENT.clientSecret,
    scope: LOCAL_ERP_CLIENT.scopes.join(" "),
  });
  tokens.erp = erp.access_token;
}, 60_000);

afterAll(async () => {
  await provider?.stop();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

interface Answer {
  status: number;
  body: any;
}

async function call(method: string, path: string, token?: string, body?: unknown, contentType = "application/json"): Promise<Answer> {
  const { status, body: answer } = await callWithId(method, path, token, body, contentType);
  return { status, body: answer };
}

/** The answer and API Gateway's request id (the apigw-requestid header). */
async function callWithId(method: string, path: string, token?: string, body?: unknown, contentType = "application/json"): Promise<Answer & { requestId: string | null }> {
  const headers: Record<string, string> = { "content-type": contentType };
  if (token !== undefined) headers.authorization = `Bearer ${token}`;
  const text = typeof body === "string" ? body : body === undefined ? undefined : JSON.stringify(body);
  const response = await fetch(`${apiUrl}${path}`, { method, headers, body: text, redirect: "manual" });
  const answer = await response.text();
  return { status: response.status, body: answer ? JSON.parse(answer) : undefined, requestId: response.headers.get("apigw-requestid") };
}

const NEW_TARIFF = { name: "Tarifa do teste de escopos", min_volume_l: 0, max_volume_l: 10, daily_fee: 0.05 };

/** A token signed with the provider's own key, with the claims given: only what differs can make it fail. */
async function signed(claims: Record<string, unknown>, options: { key?: JWK } = {}): Promise<string> {
  const { importJWK } = await import("jose");
  const now = Math.floor(Date.now() / 1000);
  const key = options.key ?? signingKey;
  return new SignJWT({ scope: "fulfillment/read", client_id: "console", sub: "operador", ...claims })
    .setProtectedHeader({ alg: "RS256", kid: key.kid })
    .setIssuer((claims.iss as string) ?? provider.issuer)
    .setAudience((claims.aud as string) ?? apiUrl)
    .setIssuedAt((claims.iat as number) ?? now - 10)
    .setExpirationTime((claims.exp as number) ?? now + 300)
    .sign(await importJWK(key, "RS256"));
}

describe("refused before any handler runs", () => {
  it("answers 401 {message: Unauthorized} to a request without a token, and stores nothing", async () => {
    // Act
    const read = await call("GET", "/full/tariffs");
    const write = await call("POST", "/full/tariffs", undefined, NEW_TARIFF);
    const after = await call("GET", "/full/tariffs", tokens.administradores);

    // Assess
    expect(read).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(write).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(after.body.tariffs.map((t: { name: string }) => t.name)).not.toContain(NEW_TARIFF.name);
  });

  it("answers 401 to an expired token, a token not yet valid and a token issued in the future", async () => {
    // Prepare
    const now = Math.floor(Date.now() / 1000);
    const expired = await signed({ iat: now - 600, exp: now - 60 });
    const notYet = await signed({ nbf: now + 600 });
    const future = await signed({ iat: now + 600, exp: now + 900 });
    const valid = await signed({});

    // Act & Assess
    expect(await call("GET", "/full/tariffs", expired)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await call("GET", "/full/tariffs", notYet)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await call("GET", "/full/tariffs", future)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect((await call("GET", "/full/tariffs", valid)).status).toBe(200);
  });

  it("answers 401 to a token for another audience, from another issuer, signed by another key or not a JWT", async () => {
    // Prepare: the other audience's token comes from the provider itself, signed with its key.
    const otherAudience = await clientCredentialsToken({
      issuer: provider.issuer,
      clientId: LOCAL_ERP_CLIENT.clientId,
      clientSecret: LOCAL_ERP_CLIENT.clientSecret,
      scope: "fulfillment/read",
      resource: OTHER_AUDIENCE,
    });
    const strangerKey = { ...(await exportJWK((await generateKeyPair("RS256", { extractable: true })).privateKey)), kid: "local-test" };

    // Act & Assess
    expect(await call("GET", "/full/tariffs", otherAudience.access_token)).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await call("GET", "/full/tariffs", await signed({ iss: "https://issuer.example" }))).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await call("GET", "/full/tariffs", await signed({}, { key: strangerKey }))).toEqual({ status: 401, body: { message: "Unauthorized" } });
    expect(await call("GET", "/full/tariffs", "not-a-token")).toEqual({ status: 401, body: { message: "Unauthorized" } });
  });

  it("takes client_id as the audience when the token has no aud, as for Cognito's access tokens", async () => {
    // Prepare
    const { importJWK } = await import("jose");
    const now = Math.floor(Date.now() / 1000);
    const sign = (clientId: string) =>
      importJWK(signingKey, "RS256").then((key) =>
        new SignJWT({ scope: "fulfillment/read", client_id: clientId, sub: "erp" })
          .setProtectedHeader({ alg: "RS256", kid: signingKey.kid })
          .setIssuer(provider.issuer)
          .setIssuedAt(now - 10)
          .setExpirationTime(now + 300)
          .sign(key),
      );

    // Act & Assess
    expect((await call("GET", "/full/tariffs", await sign(apiUrl))).status).toBe(200);
    expect(await call("GET", "/full/tariffs", await sign("someone-else"))).toEqual({ status: 401, body: { message: "Unauthorized" } });
  });
});

describe("the route's scope", () => {
  // One route of each kind: reading stock and tariffs, changing them, settings.
  const READ = ["GET", "/full/tariffs"] as const;
  const WRITE = ["POST", "/full/tariffs"] as const;
  const ADMIN = ["GET", "/settings"] as const;
  const ADMIN_WRITE = ["PUT", "/settings/geral"] as const;

  it.each([
    ["leitura", { read: 200, write: 403, admin: 403 }],
    ["operadores", { read: 200, write: 201, admin: 403 }],
    ["administradores", { read: 200, write: 201, admin: 200 }],
    ["erp", { read: 200, write: 201, admin: 403 }],
  ])("a %s token: reads %o", async (who, expected) => {
    // Act
    const read = await call(...READ, tokens[who]);
    const write = await call(...WRITE, tokens[who], { ...NEW_TARIFF, name: `Tarifa de ${who}` });
    const admin = await call(...ADMIN, tokens[who]);

    // Assess
    expect({ read: read.status, write: write.status, admin: admin.status }).toEqual(expected);
    if (write.status === 403) expect(write.body).toEqual({ message: "Forbidden" });
    if (admin.status === 403) expect(admin.body).toEqual({ message: "Forbidden" });
  });

  it("refuses a leitura token on a settings write and changes nothing", async () => {
    // Prepare
    const before = await call("GET", "/settings/geral", tokens.administradores);

    // Act
    const answer = await call(...ADMIN_WRITE, tokens.leitura, { settings: {} });

    // Assess
    expect(answer).toEqual({ status: 403, body: { message: "Forbidden" } });
    expect((await call("GET", "/settings/geral", tokens.administradores)).body).toEqual(before.body);
  });

  it("gives a person only the scopes of their group, whatever the console asks for", async () => {
    // Act
    const scopes = (token: string) => JSON.parse(Buffer.from(token.split(".")[1]!, "base64url").toString()).scope.split(" ").sort();

    // Assess
    expect(scopes(tokens.leitura!)).toEqual(["fulfillment/read"]);
    expect(scopes(tokens.operadores!)).toEqual(["fulfillment/read", "fulfillment/write"]);
    expect(scopes(tokens.administradores!)).toEqual(["fulfillment/read", "fulfillment/write", "settings/admin"]);
  });

  it("refuses the ERP client a scope it was not given", async () => {
    // Act
    const asking = clientCredentialsToken({
      issuer: provider.issuer,
      clientId: LOCAL_ERP_CLIENT.clientId,
      clientSecret: LOCAL_ERP_CLIENT.clientSecret,
      scope: "settings/admin",
    });

    // Assess
    await expect(asking).rejects.toThrow(/invalid_scope/);
  });

  it("refuses a wrong password at the provider's login form", async () => {
    // Act
    const signIn = signInWithPassword({
      issuer: provider.issuer,
      clientId: provider.consoleClientId,
      redirectUri: CONSOLE_URL,
      scope: CONSOLE_SCOPE,
      username: "leitura",
      password: "wrong",
    });

    // Assess
    await expect(signIn).rejects.toThrow(SignInRefusedError);
  });

  it("leaves the marketplace callback open: no token, and the handler answers", async () => {
    // Act
    const answer = await call("GET", "/marketplace/callback?code=x&state=unknown");

    // Assess
    expect(answer.status).not.toBe(401);
    expect(answer.body).not.toEqual({ message: "Unauthorized" });
  });
});

describe("who did it", () => {
  it("records a person's email and sub, and the request id, on the import they ran; GET /full/imports shows them", async () => {
    // Act
    const imported = await callWithId("PUT", "/full/costs", tokens.operadores, "sku;cost\nNOPE;5\n", "text/csv");
    const listed = await call("GET", "/full/imports", tokens.leitura);

    // Assess
    expect(imported.status).toBe(200);
    expect(imported.requestId).toBeTruthy();
    const record = listed.body.imports.find((candidate: { id: string }) => candidate.id === imported.body.id);
    expect(record).toMatchObject({ kind: "costs", actor: "operador@example.com (operador)", request_id: imported.requestId });
  });

  it("records the machine client on the sync run it started; GET /full/sync/runs shows it", async () => {
    // Act: no marketplace is configured here, so the run fails, but it is recorded with who started it.
    const started = await callWithId("POST", "/full/sync", tokens.erp);
    const runs = await call("GET", "/full/sync/runs", tokens.leitura);

    // Assess
    expect(runs.status).toBe(200);
    expect(runs.body.runs[0]).toMatchObject({ trigger: "api", actor: "client erp", request_id: started.requestId });
  });
});
