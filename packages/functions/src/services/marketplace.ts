import { createMarketplaceClient, type MarketplaceClient, type MarketplaceClientOptions, type TokenStore } from "../marketplace/index.js";
import { marketplaceConfig } from "../config/marketplace.js";
import type { TableRef } from "#storage/client";
import { getCredential, saveTokenPair } from "#storage/credentials";
import { MissingCredentialError } from "../errors.js";

/** The `mercadolivre` credential record as the client's token store. */
export function credentialTokenStore(ref: TableRef): TokenStore {
  return {
    async load() {
      const credential = await getCredential(ref, "mercadolivre");
      if (!credential) throw new MissingCredentialError("mercadolivre");
      return { access_token: credential.access_token, refresh_token: credential.refresh_token, user_id: credential.user_id ?? null };
    },
    save: (pair) => saveTokenPair(ref, "mercadolivre", pair),
  };
}

/** How clients wait and reach the marketplace: timeouts, retries, backoff, fetch (the client's defaults unless tuned). */
export type MarketplaceTuning = Pick<MarketplaceClientOptions, "timeoutMs" | "maxRetries" | "backoffBaseMs" | "backoffMaxMs" | "sleep" | "fetch">;

let tuning: MarketplaceTuning = {};

/** Tunes every client made from now on (the tests shorten the waits and watch the calls; nothing else calls it). */
export function tuneMarketplaceClients(next: MarketplaceTuning = {}): void {
  tuning = next;
}

/** A marketplace client for one sync run or shard (its call count is its own); `extras` carries the run's budgeted fetch. */
export async function marketplaceClient(ref: TableRef, extras: Pick<MarketplaceClientOptions, "fetch"> = {}): Promise<MarketplaceClient> {
  const config = await marketplaceConfig();
  return createMarketplaceClient({ ...config, ...tuning, ...extras, tokens: credentialTokenStore(ref) });
}
