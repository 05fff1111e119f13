/** The sandbox marketplace with the demo's catalogue, for a service started with DEMO=1 that syncs from it. */
import { calendarDay, DEFAULT_TIME_ZONE } from "@fulfillment/core/time";
import { generateDemoDataset } from "@fulfillment/local/demo/generate";
import { seedFromDataset, startSandboxMarketplace, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";

/** Serves today's demo catalogue on loopback and accepts the demo's credential. */
export async function startDemoMarketplace(zone = DEFAULT_TIME_ZONE): Promise<SandboxMarketplace> {
  const today = calendarDay(zone, new Date());
  const demo = generateDemoDataset({ today });
  const credential = demo.credentials.find((c) => c.provider === "mercadolivre")!;
  return startSandboxMarketplace({
    host: "127.0.0.1",
    seed: seedFromDataset(demo, { today }),
    tokens: { access_token: credential.access_token, refresh_token: credential.refresh_token },
  });
}

/** The variables that point the service at `sandbox`. */
export const marketplaceEnv = (sandbox: SandboxMarketplace): Record<string, string> => ({
  MARKETPLACE_API_URL: sandbox.url,
  MARKETPLACE_AUTH_URL: sandbox.authorizationUrl,
  MARKETPLACE_CLIENT_ID: sandbox.clientId,
  MARKETPLACE_CLIENT_SECRET: sandbox.clientSecret,
});
