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
  if (!clientId || !clientSecret) {
    throw new Error("Marketplace client id and secret are not configured (MARKETPLACE_CLIENT_ID, MARKETPLACE_CLIENT_SECRET)");
  }
  const config = { baseUrl: process.env.MARKETPLACE_API_URL || DEFAULT_MARKETPLACE_URL, clientId, clientSecret };
  // Secrets from SSM are read once per container; plain environment values are read each time (tests change them).
  if (!process.env.MARKETPLACE_CLIENT_ID) cached = config;
  return config;
}
