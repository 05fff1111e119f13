/**
 * The account switcher against the service as `npm start` starts it (no demo data, in-memory
 * engine): first with one seller connected, where the console is as it always was, then with a
 * second, each seller with its own ads. The switcher lists the sellers by nickname; the address,
 * every call, every link and every CSV carry the one chosen; "Todas as contas" names each row's
 * seller on the consolidated screens and asks for one account on the others.
 */
import { mkdirSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import AxeBuilder from "@axe-core/playwright";
import { parse } from "csv-parse/sync";
import type { Browser, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openContext } from "@fulfillment/local/browser";
import { freePort } from "@fulfillment/local/engine/dynamodb-local";
import type { RunningService } from "@fulfillment/local/engine/service-process";
import type { TableRef } from "#storage/client";
import { withScope } from "#storage/scope";
import { scopeOfUser } from "#storage/sellers";
import { recordAlerts } from "#services/alerts/record";
import { serviceTable, startConsole, stopConsole } from "#test/console";
import { connectSellerWithData, SELLER_A, SELLER_B } from "#test/two-sellers";

let service: RunningService;
let browser: Browser;
let table: TableRef;

const poll = <T>(read: () => Promise<T>) => expect.poll(read, { timeout: 20_000 });

/** A picture of the page, for review (the folder is not committed). */
async function screenshot(page: Page, name: string): Promise<void> {
  const dir = join(process.cwd(), "test-output", "console");
  mkdirSync(dir, { recursive: true });
  await page.screenshot({ path: join(dir, `${name}.png`) });
}

/** A page of its own (nothing remembered from another test), at `width` px. */
async function freshPage(width = 1280): Promise<Page> {
  const { page } = await openContext(browser, service.url);
  await page.setViewportSize({ width, height: 800 });
  return page;
}

let loads = 0;
/** Loads the console afresh at `hash` (a new query string makes it a new document). */
async function open(page: Page, hash: string): Promise<void> {
  loads += 1;
  await page.goto(`${service.url}/console/?load=${loads}${hash}`);
}

/** The address's seller_id. */
const addressSeller = (page: Page): string | null => new URLSearchParams(new URL(page.url()).hash.split("?")[1] ?? "").get("seller_id");

/** The inventory rows shown, by id, once the list has any. */
async function inventoryRows(page: Page): Promise<string[]> {
  await page.waitForSelector(".vbody [data-inventory-id]");
  return page.$$eval(".vbody [data-inventory-id]", (rows) => rows.map((row) => row.getAttribute("data-inventory-id")!).sort());
}

/** Run in the page (the test's TypeScript has no DOM types): how far the page itself scrolls sideways. */
const pageOverflow = (): number => {
  const view = globalThis as unknown as { document: { documentElement: { scrollWidth: number } }; innerWidth: number };
  return view.document.documentElement.scrollWidth - view.innerWidth;
};

const rowsOf = (name: string) => [1, 2, 3].map((n) => `INV${name}${n}`);

/** Clicks a button that downloads a file and returns its rows. */
async function downloadCsv(page: Page, selector: string): Promise<Record<string, string>[]> {
  const [file] = await Promise.all([page.waitForEvent("download"), page.click(selector)]);
  return parse(await readFile((await file.path())!, "utf8"), { bom: true, delimiter: ";", columns: true, skip_empty_lines: true });
}

/** What the service answers for GET /marketplace/account naming no seller. */
const accountStatus = async (): Promise<number> => {
  const response = await fetch(`${service.url}/marketplace/account`);
  await response.body?.cancel();
  return response.status;
};

beforeAll(async () => {
  const dynamoPort = await freePort();
  ({ service, browser } = await startConsole({ DEMO: "0", DYNAMODB_PORT: String(dynamoPort) }));
  table = serviceTable(dynamoPort);
  await connectSellerWithData(table, SELLER_A, { local_stock: [{ sku: "SKU-AAA-2", available: 50, warehouse: "CD" }] });
}, 120_000);

afterAll(async () => {
  table?.doc.destroy();
  await stopConsole({ service, browser });
});

describe("with one seller connected", () => {
  it("shows no switcher, and no link or call names a seller", async () => {
    // Prepare
    const page = await freshPage();
    const named: string[] = [];
    page.on("request", (request) => {
      if (request.headers()["x-seller-id"] !== undefined || request.url().includes("seller_id")) named.push(request.url());
    });

    // Act
    await open(page, "#/estoque");
    const rows = await inventoryRows(page);

    // Assess
    expect(rows).toEqual(rowsOf("AAA"));
    expect(await page.locator("[data-seller-switcher]").count()).toBe(0);
    expect(addressSeller(page)).toBeNull();
    expect(await page.$$eval("a[href^='#/']", (links) => links.filter((link) => link.getAttribute("href")!.includes("seller_id")).length)).toBe(0);
    expect(named).toEqual([]);
  }, 60_000);
});

describe("with two sellers connected", () => {
  beforeAll(async () => {
    await connectSellerWithData(table, SELLER_B);
    // The service keeps its list of sellers a few seconds: wait until it lists both.
    while ((await accountStatus()) !== 400) await new Promise((resolve) => setTimeout(resolve, 250));
  }, 60_000);

  it("opens an address naming no seller on the first one, lists both by nickname, and the address then names it", async () => {
    // Prepare
    const page = await freshPage();

    // Act
    await open(page, "#/reposicao");
    await page.waitForSelector('[data-table="replenishment"] tbody tr');

    // Assess: the first seller's rows, no refusal shown
    expect(await page.$$eval('[data-table="replenishment"] tbody tr', (rows) => rows.map((row) => row.getAttribute("data-sku")).sort())).toEqual(["SKU-AAA-1", "SKU-AAA-2", "SKU-AAA-3"]);
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
    expect(addressSeller(page)).toBe(SELLER_A.id);
    const options = await page.$$eval("[data-seller-switcher] option", (list) => list.map((option) => ({ value: option.getAttribute("value"), label: option.textContent, disabled: (option as unknown as { disabled: boolean }).disabled })));
    expect(options).toEqual([
      { value: "all", label: "Todas as contas", disabled: true },
      { value: SELLER_A.id, label: SELLER_A.nickname, disabled: false },
      { value: SELLER_B.id, label: SELLER_B.nickname, disabled: false },
    ]);
  }, 60_000);

  it("shows the chosen seller's rows, in the address, after a reload and on the next screen", async () => {
    // Prepare
    const page = await freshPage();
    const sent: (string | undefined)[] = [];
    page.on("request", (request) => {
      if (new URL(request.url()).pathname === "/full/inventory") sent.push(request.headers()["x-seller-id"]);
    });
    await open(page, `#/estoque?seller_id=${SELLER_A.id}`);
    expect(await inventoryRows(page)).toEqual(rowsOf("AAA"));

    // Act: the other seller
    await page.selectOption("[data-seller-switcher]", SELLER_B.id);

    // Assess
    await poll(() => inventoryRows(page)).toEqual(rowsOf("BBB"));
    expect(addressSeller(page)).toBe(SELLER_B.id);
    // Every list call named its seller: the first seller's, then the other's (a poll may have come between).
    expect(sent[0]).toBe(SELLER_A.id);
    expect(sent.at(-1)).toBe(SELLER_B.id);
    expect(sent.every((seller) => seller === SELLER_A.id || seller === SELLER_B.id)).toBe(true);
    expect(await page.getAttribute(`[data-inventory-id="INVBBB2"] a[data-col="title"]`, "href")).toBe(`#/anuncio/MLBBBB2?seller_id=${SELLER_B.id}`);

    // Act and assess: a reload keeps it
    await page.reload();
    await poll(() => inventoryRows(page)).toEqual(rowsOf("BBB"));
    expect(await page.inputValue("[data-seller-switcher]")).toBe(SELLER_B.id);

    // Act and assess: so does the navigation, to a screen of one seller's data
    await page.click('[data-nav="plano-reposicao"]');
    await page.waitForSelector('[data-table="restock-plan"] tbody tr');
    expect(addressSeller(page)).toBe(SELLER_B.id);
    expect(await page.$$eval('[data-table="restock-plan"] tbody tr[data-sku]', (rows) => rows.map((row) => row.getAttribute("data-sku")).sort())).toEqual(["SKU-BBB-1", "SKU-BBB-2", "SKU-BBB-3"]);

    // Act and assess: an address naming no seller opens the one chosen last
    await open(page, "#/estoque");
    await poll(() => inventoryRows(page)).toEqual(rowsOf("BBB"));
    expect(addressSeller(page)).toBe(SELLER_B.id);
  }, 90_000);

  it("names the account on an account's own value in a settings group's history", async () => {
    // Prepare: seller B's own value of a key, through the API
    const answer = await fetch(`${service.url}/settings/catalogo`, {
      method: "PUT",
      headers: { "content-type": "application/json", "x-seller-id": SELLER_B.id },
      body: JSON.stringify({ margem_minima_alerta: 33 }),
    });
    expect(answer.status).toBe(200);
    const page = await freshPage();

    // Act
    await open(page, `#/configuracoes?seller_id=${SELLER_B.id}`);
    const panel = '[data-history="catalogo"]';
    await page.waitForSelector(panel);
    await page.click(`${panel} summary`);
    const item = `${panel} li[data-key="margem_minima_alerta"][data-seller="${SELLER_B.id}"]`;
    await page.waitForSelector(item);

    // Assess: before it, the account read the shared value
    expect((await page.textContent(item))!.replace(/\s+/g, " ").trim()).toBe(`margem_minima_alerta (conta ${SELLER_B.nickname}): (compartilhado) → 33`);
  }, 60_000);

  it("downloads one seller's rows under that seller, and every seller's, each named, under Todas as contas", async () => {
    // Prepare
    const page = await freshPage();
    await open(page, `#/estoque?seller_id=${SELLER_B.id}`);
    expect(await inventoryRows(page)).toEqual(rowsOf("BBB"));

    // Act
    const own = await downloadCsv(page, '[data-action="export-csv"]');
    await page.selectOption("[data-seller-switcher]", "all");
    await poll(() => inventoryRows(page)).toEqual([...rowsOf("AAA"), ...rowsOf("BBB")].sort());
    const every = await downloadCsv(page, '[data-action="export-csv"]');

    // Assess: one seller's file holds its rows only, with the columns it always had
    expect(own.map((row) => row.inventory_id).sort()).toEqual(rowsOf("BBB"));
    expect(Object.keys(own[0]!)[0]).toBe("inventory_id");
    // Every seller's names each row's seller, by id and nickname, first
    expect(addressSeller(page)).toBe("all");
    expect(Object.keys(every[0]!).slice(0, 3)).toEqual(["seller_id", "seller_nickname", "inventory_id"]);
    expect(every.map((row) => `${row.seller_id} ${row.seller_nickname} ${row.inventory_id}`).sort()).toEqual([
      ...rowsOf("AAA").map((id) => `${SELLER_A.id} ${SELLER_A.nickname} ${id}`),
      ...rowsOf("BBB").map((id) => `${SELLER_B.id} ${SELLER_B.nickname} ${id}`),
    ].sort());
    // and the screen names it on each row
    expect(await page.textContent('[data-inventory-id="INVAAA2"] [data-col="seller"]')).toBe(SELLER_A.nickname);
    expect(await page.textContent('[data-inventory-id="INVBBB2"] [data-col="seller"]')).toBe(SELLER_B.nickname);
    await screenshot(page, "contas-todas-estoque");

    // Act and assess: the restock plan, the same
    await page.click('[data-nav="plano-reposicao"]');
    await page.waitForSelector('[data-table="restock-plan"] tbody tr[data-sku]');
    const plan = await downloadCsv(page, '[data-action="export-restock-plan"]');
    expect(new Set(plan.map((row) => `${row.seller_nickname}:${row.sku!.split("-")[1]}`))).toEqual(new Set([`${SELLER_A.nickname}:AAA`, `${SELLER_B.nickname}:BBB`]));
    expect(await page.textContent('[data-table="restock-plan"] tr[data-sku="SKU-BBB-2"] [data-col="seller"]')).toBe(SELLER_B.nickname);
  }, 90_000);

  it("plans a line of the consolidated plan for the line's own seller", async () => {
    // Prepare
    const caseOf = async (seller: string, sku: string) => {
      const plan = (await (await fetch(`${service.url}/full/restock-plan`, { headers: { "x-seller-id": seller } })).json()) as { items: { sku: string; case_pack: number | null }[] };
      return plan.items.find((item) => item.sku === sku)?.case_pack;
    };
    const page = await freshPage();
    await open(page, "#/plano-reposicao?seller_id=all");
    const row = `[data-table="restock-plan"] tr[data-sku="SKU-BBB-3"]`;
    await page.waitForSelector(row);
    const form = '[data-form="planning"]';

    // Act
    await page.click(`${row} [data-action="plan"]`);
    await page.fill(`${form} [name="case_pack"]`, "4");
    await page.click(`${form} button[type="submit"]`);
    await page.waitForSelector(form, { state: "detached" });

    // Assess: the line's seller has it, the other seller's plan is as it was
    expect(await caseOf(SELLER_B.id, "SKU-BBB-3")).toBe(4);
    expect(await caseOf(SELLER_A.id, "SKU-AAA-3")).toBeNull();
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
  }, 60_000);

  it("asks for one account, in Portuguese, on a screen that has no consolidated form", async () => {
    // Prepare
    const page = await freshPage();
    await open(page, "#/visao-geral?seller_id=all");
    await page.waitForSelector('[data-table="overview-sellers"] tr[data-seller]');

    // Act
    await page.click('[data-nav="reposicao"]');
    await page.waitForSelector("[data-pick-account]");

    // Assess
    expect(addressSeller(page)).toBe("all");
    expect(await page.locator('main [role="alert"]').count()).toBe(0);
    expect(await page.textContent("[data-pick-account]")).toContain("Esta tela mostra uma conta por vez. Escolha a conta:");

    // Act and assess: picking one shows its screen
    await page.click(`[data-pick-seller="${SELLER_A.id}"]`);
    await page.waitForSelector('[data-table="replenishment"] tbody tr');
    expect(addressSeller(page)).toBe(SELLER_A.id);
    expect(await page.inputValue("[data-seller-switcher]")).toBe(SELLER_A.id);
  }, 60_000);

  it("offers the switcher on a phone too, with the page not scrolling sideways", async () => {
    // Prepare
    const page = await freshPage(390);

    // Act
    await open(page, `#/estoque?seller_id=${SELLER_B.id}`);
    await inventoryRows(page);
    await page.selectOption("[data-seller-switcher]", SELLER_A.id);

    // Assess
    await poll(() => inventoryRows(page)).toEqual(rowsOf("AAA"));
    expect(await page.isVisible("[data-seller-switcher]")).toBe(true);
    await screenshot(page, "contas-celular");
    expect(await page.evaluate(pageOverflow)).toBe(0);
  }, 60_000);

  it("keeps the bell's last visit per account: one account's alerts seen leave the other's new, and Todas as contas counts each alert from the later visit", async () => {
    // Prepare: each seller's alerts derived, as its sync's last step does
    await withScope("", () => recordAlerts(table));
    await withScope(scopeOfUser(SELLER_B.id), () => recordAlerts(table));
    const openCount = async (seller: string): Promise<number> => ((await (await fetch(`${service.url}/alerts?seller_id=${seller}`)).json()) as { count: number }).count;
    const [countA, countB] = [await openCount(SELLER_A.id), await openCount(SELLER_B.id)];
    expect(countA).toBeGreaterThan(0);
    expect(countB).toBeGreaterThan(0);
    const page = await freshPage();
    const bell = () => page.locator("a.bell").getAttribute("data-bell");
    /** Opens the alerts screen and waits until its open alerts are shown: the visit is then recorded. */
    const visitAlerts = async (seller: string, rows: number) => {
      await open(page, `#/alertas?seller_id=${seller}`);
      await poll(() => page.locator('table[data-table="open-alerts"] tbody tr').count()).toBe(rows);
      await poll(bell).toBe("0");
    };

    // Act: A's alerts opened
    await open(page, `#/visao-geral?seller_id=${SELLER_A.id}`);
    await poll(bell).toBe(String(countA));
    await visitAlerts(SELLER_A.id, countA);

    // Assess: B's and, under Todas as contas, B's alone are still new
    await open(page, `#/visao-geral?seller_id=${SELLER_B.id}`);
    await poll(bell).toBe(String(countB));
    await open(page, "#/visao-geral?seller_id=all");
    await poll(bell).toBe(String(countB));

    // Act: every account's alerts opened at once
    await visitAlerts("all", countA + countB);

    // Assess: seen for each account too
    await open(page, `#/visao-geral?seller_id=${SELLER_B.id}`);
    await poll(bell).toBe("0");
  }, 60_000);

  describe.each([1280, 390])("under Todas as contas at %i px", (width) => {
    let page: Page;
    beforeAll(async () => {
      page = await freshPage(width);
    });

    // axe at the desk width only: what it reports serious (contrast, names, roles) does not change
    // with the width, and the screens' own sweep (screens.browser.test.ts) runs it at both.
    const axeToo = width === 1280;

    it.each(["visao-geral", "estoque", "plano-reposicao", "estoque-envelhecido", "custos-armazenagem", "alertas", "tarifas", "configuracoes", "reposicao"])(
      `%s: no refusal shown,${axeToo ? " no serious axe violation," : ""} the page not scrolling sideways`,
      async (screen) => {
        // Act
        await open(page, `#/${screen}?seller_id=all`);
        await page.waitForSelector(`main.content[data-screen="${screen}"]`);
        await page.waitForLoadState("networkidle");
        await poll(() => page.locator('[aria-busy="true"]').count()).toBe(0);
        const axe = axeToo ? await new AxeBuilder({ page }).include("body").analyze() : { violations: [] };

        // Assess
        expect(await page.locator('main [role="alert"]').count()).toBe(0);
        expect(await page.inputValue("[data-seller-switcher]")).toBe("all");
        const serious = axe.violations.filter((violation) => violation.impact === "serious" || violation.impact === "critical");
        expect(serious.map((violation) => `${violation.id}: ${violation.nodes.slice(0, 3).map((node) => node.target.join(" ")).join(", ")}`)).toEqual([]);
        expect(await page.evaluate(pageOverflow)).toBe(0);
        await screenshot(page, `contas-todas-${screen}-${width}`);
      },
      60_000,
    );
  });
});

describe("when the account shown is disconnected", () => {
  it("reads the accounts left: with one left, the switcher goes and its data shows", async () => {
    // Prepare
    const page = await freshPage();
    await open(page, `#/conta?seller_id=${SELLER_B.id}`);
    await page.waitForSelector("[data-accounts]");
    expect(await page.textContent("[data-accounts]")).toContain(SELLER_A.nickname);

    // Act
    await page.click("text=Desconectar");
    await Promise.all([page.waitForEvent("load"), page.click("text=Confirmar desconexão")]);

    // Assess
    await page.waitForSelector('main.content[data-screen="conta"] .facts');
    expect(await page.locator("[data-seller-switcher]").count()).toBe(0);
    expect(addressSeller(page)).toBeNull();
    expect(await accountStatus()).toBe(200);
    await page.click('[data-nav="estoque"]');
    expect(await inventoryRows(page)).toEqual(rowsOf("AAA"));
  }, 60_000);
});
