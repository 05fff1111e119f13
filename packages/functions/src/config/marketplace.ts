import { explain } from "../error-texts.js";
import { MarketplaceConfigError } from "../errors.js";

/** Marketplace settings: plain environment locally; in AWS the client id and secret are SST secrets (SSM). */
export interface MarketplaceConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export const DEFAULT_MARKETPLACE_URL = "https://api.mercadolibre.com";

/** SST binds a secret as this placeholder; the value itself is fetched from SSM at cold start. */
const FROM_SSM = "__FETCH_FROM_SSM__";

let cached: MarketplaceConfig | undefined;

async function secret(name: "MARKETPLACE_CLIENT_ID" | "MARKETPLACE_CLIENT_SECRET"): Promise<string | undefined> {
  const plain = process.env[name];
  if (plain) return plain;
  if (process.env[`SST_Secret_value_${name}`] !== FROM_SSM) return undefined;
  const { Config } = (await import("sst/node/config")) as unknown as { Config: Record<string, string | undefined> };
  return Config[name];
}

export async function marketplaceConfig(): Promise<MarketplaceConfig> {
  if (cached && !process.env.MARKETPLACE_CLIENT_ID) return cached;
  const [clientId, clientSecret] = await Promise.all([secret("MARKETPLACE_CLIENT_ID"), secret("MARKETPLACE_CLIENT_SECRET")]);
  if (!clientId || !clientSecret) throw new MarketplaceConfigError(missingSecretText(!clientId, !clientSecret));
  const config = { baseUrl: process.env.MARKETPLACE_API_URL || DEFAULT_MARKETPLACE_URL, clientId, clientSecret };
  // Secrets from SSM are read once per container; plain environment values are read each time (tests change them).
  if (!process.env.MARKETPLACE_CLIENT_ID) cached = config;
  return config;
}

/** The authorization page of each site (marketplace-api section 7): Brazil's, then the other Mercado Libre sites. */
export const AUTHORIZATION_HOSTS: Readonly<Record<string, string>> = {
  MLB: "https://auth.mercadolivre.com.br",
  MLA: "https://auth.mercadolibre.com.ar",
  MLM: "https://auth.mercadolibre.com.mx",
  MLC: "https://auth.mercadolibre.cl",
  MCO: "https://auth.mercadolibre.com.co",
  MLU: "https://auth.mercadolibre.com.uy",
  MPE: "https://auth.mercadolibre.com.pe",
};
export const DEFAULT_SITE = "MLB";

/**
 * Where the seller is sent to approve the app: MARKETPLACE_AUTH_URL when set (the sandbox's page
 * locally), else the page of MARKETPLACE_SITE (default MLB, Brazil).
 */
export function authorizationPageUrl(): string {
  const configured = process.env.MARKETPLACE_AUTH_URL?.trim();
  if (configured) return configured;
  const site = (process.env.MARKETPLACE_SITE?.trim() || DEFAULT_SITE).toUpperCase();
  const host = AUTHORIZATION_HOSTS[site];
  if (!host) throw new MarketplaceConfigError(explain("site_without_authorization", { site }));
  return `${host}/authorization`;
}

/** The callback URL registered for the app, when configured; otherwise it is derived from the request's host. */
export const configuredRedirectUri = (): string | undefined => process.env.MARKETPLACE_REDIRECT_URI?.trim() || undefined;
/** The sentence an operator reads when the OAuth client is not configured. */
function missingSecretText(noId: boolean, noSecret: boolean) {
  const names = [noId ? "MARKETPLACE_CLIENT_ID" : "", noSecret ? "MARKETPLACE_CLIENT_SECRET" : ""].filter(Boolean).join(", ");
  return explain("client_not_configured", { names });
}
