/**
 * Every screen of the console at a desk (1280 px) and on a phone (390 px), against the service as
 * `npm start` starts it (demo data): no English sentence from the API, no ISO date, no table cut
 * off (a table fits or scrolls inside its own frame; the page itself never scrolls sideways), no
 * column header broken inside a word, no money figure or date over two lines, no card figure
 * sticking out of its card, the alert bell drawn as an SVG, and no serious or critical
 * accessibility violation as axe-core sees it.
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
      const sample = new Proxy({}, { get: (_t, key) => (String(key).match(/date|ship_by|until/) ? "2026-12-03" : String(key).includes("bucket") ? "181-365" : 7) });
      const english = (CATALOGUE[code as MessageCode].en as (p: unknown, f: unknown) => string)(sample, FIGURES.en);
      return english.replace(/[\d.,$R]+.*$/, "").trim();
    }),
  ),
  // Several words: a one-word label ("stockout") is also the code the settings show as a value.
].filter((opening) => opening.length >= 6 && /\s/.test(opening));

const ISO_DATE = /\b\d{4}-\d{2}-\d{2}\b/;

async function settle(page: Page, screen: string): Promise<void> {
  await page.waitForSelector(`main.content[data-screen="${screen}"]`);
  await page.waitForLoadState("networkidle");
  // A function, not a string: the console's Content-Security-Policy refuses eval.
  const busy = () => (globalThis as unknown as { document: { querySelectorAll(selector: string): { length: number } } }).document.querySelectorAll('[aria-busy="true"]').length;
  await expect.poll(() => page.evaluate(busy), { timeout: 15_000 }).toBe(0);
}

interface LayoutProblems {
  cut: string[];
  pageOverflow: number;
  /** Header words laid out over more than one line ("Disponíve|l"), with their header's text. */
  brokenHeaderWords: string[];
  /** Money figures and dates (with their time) laid out over more than one line ("R$ 155.370,|90"). */
  brokenFigures: string[];
  /** Card figures wider than their card. */
  figuresOutsideCards: string[];
  /** The alert bell's icon element. */
  bellIcon: string | null;
}

/**
 * Run in the page (the test's TypeScript has no DOM types), one reading of the laid-out page: tables
 * wider than their frame that no frame scrolls, how far the page itself scrolls sideways, and text
 * that must stay on one line but does not. A stretch of text is on more than one line when one of
 * the boxes its Range lays out starts below the bottom of the first.
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
  const overLines = (range) => {
    const boxes = [...range.getClientRects()].filter((box) => box.width > 0 && box.height > 0);
    if (boxes.length < 2) return false;
    const first = boxes.reduce((top, box) => (box.top < top.top ? box : top));
    return boxes.some((box) => box.top >= first.bottom - 1);
  };
  const brokenMatches = (root, pattern, describe) => {
    const broken = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      for (const match of node.data.matchAll(pattern)) {
        const range = document.createRange();
        range.setStart(node, match.index);
        range.setEnd(node, match.index + match[0].length);
        if (overLines(range)) broken.push(describe(match[0]));
      }
    }
    return broken;
  };
  const main = document.querySelector("main.content");
  const brokenHeaderWords = [...main.querySelectorAll("th, [role=columnheader]")].flatMap((header) =>
    brokenMatches(header, /\\S+/gu, (word) => word + " in " + JSON.stringify(header.textContent.trim())),
  );
  const brokenFigures = brokenMatches(main, /-?R\\$\\s?-?[\\d.]+(?:,\\d+)?|\\d{1,2}\\/\\d{1,2}\\/\\d{2,4}(?:\\s\\d{2}:\\d{2})?/gu, (figure) => figure);
  const figuresOutsideCards = [...main.querySelectorAll(".card-value")]
    .filter((figure) => figure.getBoundingClientRect().right > figure.closest(".card").getBoundingClientRect().right)
    .map((figure) => figure.textContent);
  const bell = document.querySelector("a.bell");
  return {
    cut,
    pageOverflow: document.documentElement.scrollWidth - window.innerWidth,
    brokenHeaderWords,
    brokenFigures,
    figuresOutsideCards,
    bellIcon: bell && bell.firstElementChild ? bell.firstElementChild.tagName.toLowerCase() : null,
  };
})()`;

const layoutProblems = (page: Page) => page.evaluate<LayoutProblems>(LAYOUT_PROBLEMS);

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

  it.each(SCREENS.map((screen) => [screen]))("%s: Portuguese only, dates dd/mm/aaaa, tables in their frames, headers and figures unbroken, no serious axe violation", async (screen) => {
    // Act
    await page.goto(`${service.url}/console/?w=${width}#/${screen === "anuncio" ? `anuncio/${adId}` : screen}`);
    await settle(page, screen);
    const shown = await page.locator("main.content").innerText();
    const layout = await layoutProblems(page);
    const axe = await new AxeBuilder({ page }).include("body").analyze();

    // Assess
    expect(shown.length).toBeGreaterThan(0);
    expect(ENGLISH_OPENINGS.length).toBeGreaterThan(5);
    expect(ENGLISH_OPENINGS.filter((opening) => shown.includes(opening))).toEqual([]);
    expect(shown.match(ISO_DATE)).toBeNull();
    expect(layout).toEqual({ cut: [], pageOverflow: 0, brokenHeaderWords: [], brokenFigures: [], figuresOutsideCards: [], bellIcon: "svg" });
    const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
    expect(serious.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
  });
});
