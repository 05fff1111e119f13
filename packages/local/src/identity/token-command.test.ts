/**
 * `npm run users -- token <user>` against the local OpenID provider and the gateway as
 * `AUTH_MODE=jwt npm start` runs them: an administrator's token reaches the settings/admin routes
 * from curl; a person of another group cannot get that scope, and their token is refused there.
 */
import { execFile } from "node:child_process";
import type { AddressInfo } from "node:net";
import { promisify } from "node:util";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { ROUTES } from "@fulfillment/functions/routes";
import { useTestTable } from "#test/table";
import { CONSOLE_PATH } from "../gateway/static.js";
import { createGateway } from "../gateway/server.js";
import { jwtAuthorizer } from "../gateway/jwt-authorizer.js";
import { startLocalIdentityProvider, type LocalIdentityProvider } from "./provider.js";
import { parseTokenArgs } from "./token-command.js";
import { freePort } from "../engine/ports.js";

const run = promisify(execFile);

useTestTable("token-command");
let provider: LocalIdentityProvider;
let apiUrl = "";
let authorize: ReturnType<typeof jwtAuthorizer>;
const gateway = createGateway({ routes: ROUTES, authorize: (authorization, route) => authorize(authorization, route) });

beforeAll(async () => {
  await new Promise<void>((resolve) => gateway.listen(0, "127.0.0.1", resolve));
  apiUrl = `http://127.0.0.1:${(gateway.address() as AddressInfo).port}`;
  // As npm start wires them: the API's URL is the audience, its console page the redirect.
  provider = await startLocalIdentityProvider({ port: 0, apiUrl, consoleUrl: `${apiUrl}${CONSOLE_PATH}` });
  authorize = jwtAuthorizer({ issuer: provider.issuer, audience: [apiUrl] });
}, 60_000);

afterAll(async () => {
  await provider?.stop();
  await new Promise<void>((resolve) => gateway.close(() => resolve()));
});

/** `npm run -s users -- token …` with the service's PORT and OIDC_PORT. */
async function tokenCommand(...args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  const env = { ...process.env, PORT: new URL(apiUrl).port, OIDC_PORT: new URL(provider.issuer).port };
  return run(process.execPath, ["--import", "tsx", "packages/local/src/cli/users.ts", "token", ...args], { env, timeout: 60_000 }).then(
    ({ stdout, stderr }) => ({ code: 0, stdout, stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, stdout: error.stdout, stderr: error.stderr }),
  );
}

const status = async (path: string, token: string): Promise<number> =>
  (await fetch(`${apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } })).status;

describe("npm run users -- token", { timeout: 120_000 }, () => {
  it("gives an administrator a settings/admin token that /settings and /alerts/subscriptions accept", async () => {
    // Act
    const { code, stdout, stderr } = await tokenCommand("admin");

    // Assess
    expect(code, stderr).toBe(0);
    const token = stdout.trim();
    expect(token).toMatch(/^[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(stderr).toContain("Access token of admin (group administradores): scopes fulfillment/read fulfillment/write settings/admin");
    expect(await status("/settings", token)).toBe(200);
    expect(await status("/alerts/subscriptions", token)).toBe(200);
  });

  it("refuses settings/admin to an operator, whose own token the settings routes refuse", async () => {
    // Act
    const asked = await tokenCommand("operador", "--scope", "settings/admin");
    const own = await tokenCommand("operador");

    // Assess
    expect(asked.code).toBe(1);
    expect(asked.stdout).toBe("");
    expect(asked.stderr).toContain("operador (group operadores) may not hold settings/admin");
    expect(asked.stderr).toContain("Use a user of a group that holds it (admin)");
    expect(own.code, own.stderr).toBe(0);
    const token = own.stdout.trim();
    expect(await status("/settings", token)).toBe(403);
    expect(await status("/alerts/subscriptions", token)).toBe(403);
    expect(await status("/full/overview", token)).toBe(200);
  });

  it("says when no provider runs, and refuses a wrong password", async () => {
    // Act
    const wrong = await tokenCommand("admin", "--password", "not-it");
    const port = await freePort();
    const env = { ...process.env, OIDC_PORT: String(port) };
    const nothing = await run(process.execPath, ["--import", "tsx", "packages/local/src/cli/users.ts", "token", "admin"], { env }).catch((error: { code: number; stderr: string }) => error);

    // Assess
    expect(wrong.code).toBe(1);
    expect(wrong.stderr).toContain("refused the sign-in of admin: wrong user or password");
    expect((nothing as { code: number }).code).toBe(1);
    expect((nothing as { stderr: string }).stderr).toContain(`No local OpenID provider answers at http://127.0.0.1:${port}: start the service with AUTH_MODE=jwt npm start`);
  });

  it("names the local users and scopes when given a wrong one, and sends --stage to the console", () => {
    expect(() => parseTokenArgs(["ana"])).toThrow(/No local user "ana": one of operador \(operadores\), leitura \(leitura\), admin \(administradores\)/);
    expect(() => parseTokenArgs(["admin", "--scope", "settings/write"])).toThrow(/Unknown scope "settings\/write"/);
    expect(() => parseTokenArgs(["admin", "--stage", "prod"])).toThrow(/deployed stage sign in through its console/);
    expect(parseTokenArgs(["leitura", "--scope", "fulfillment/read"])).toMatchObject({ scopes: ["fulfillment/read"], explicit: true, password: "leitura-local" });
  });
});
