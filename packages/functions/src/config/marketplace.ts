/** Marketplace settings; in AWS the client id and secret come from SST secrets bound to the function. */
export interface MarketplaceConfig {
  baseUrl: string;
  clientId: string;
  clientSecret: string;
}

export const DEFAULT_MARKETPLACE_URL = "https://api.mercadolibre.com";

export function marketplaceConfig(): MarketplaceConfig {
  const clientId = process.env.MARKETPLACE_CLIENT_ID;
  const clientSecret = process.env.MARKETPLACE_CLIENT_SECRET;
  if (!clientId || !clientSecret) {
    throw new Error("Marketplace client id and secret are not configured (MARKETPLACE_CLIENT_ID, MARKETPLACE_CLIENT_SECRET)");
  }
  return { baseUrl: process.env.MARKETPLACE_API_URL || DEFAULT_MARKETPLACE_URL, clientId, clientSecret };
}
