/**
 * The setting of the console's browser tests: the service as `npm start` starts it (demo data, on
 * free ports) and a headless Chromium with a page that reaches only the service and `alsoAllowed`.
 */
import type { Browser, Page } from "playwright-core";
import { launchBrowser, openContext } from "@fulfillment/local/browser";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import { startService, stopService, type RunningService } from "@fulfillment/local/engine/service-process";
import { loadTarget, targetClient } from "@fulfillment/local/cli/load-target";
import type { TableRef } from "#storage/client";

export interface ConsoleUnderTest {
  service: RunningService;
  browser: Browser;
  page: Page;
}

/**
 * Every start of this test file not stopped yet (a file holds one console at a time). A start-up
 * hook that times out leaves its start running with no one holding it: stopConsole closes it too.
 */
const starts = new Set<Promise<Partial<ConsoleUnderTest>>>();

/** Starts the service (with `env` over the demo's) and the browser side by side, then opens a page. */
export function startConsole(env: Record<string, string> = {}, alsoAllowed: readonly string[] = []): Promise<ConsoleUnderTest> {
  const starting = (async () => {
    const [service, browser] = await Promise.allSettled([
      freePort().then(async (port) => startService({ PORT: String(port), DYNAMODB_PORT: String(await freePort()), DEMO: "1", ...env })),
      launchBrowser(),
    ]);
    try {
      if (service.status === "rejected") throw service.reason;
      if (browser.status === "rejected") throw browser.reason;
      const { page } = await openContext(browser.value, service.value.url, alsoAllowed);
      return { service: service.value, browser: browser.value, page };
    } catch (error) {
      // Half a start is closed here: the caller gets an error, not something to stop.
      await closeParts([{ service: service.status === "fulfilled" ? service.value : undefined, browser: browser.status === "fulfilled" ? browser.value : undefined }]);
      throw error;
    }
  })();
  starts.add(starting.catch(() => ({})));
  return starting;
}

async function closeParts(parts: readonly Partial<ConsoleUnderTest>[]): Promise<void> {
  for (const browser of new Set(parts.map((p) => p.browser))) await browser?.close().catch(() => undefined);
  for (const service of new Set(parts.map((p) => p.service))) if (service) await stopService(service.child);
}

/** Closes what startConsole started, as far as it got, with any start of this file no one received. */
export async function stopConsole(parts: Partial<ConsoleUnderTest>): Promise<void> {
  const pending = [...starts];
  starts.clear();
  await closeParts([parts, ...(await Promise.all(pending))]);
}

/**
 * The table of a service started with DATA_DIR=memory on `dynamoPort` (give startConsole that
 * DYNAMODB_PORT): reached as `npm run load` reaches it, for a test to write what no route writes.
 */
export function serviceTable(dynamoPort: number): TableRef {
  const target = loadTarget({ stage: undefined }, { DYNAMODB_PORT: String(dynamoPort), DATA_DIR: "memory" });
  if (target.kind !== "local") throw new Error("a local engine was expected");
  return { doc: targetClient(target), table: target.table, bulkWrites: target.bulkWrites };
}
