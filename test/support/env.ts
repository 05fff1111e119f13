/** The marketplace variables the service reads; tests set or remove them and put them back afterwards. */
export const MARKETPLACE_ENV = [
  "MARKETPLACE_API_URL",
  "MARKETPLACE_CLIENT_ID",
  "MARKETPLACE_CLIENT_SECRET",
  "MARKETPLACE_AUTH_URL",
  "MARKETPLACE_SITE",
  "MARKETPLACE_REDIRECT_URI",
] as const;
type MarketplaceVariable = (typeof MARKETPLACE_ENV)[number];

/** Sets the marketplace variables (a missing one is removed) and returns what restores the previous values. */
export function replaceMarketplaceEnv(values: Partial<Record<MarketplaceVariable, string>> = {}): () => void {
  const saved = Object.fromEntries(MARKETPLACE_ENV.map((name) => [name, process.env[name]]));
  const apply = (next: Record<string, string | undefined>): void => {
    for (const name of MARKETPLACE_ENV) {
      if (next[name] === undefined) delete process.env[name];
      else process.env[name] = next[name];
    }
  };
  apply(values);
  return () => apply(saved);
}

/** The variables that point the service at a sandbox marketplace (its API and its authorization page). */
export const sandboxEnv = (sandbox: { url: string; clientId: string; clientSecret: string; authorizationUrl?: string }): Partial<Record<MarketplaceVariable, string>> => ({
  MARKETPLACE_API_URL: sandbox.url,
  MARKETPLACE_CLIENT_ID: sandbox.clientId,
  MARKETPLACE_CLIENT_SECRET: sandbox.clientSecret,
  ...(sandbox.authorizationUrl ? { MARKETPLACE_AUTH_URL: sandbox.authorizationUrl } : {}),
});
