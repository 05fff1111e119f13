/**
 * Sign-in as deployed, locally: `AUTH_MODE=jwt npm start` with its OpenID provider, the console in
 * a real browser signing in through the provider's page (authorization code with PKCE), renewing
 * its token, signing out; a read-only person sees write actions disabled and a forced write refused
 * in words. The service itself refuses requests without a token or without the route's scope.
 */
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { CONSOLE_SCOPE, LOCAL_USERS } from "@fulfillment/local/identity/identities";
import { signInWithPassword } from "@fulfillment/local/identity/sign-in";
import { startConsole, stopConsole } from "#test/console";
import type { RunningService } from "@fulfillment/local/engine/service-process";

/** Short-lived tokens, so renewal happens within a fast-forward of the page's clock. */
const ACCESS_TOKEN_SECONDS = 120;

let service: RunningService;
let issuer: string;
let browser: Browser;
let page: Page;
const pageErrors: string[] = [];

const userOf = (group: string) => LOCAL_USERS.find((user) => user.group === group)!;

beforeAll(async () => {
  const oidcPort = await freePort();
  issuer = `http://127.0.0.1:${oidcPort}`;
  ({ service, browser, page } = await startConsole(
    { OIDC_PORT: String(oidcPort), OIDC_ACCESS_TOKEN_SECONDS: String(ACCESS_TOKEN_SECONDS), AUTH_MODE: "jwt" },
    [issuer],
  ));
  page.on("pageerror", (error) => pageErrors.push(error.message));
  // The page's clock is ours to move: token renewal is seen without waiting for it.
  await page.clock.install();
}, 120_000);

afterAll(() => stopConsole({ service, browser }));

/** The tokens oidc-client-ts keeps in the tab's session storage. */
const storedUser = (): Promise<{ access_token: string; refresh_token?: string } | null> =>
  page.evaluate(() => {
    const key = Object.keys(sessionStorage).find((name) => name.startsWith("oidc.user:"));
    return key ? JSON.parse(sessionStorage.getItem(key)!) : null;
  });

async function signIn(group: string): Promise<void> {
  const user = userOf(group);
  await page.goto(`${service.url}/console/`);
  await page.getByRole("button", { name: "Entrar" }).click();
  // The provider's own page, on its own origin.
  await page.waitForURL((url) => url.origin === issuer);
  await page.fill('input[name="username"]', user.username);
  await page.fill('input[name="password"]', user.password);
  await page.click('button[type="submit"]');
  await page.waitForURL((url) => url.origin === new URL(service.url).origin && !url.search.includes("code="));
  await expect.poll(() => page.locator(".sidebar-foot button").textContent(), { timeout: 15_000 }).toBe(`Sair (${user.email})`);
}

async function signOut(): Promise<void> {
  await page.locator(".sidebar-foot button").click();
  await page.waitForURL((url) => url.origin === new URL(service.url).origin && url.pathname === "/console/");
  await expect.poll(() => page.getByRole("button", { name: "Entrar" }).count(), { timeout: 15_000 }).toBe(1);
}

describe("AUTH_MODE=jwt npm start", () => {
  it("says where tokens come from, refuses a request without a token (401) and a leitura token on a write (403)", async () => {
    // Prepare
    const leitura = userOf("leitura");
    const token = await signInWithPassword({
      issuer,
      clientId: "console",
      redirectUri: `${service.url}/console/`,
      scope: CONSOLE_SCOPE,
      username: leitura.username,
      password: leitura.password,
    });

    // Act
    const anonymous = await fetch(`${service.url}/full/overview`);
    const write = await fetch(`${service.url}/full/tariffs`, {
      method: "POST",
      headers: { authorization: `Bearer ${token.access_token}`, "content-type": "application/json" },
      body: JSON.stringify({ name: "x", min_volume_l: 0, max_volume_l: 1, daily_fee: 0.1 }),
    });
    const read = await fetch(`${service.url}/full/overview`, { headers: { authorization: `Bearer ${token.access_token}` } });

    // Assess
    expect(service.output()).toContain(`needs a token from ${issuer} (AUTH_MODE=jwt)`);
    expect([anonymous.status, await anonymous.json()]).toEqual([401, { message: "Unauthorized" }]);
    expect([write.status, await write.json()]).toEqual([403, { message: "Forbidden" }]);
    expect(read.status).toBe(200);
  });
});

describe("the console signs in through the local provider", () => {
  it("asks to sign in, signs in at the provider's page and shows the data the API now answers", async () => {
    // Act
    await page.goto(`${service.url}/console/`);
    // Nothing of the API shows before signing in: only the button.
    await expect.poll(() => page.getByRole("button", { name: "Entrar" }).count(), { timeout: 15_000 }).toBe(1);
    const cardsBefore = await page.locator(".cards .card").count();
    await signIn("administradores");

    // Assess
    expect(cardsBefore).toBe(0);
    const stored = await storedUser();
    expect(stored?.access_token).toBeTruthy();
    expect(stored?.refresh_token).toBeTruthy();
    await expect.poll(() => page.locator(".cards .card").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    await page.goto(`${service.url}/console/#/configuracoes`);
    await expect.poll(() => page.locator("form").count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it("renews its token before it expires, and goes on calling the API with the new one", async () => {
    // Prepare
    const before = (await storedUser())!.access_token;

    // Act: past the point where oidc-client-ts renews (a minute before expiry), not past expiry itself on the server.
    await page.clock.fastForward((ACCESS_TOKEN_SECONDS - 50) * 1000);
    await expect.poll(async () => (await storedUser())?.access_token, { timeout: 15_000 }).not.toBe(before);
    await page.evaluate("location.hash = '#/tarifas'");

    // Assess
    await expect.poll(() => page.locator("[data-table=tariffs] tbody tr").count(), { timeout: 15_000 }).toBeGreaterThan(0);
  });

  it("signs out at the provider and comes back asking to sign in, with no token kept", async () => {
    // Act
    await signOut();

    // Assess
    expect(await storedUser()).toBeNull();
    // The provider's session ended too: signing in asks for the password again.
    await page.getByRole("button", { name: "Entrar" }).click();
    await page.waitForURL((url) => url.origin === issuer);
    expect(await page.locator('input[name="password"]').count()).toBe(1);
  });

  it("disables write actions for a leitura person, and says so in words when a write is forced (403)", async () => {
    // Prepare
    await signIn("leitura");

    // Act
    await page.goto(`${service.url}/console/#/tarifas`);
    await expect.poll(() => page.locator("[data-table=tariffs] tbody tr").count(), { timeout: 15_000 }).toBeGreaterThan(0);
    const newTariff = page.locator('[data-action="new-tariff"]');
    const deletes = page.locator('[data-action="delete"]');
    const disabled = { newTariff: await newTariff.isDisabled(), firstDelete: await deletes.first().isDisabled() };
    // Forced: the button enabled by hand, as someone could; the API still refuses.
    await deletes.first().evaluate((button) => button.removeAttribute("disabled"));
    await deletes.first().click();
    await page.locator('[data-action="confirm-delete"]').click();

    // Assess
    expect(disabled).toEqual({ newTariff: true, firstDelete: true });
    await expect.poll(() => page.getByRole("alert").first().textContent(), { timeout: 15_000 }).toContain("Sem permissão para esta ação (HTTP 403)");
    await page.goto(`${service.url}/console/#/visao-geral`);
    await expect.poll(() => page.locator('[data-action="sync"]').isDisabled(), { timeout: 15_000 }).toBe(true);
    await page.goto(`${service.url}/console/#/importacoes`);
    await expect.poll(() => page.locator('[data-action="import"]').isDisabled(), { timeout: 15_000 }).toBe(true);
    expect(pageErrors).toEqual([]);
  });
});
