/**
 * The setting of the console's browser tests: the service as `npm start` starts it (demo data, on
 * free ports) and a headless Chromium with a page that reaches only the service and `alsoAllowed`.
 */
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openContext } from "@fulfillment/local/browser";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { startService, stopService, type RunningService } from "@fulfillment/local/engine/service-process";

export interface ConsoleUnderTest {
  service: RunningService;
  browser: Browser;
  page: Page;
}

/** Starts the service (with `env` over the demo's) and the browser side by side, then opens a page. */
export async function startConsole(env: Record<string, string> = {}, alsoAllowed: readonly string[] = []): Promise<ConsoleUnderTest> {
  const [service, browser] = await Promise.all([
    startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "1", ...env }),
    launchBrowser(),
  ]);
  const { page } = await openContext(browser, service.url, alsoAllowed);
  return { service, browser, page };
}

/** Closes what startConsole started, as far as it got. */
export async function stopConsole({ service, browser }: Partial<ConsoleUnderTest>): Promise<void> {
  await browser?.close();
  if (service) await stopService(service.child);
}
