/**
 * Every screen of the console at a desk (1280 px) and on a phone (390 px), against the service as
 * `npm start` starts it (demo data): no English sentence from the API, no ISO date, no table cut
 * off (a table fits or scrolls inside its own frame; the page itself never scrolls sideways), and
 * no serious or critical accessibility violation as axe-core sees it.
 */
import AxeBuilder from "@axe-core/playwright";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CATALOGUE, FIGURES, type MessageCode } from "@fulfillment/core/messages/index";
import { openContext } from "@fulfillment/local/browser";
import { SCREENS } from "@fulfillment/web/router";
import { startConsole, stopConsole } from "#test/console";
import type { RunningService } from "@fulfillment/local/engine/service-process";

let service: RunningService;
let browser: Browser;
let adId: string;

const WIDTHS = [1280, 390] as const;

/** The English catalogue's fixed openings ("Sells ", "Ship by ", "No sales in 30 days"): none may reach the screen. */
const ENGLISH_OPENINGS = [
  ...new Set(
    Object.keys(CATALOGUE).map((code) => {
      const sample = new Proxy({}, { get: (_t, key) => (String(key).match(/date|ship_by|until/) ? "2026-12-03" : 7) });
      const english = (CATALOGUE[code as MessageCode].en as (p: unknown, f: unknown) => string)(sample, FIGURES.en);
      return english.replace(/[\d.,$R]+.*$/, "").trim();
    }),
  ),
].filter((opening) => opening.length >= 6);

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

async function settle(page: Page, screen: string): Promise<void> {
  await page.waitForSelector(`main.content[data-screen="${screen}"]`);
  await page.waitForLoadState("networkidle");
  // A function, not a string: the console's Content-Security-Policy refuses eval.
  const busy = () => (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('[aria-busy="true"]').length;
  await expect.poll(() => page.evaluate(busy), { timeout: 15_000 }).toBe(0);
}

/**
 * Run in the page (the test's TypeScript has no DOM types): tables wider than their frame that no
 * frame scrolls, and how far the page itself scrolls sideways.
 */
const LAYOUT_PROBLEMS = `(() => {
  const scrolls = (element) => {
    for (let node = element; node && node !== document.body; node = node.parentElement) {
      const style = getComputedStyle(node);
      if ((style.overflowX === "auto" || style.overflowX === "scroll") && node.clientWidth <= window.innerWidth) return true;
    }
    return false;
  };
  const cut = [...document.querySelectorAll("table, .vtable")]
    .filter((table) => table.scrollWidth > table.parentElement.clientWidth + 1 && !scrolls(table))
    .map((table) => table.getAttribute("data-table") || table.className);
  return { cut, pageOverflow: document.documentElement.scrollWidth - window.innerWidth };
})()`;

const layoutProblems = (page: Page) => page.evaluate<{ cut: string[]; pageOverflow: number }>(LAYOUT_PROBLEMS);

beforeAll(async () => {
  ({ service, browser } = await startConsole());
  const list = (await (await fetch(`${service.url}/full/inventory`)).json()) as { items: { ad_id: string | null }[] };
  adId = list.items.find((item) => item.ad_id)!.ad_id!;
}, 120_000);

afterAll(() => stopConsole({ service, browser }));

describe.each(WIDTHS)("every screen at %i px", { timeout: 120_000 }, (width) => {
  let page: Page;
  beforeAll(async () => {
    ({ page } = await openContext(browser, service.url));
    await page.setViewportSize({ width, height: 800 });
  });

  it.each(SCREENS.map((screen) => [screen]))("%s: Portuguese only, dates dd/mm/aaaa, tables in their frames, no serious axe violation", async (screen) => {
    // Act
    await page.goto(`${service.url}/console/?w=${width}#/${screen === "anuncio" ? `anuncio/${adId}` : screen}`);
    await settle(page, screen);
    const shown = await page.locator("main.content").innerText();
    const layout = await layoutProblems(page);
    const axe = await new AxeBuilder({ page }).include("body").analyze();

    // Assess
    expect(shown.length).toBeGreaterThan(0);
    expect(ENGLISH_OPENINGS.filter((opening) => shown.includes(opening))).toEqual([]);
    expect(shown.match(ISO_DATE)).toBeNull();
    expect(layout).toEqual({ cut: [], pageOverflow: 0 });
    const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
