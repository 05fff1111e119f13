/**
 * The console's figures: JavaScript size (gzip, against the 150 KB budget) and the overview's
 * time to usable — navigation start until the cards show the API's figures — in Chromium
 * against the service started as `npm start` starts it, with the demo data.
 */
import { bundleSizes, ensureConsoleBuilt, JS_BUDGET_GZIP_BYTES } from "@fulfillment/web/build";
import { launchBrowser, openContext } from "../browser.js";
import { freePort } from "../engine/dynamodb-local.js";
import { startService, stopService } from "../engine/service-process.js";
import { percentile } from "./stats.js";

export const OVERVIEW_USABLE_TARGET_MS = 1_000;

export interface ConsoleFigures {
  jsGzipBytes: number;
  initialJsGzipBytes: number;
  budgetBytes: number;
  /** The first load after start (handler modules not yet imported by the server). */
  firstUsableMs: number;
  usableP50Ms: number;
  usableP95Ms: number;
}

export async function measureConsole(loads: number): Promise<ConsoleFigures> {
  const sizes = bundleSizes(await ensureConsoleBuilt());
  const service = await startService({ PORT: String(await freePort()), DYNAMODB_PORT: String(await freePort()), DEMO: "1" });
  const browser = await launchBrowser();
  try {
    // One page (this Chromium runs as a single process, which a closed context takes down).
    // The local server sends no validators, so every load fetches the scripts again, as a first visit does.
    const { page } = await openContext(browser, service.url);
    const times: number[] = [];
    for (let i = 0; i <= loads; i++) {
      await page.goto(`${service.url}/console/?load=${i}#/visao-geral`, { waitUntil: "commit" });
      await page.waitForSelector("[data-overview-ready]", { timeout: 30_000 });
      // Milliseconds since this navigation started.
      times.push(await page.evaluate(() => performance.now()));
    }
    const warm = times.slice(1).sort((a, b) => a - b);
    return {
      jsGzipBytes: sizes.totalGzip,
      initialJsGzipBytes: sizes.initialGzip,
      budgetBytes: JS_BUDGET_GZIP_BYTES,
      firstUsableMs: times[0]!,
      usableP50Ms: percentile(warm, 50),
      usableP95Ms: percentile(warm, 95),
    };
  } finally {
    await browser.close();
    await stopService(service.child);
  }
}

/** The figure lines, and one line saying whether the targets hold. */
export function reportConsole(report: { figure(name: string, value: number, unit: string): void }, figures: ConsoleFigures): string {
  report.figure("console.js.gzip", figures.jsGzipBytes / 1024, "KB");
  report.figure("console.js.initial.gzip", figures.initialJsGzipBytes / 1024, "KB");
  report.figure("console.js.budget", figures.budgetBytes / 1024, "KB");
  report.figure("console.overview_usable.first", figures.firstUsableMs, "ms");
  report.figure("console.overview_usable.p50", figures.usableP50Ms, "ms");
  report.figure("console.overview_usable.p95", figures.usableP95Ms, "ms");
  const size = figures.jsGzipBytes <= figures.budgetBytes ? "within" : "OVER";
  const time = figures.usableP50Ms <= OVERVIEW_USABLE_TARGET_MS ? "within" : "OVER";
  return `# console: JavaScript ${(figures.jsGzipBytes / 1024).toFixed(1)} KB gzip, ${size} the ${figures.budgetBytes / 1024} KB budget; overview usable in ${Math.round(figures.usableP50Ms)} ms (p50), ${time} the ${OVERVIEW_USABLE_TARGET_MS} ms target`;
}
