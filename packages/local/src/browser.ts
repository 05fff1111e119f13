/**
 * A headless Chromium for the console's browser tests and the bench: the binary shipped in @sparticuz/chromium, driven by
 * playwright-core. Requests leave only for the loopback service; images from elsewhere (the demo's
 * marketplace thumbnails) get a blank picture, so no test reaches the network.
 */
import sparticuz from "@sparticuz/chromium";
import { chromium, type Browser, type BrowserContext, type Page } from "playwright-core";

// A 1×1 transparent PNG.
const BLANK_PNG = Buffer.from("iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=", "base64");

const QUIET_FLAGS = ["--disable-background-networking", "--disable-component-update", "--disable-default-apps", "--disable-sync", "--no-first-run"];

export async function launchBrowser(): Promise<Browser> {
  return chromium.launch({ executablePath: await sparticuz.executablePath(), args: [...sparticuz.args, ...QUIET_FLAGS] });
}

/**
 * A 1280×800 page in Brazilian Portuguese and São Paulo time that can only reach `baseUrl` and the
 * loopback origins in `alsoAllowed` (the sandbox marketplace's authorization page).
 */
export async function openContext(browser: Browser, baseUrl: string, alsoAllowed: readonly string[] = []): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport: { width: 1280, height: 800 },
    locale: "pt-BR",
    timezoneId: "America/Sao_Paulo",
    acceptDownloads: true,
  });
  const origins = [baseUrl, ...alsoAllowed].map((url) => new URL(url).origin);
  await context.route("**/*", (route) => {
    const url = route.request().url();
    if (origins.some((origin) => url.startsWith(origin)) || url.startsWith("data:") || url.startsWith("blob:")) return route.continue();
    if (route.request().resourceType() === "image") return route.fulfill({ status: 200, contentType: "image/png", body: BLANK_PNG });
    return route.abort("blockedbyclient");
  });
  return { context, page: await context.newPage() };
}
