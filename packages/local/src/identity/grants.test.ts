/**
 * Sellers granted locally (`AUTH_MODE=jwt npm start`): the local provider puts them in the access
 * token's sellers claim, and the gateway's routes answer only the sellers a token grants, with two
 * accounts connected.
 */
import { mkdtempSync, rmSync } from "node:fs";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { decodeJwt } from "jose";
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { ROUTES } from "@fulfillment/functions/routes";
import { useTestTable } from "#test/table";
import { ad, inventory, load } from "#test/fixtures";
import { registerSeller } from "@fulfillment/functions/storage/sellers";
import { jwtAuthorizer } from "../gateway/jwt-authorizer.js";
import { createGateway } from "../gateway/server.js";
import { parseGrantArgs, runGrant } from "../directory/grants.js";
import { DirectoryUsageError } from "../directory/user-pool.js";
import { clientCredentialsToken, signInWithPassword } from "./sign-in.js";
import { CONSOLE_SCOPE, LOCAL_ERP_CLIENT, LOCAL_USERS } from "./identities.js";
import { startLocalIdentityProvider, type LocalIdentityProvider } from "./provider.js";

const CONSOLE_URL = "http://127.0.0.1/console/";
const A = "111111";
const B = "222222";

const db = useTestTable("local-grants", "test");
const folder = mkdtempSync(join(tmpdir(), "identity-grants-"));
const grantsFile = join(folder, "identity-grants.json");
let provider: LocalIdentityProvider;
let apiUrl = "";
let authorize: ReturnType<typeof jwtAuthorizer>;
const gateway = createGateway({ routes: ROUTES, authorize: (authorization, route) => authorize(authorization, route) });

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  provider = await startLocalIdentityProvider({ port: 0, apiUrl, consoleUrl: CONSOLE_URL, grantsFile });
  authorize = jwtAuthorizer({ issuer: provider.issuer, audience: [apiUrl] });
}, 60_000);

// Each test starts with nobody granted anything.
beforeEach(() => rmSync(grantsFile, { force: true }));

afterAll(async () => {
  await provider?.stop();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
  rmSync(folder, { recursive: true, force: true });
});

const usage = (message: string) => new DirectoryUsageError(message, "usage");

/** `npm run users|clients -- grant|revoke <holder> <user_id>`, as the command line runs it. */
const command = async (kind: "users" | "clients", ...argv: string[]): Promise<string[]> =>
  runGrant(parseGrantArgs(kind, argv, {}, usage), () => {
    throw new Error("a local grant reaches no user pool");
  }, grantsFile);

async function personToken(username: string): Promise<string> {
  const user = LOCAL_USERS.find((candidate) => candidate.username === username)!;
  const answer = await signInWithPassword({ issuer: provider.issuer, clientId: provider.consoleClientId, redirectUri: CONSOLE_URL, scope: CONSOLE_SCOPE, username, password: user.password });
  return answer.access_token;
}

const erpToken = async (): Promise<string> =>
  (await clientCredentialsToken({ issuer: provider.issuer, clientId: LOCAL_ERP_CLIENT.clientId, clientSecret: LOCAL_ERP_CLIENT.clientSecret, scope: LOCAL_ERP_CLIENT.scopes.join(" ") })).access_token;

async function get(path: string, token: string, seller?: string): Promise<{ status: number; body: any }> {
  const response = await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}`, ...(seller ? { "x-seller-id": seller } : {}) } });
  return { status: response.status, body: await response.json() };
}

/** A dataset row naming its seller (the loader's optional seller_id). */
const ofSeller = <T extends object>(row: T, sellerId: string): T => ({ ...row, seller_id: sellerId }) as T;

async function connectBoth(): Promise<void> {
  await registerSeller(db.ref, { user_id: A, nickname: "LOJA_A" });
  await registerSeller(db.ref, { user_id: B, nickname: "LOJA_B" });
  for (const [userId, name] of [[A, "A"], [B, "B"]] as const) {
    await load(db.ref, {
      ads: [ofSeller(ad({ id: `MLB${name}`, sku: `SKU-${name}` }), userId)],
      inventory: [ofSeller(inventory({ inventory_id: `INV${name}`, ad_id: `MLB${name}`, sku: `SKU-${name}` }), userId)],
    });
  }
}

describe("sellers granted at the local provider", () => {
  it("puts the granted sellers in the token's sellers claim, every seller for the administrators, and takes a revoked one out", async () => {
    // Act
    const before = decodeJwt(await personToken("operador"));
    const granted = await command("users", "grant", "operador", A);
    await command("users", "grant", "operador", B);
    const both = decodeJwt(await personToken("operador"));
    await command("users", "revoke", "operador", B);
    const afterRevoke = decodeJwt(await personToken("operador"));
    const admin = decodeJwt(await personToken("admin"));
    const reader = decodeJwt(await personToken("leitura"));

    // Assess
    expect(before.sellers).toBeUndefined();
    expect(granted.join("\n")).toContain(`Granted seller ${A} to operador (local provider): now ${A}.`);
    expect(both.sellers).toBe(`${A} ${B}`);
    expect(afterRevoke.sellers).toBe(A);
    expect(admin.sellers).toBe("*");
    expect(reader.sellers).toBeUndefined();
  });

  it("answers a person granted A with A's data, 403 naming B, and the ERP only the seller granted to it", async () => {
    // Prepare
    await connectBoth();
    await command("users", "grant", "operador", A);
    await command("clients", "grant", LOCAL_ERP_CLIENT.clientId, B);
    const operador = await personToken("operador");
    const erp = await erpToken();
    const admin = await personToken("admin");

    // Act
    const ownA = await get("/full/inventory", operador);
    const namedB = await get("/full/inventory", operador, B);
    const erpB = await get("/full/inventory", erp);
    const erpA = await get("/full/inventory", erp, A);
    const adminB = await get("/full/inventory", admin, B);

    // Assess
    expect(ownA.status).toBe(200);
    expect(ownA.body.items.map((item: { inventory_id: string }) => item.inventory_id)).toEqual(["INVA"]);
    expect(namedB).toMatchObject({ status: 403, body: { has_data: false, sellers: [{ id: A, nickname: "LOJA_A" }] } });
    expect(erpB.body.items.map((item: { inventory_id: string }) => item.inventory_id)).toEqual(["INVB"]);
    expect(erpA).toMatchObject({ status: 403, body: { sellers: [{ id: B, nickname: "LOJA_B" }] } });
    expect(adminB.body.items.map((item: { inventory_id: string }) => item.inventory_id)).toEqual(["INVB"]);
  });

  it("refuses a grant to someone the local provider and the pool cannot hold, and a user_id that is none", () => {
    expect(() => parseGrantArgs("users", ["grant", "ninguem", A], {}, usage)).toThrow(/neither a local user/);
    expect(() => parseGrantArgs("users", ["grant", "operador", "a b"], {}, usage)).toThrow(/is not a seller's user_id/);
    expect(() => parseGrantArgs("users", ["grant", "operador"], {}, usage)).toThrow(/needs a user and a seller's user_id/);
    expect(() => parseGrantArgs("users", ["grant", "operador", A, "--stage", "prod"], {}, usage)).toThrow(/local provider/);
    expect(() => parseGrantArgs("clients", ["grant", "abc123", A], {}, usage)).toThrow(/add abc123=111111 to API_MACHINE_CLIENT_SELLERS/);
  });
});
