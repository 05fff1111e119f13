import { MarketplaceConfigError } from "../marketplace/errors.js";

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

/** The sentence an operator reads when the OAuth client is not configured. */
function missingSecretText(noId: boolean, noSecret: boolean): string {
  const what = noId && noSecret ? "client id and client secret are" : noId ? "client id is" : "client secret is";
  const names = [noId ? "MARKETPLACE_CLIENT_ID" : "", noSecret ? "MARKETPLACE_CLIENT_SECRET" : ""].filter(Boolean).join(", ");
  return `The marketplace ${what} not configured (${names}): the sync cannot refresh the marketplace token`;
}
