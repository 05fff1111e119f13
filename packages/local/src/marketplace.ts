import type { TableRef } from "@fulfillment/functions/storage/client";
import { getCredential, saveTokenPair } from "@fulfillment/functions/storage/credentials";
import { businessToday } from "@fulfillment/functions/services/business-time";
import type { LocalConfig } from "./config.js";
import { generateDemoDataset } from "./demo/generate.js";
import { SANDBOX_CLIENT_ID, SANDBOX_CLIENT_SECRET, seedFromDataset, startSandboxMarketplace } from "./sandbox/index.js";

export interface LocalMarketplace {
  url: string;
  /** The built-in sandbox's: sends its notifications to the service's callback URL from now on. */
  notifyTo?(callbackUrl: string): void;
  stop(): Promise<void>;
}

/**
 * The marketplace the local sync talks to: MARKETPLACE_API_URL when set, else the built-in
 * sandbox, serving items, stock and sales consistent with the demo dataset, and its own
 * authorization page (MARKETPLACE_AUTH_URL) so GET /marketplace/connect works locally. A stored
 * pair stays valid across restarts; with the demo data the sandbox's pair is stored as the
 * `mercadolivre` credential, while with DEMO=0 nothing is stored until the account is connected.
 */
export async function startLocalMarketplace(ref: TableRef, config: LocalConfig): Promise<LocalMarketplace> {
  if (config.marketplaceUrl) {
    process.env.MARKETPLACE_API_URL = config.marketplaceUrl;
    return { url: config.marketplaceUrl, stop: async () => undefined };
  }
  const today = await businessToday(ref);
  const demo = generateDemoDataset({ today });
  const stored = await getCredential(ref, "mercadolivre");
  // Without a stored pair, the sandbox starts with the demo dataset's, so loading that file later keeps working.
  const initial = stored ?? demo.credentials.find((c) => c.provider === "mercadolivre");
  const sandbox = await startSandboxMarketplace({
    host: "127.0.0.1",
    seed: seedFromDataset(demo, { today }),
    tokens: initial ? { access_token: initial.access_token, refresh_token: initial.refresh_token } : undefined,
  });
  if (stored || config.demo) await saveTokenPair(ref, "mercadolivre", { ...sandbox.tokens, user_id: sandbox.sellerId });
  process.env.MARKETPLACE_API_URL = sandbox.url;
  process.env.MARKETPLACE_AUTH_URL ||= sandbox.authorizationUrl;
  process.env.MARKETPLACE_CLIENT_ID = config.marketplaceClientId ?? SANDBOX_CLIENT_ID;
  process.env.MARKETPLACE_CLIENT_SECRET = config.marketplaceClientSecret ?? SANDBOX_CLIENT_SECRET;
  return { url: sandbox.url, notifyTo: (callbackUrl) => sandbox.notifications.sendTo(callbackUrl), stop: () => sandbox.stop() };
}
