import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { invoke } from "#test/events";
import { dumpTable } from "#test/dump";
import { ad, inventory, load } from "#test/fixtures";
import { IMPORT_MAX_BODY_BYTES, routeOf } from "../../routes.js";
import { getAd, listAllAds } from "#storage/ads";
import { acquireLease, releaseLease } from "#storage/lease";
import { listLocalStock } from "#storage/local-stock";
import { handler as putLocalStock } from "./local-stock.js";
import { handler as listLocalStockHandler } from "./list-local-stock.js";
import { handler as putCosts } from "./costs.js";
import { handler as putSales } from "./sales.js";
import { handler as listImports } from "./list.js";
import { handler as overview } from "../full/overview.js";
import { handler as replenishment } from "../full/replenishment.js";

const db = useTestTable("imports", "test");

const CSV = { "content-type": "text/csv" };

// The import routes' Lambda timeout (29 s): middy gives up before it, as Lambda would.
const IMPORT_TIMEOUT_MS = (routeOf("PUT /full/local-stock/{warehouse}").timeoutSeconds ?? 10) * 1000;

const importStock = (warehouse: string, body: string | object, headers: Record<string, string> = {}) =>
  invoke(
    putLocalStock,
    { method: "PUT", path: `/full/local-stock/${encodeURIComponent(warehouse)}`, pathParameters: { warehouse }, body, headers },
    { timeoutMs: IMPORT_TIMEOUT_MS },
  );
const importCosts = (body: string | object, headers: Record<string, string> = {}) => invoke(putCosts, { method: "PUT", path: "/full/costs", body, headers });
const importSales = (body: string | object, headers: Record<string, string> = {}) => invoke(putSales, { method: "PUT", path: "/full/sales", body, headers });
const stockOf = async (warehouse: string) =>
  (await listLocalStock(db.ref)).filter((row) => row.warehouse === warehouse).map(({ sku, available }) => [sku, available]).sort();

const RECORD = {
  id: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T[\d:.]+Z#[0-9a-f]{8}$/),
  source: "api",
  unmatched: 0,
  unmatched_keys: [],
  error: null,
  at: expect.any(String),
  file: null,
  // The open local API names no caller; API Gateway's request id of the import.
  actor: "local",
  request_id: expect.any(String),
};

describe("PUT /full/local-stock/{warehouse}", () => {
  it("names the SKUs no ad has (a mistyped SKU), stores them all the same, and keeps the names in the import history", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB-LS1", sku: "LS-KNOWN" })] });

    // Act
    const response = await importStock("CD Typo", "sku;available\nLS-KNOWN;5\nLS-KNWON;4\n", CSV);

    // Assess
    expect(response.body).toMatchObject({ rows: 2, added: 2, unmatched: 1, unmatched_keys: ["LS-KNWON"] });
    expect(await stockOf("CD Typo")).toEqual([
      ["LS-KNOWN", 5],
      ["LS-KNWON", 4],
    ]);
    const history = await invoke(listImports, { path: "/full/imports" });
    expect(history.body.imports[0]).toMatchObject({ warehouse: "CD Typo", unmatched: 1, unmatched_keys: ["LS-KNWON"] });
  });

  it("replaces the warehouse's rows as a whole and reports what it added, changed and removed", async () => {
    // Prepare
    await load(db.ref, { local_stock: [{ sku: "OTHER", available: 9, warehouse: "CD Norte" }] });

    // Act: a JSON first import, then a pt-BR CSV (BOM, CRLF, semicolons, thousands dot) replacing it.
    const first = await importStock("CD São Paulo", [
      { sku: "MG-20", available: 12 },
      { sku: "RG-1", available: 3 },
      { sku: "VS-9", available: 1 },
    ]);
    const second = await importStock("CD São Paulo", "\uFEFFsku;available\r\nMG-20;12\r\nRG-1;1.200\r\n\r\nPA-2;7,0\r\n", CSV);

    // Assess
    expect(first.statusCode).toBe(200);
    // No ad is stored yet: every SKU is named as unmatched (and stored all the same).
    expect(first.body).toEqual({
      success: true,
      ...RECORD,
      kind: "local_stock",
      warehouse: "CD São Paulo",
      rows: 3,
      added: 3,
      changed: 0,
      removed: 0,
      unmatched: 3,
      unmatched_keys: ["MG-20", "RG-1", "VS-9"],
    });
    expect(second.body).toMatchObject({ kind: "local_stock", warehouse: "CD São Paulo", rows: 3, added: 1, changed: 1, removed: 1, unmatched: 3 });
    expect(await stockOf("CD São Paulo")).toEqual([
      ["MG-20", 12],
      ["PA-2", 7],
      ["RG-1", 1200],
    ]);
    expect(await stockOf("CD Norte")).toEqual([["OTHER", 9]]);
  });

  it("accepts comma-separated CSV, quoted fields and a body sent without a content type", async () => {
    // Act
    const response = await importStock("CD1", 'SKU,Available\n"A,1",4\nB,"5"\n', { "content-type": "application/octet-stream" });

    // Assess
    expect(response.body).toMatchObject({ rows: 2, added: 2 });
    expect(await stockOf("CD1")).toEqual([
      ["A,1", 4],
      ["B", 5],
    ]);
  });

  it("empties the warehouse with a header-only CSV or an empty array", async () => {
    // Prepare
    await importStock("CD2", [{ sku: "A", available: 1 }, { sku: "B", available: 2 }]);

    // Act
    const response = await importStock("CD2", "sku;available\n", CSV);

    // Assess
    expect(response.body).toMatchObject({ rows: 0, added: 0, changed: 0, removed: 2 });
    expect(await stockOf("CD2")).toEqual([]);
  });

  it.each([
    ["a quantity that is not a number", "sku;available\nA;1\nB;doze\n", 'Linha 3, campo available: "doze" não é um número'],
    ["a fractional quantity", "sku;available\nA;1,5\n", "Linha 2, campo available: 1.5 não é um número inteiro de unidades"],
    ["a negative quantity", "sku;available\nA;-2\n", "Linha 2, campo available: -2 é negativo"],
    ["an empty SKU", "sku;available\nA;1\n;4\n", "Linha 3, campo sku: valor ausente"],
    ["a line with too many fields", "sku;available\nA;1\nB;2;3\n", "Linha 3: 3 campos onde o cabeçalho tem 2"],
    ["an unclosed quote", 'sku;available\nA;1\n"B;2\n', "Linha 3: um campo entre aspas não foi fechado"],
    ["a header without the quantity", "codigo;qtd\nA;1\n", "Linha 1: o cabeçalho deve nomear as colunas sku e available (ele nomeia codigo, qtd)"],
    ["a SKU given twice", "sku;available\nA;1\nB;2\nA;3\n", 'Linha 4, campo sku: "A" já foi informado (linha 2)'],
    ["JSON that is not an array", '{"sku":"A","available":1}', "O corpo JSON deve ser um array de objetos, um por linha"],
    ["a JSON item without its quantity", '[{"sku":"A","available":1},{"sku":"B"}]', "Item 2, campo available: valor ausente"],
    ["broken JSON", '[{"sku":"A",', "O corpo não é um JSON válido: envie um array JSON de objetos, ou CSV com o content type text/csv"],
    ["an empty body", "", "O corpo está vazio: envie um array JSON de linhas, ou CSV com uma linha de cabeçalho"],
  ])("refuses %s with 400 naming the line and field, writing nothing", async (_case, body, message) => {
    // Prepare
    await importStock("CD3", [{ sku: "KEEP", available: 5 }]);
    const before = await dumpTable(db.ref);

    // Act
    const response = await importStock("CD3", body, body.startsWith("[") || body.startsWith("{") ? {} : CSV);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: message });
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("writes a refused value in English on Accept-Language: en, with its code and params beside it in pt-BR by default", async () => {
    // Act
    const portuguese = await importStock("CD3", "sku;available\nA;1\nB;doze\n", CSV);
    const english = await importStock("CD3", "sku;available\nA;1\nB;doze\n", { ...CSV, "accept-language": "en" });
    const item = await importStock("CD3", '[{"sku":"A","available":-1}]', { "accept-language": "en" });

    // Assess
    expect(portuguese).toMatchObject({ statusCode: 400, headers: { "content-language": "pt-BR" }, body: { success: false, error: 'Linha 3, campo available: "doze" não é um número' } });
    expect(english).toMatchObject({ statusCode: 400, headers: { "content-language": "en" }, body: { success: false, error: 'Line 3, field available: "doze" is not a number' } });
    expect(item.body).toEqual({ success: false, error: "Item 1, field available: -1 is negative" });
  });

  it.each([
    ["sku;available\nA;1\nB;2;3\n", CSV, "Line 3: 3 fields where the header has 2"],
    ["codigo;qtd\nA;1\n", CSV, "Line 1: the header must name the columns sku and available (it names codigo, qtd)"],
    ['[{"sku":"A",', {}, "The body is not valid JSON: send a JSON array of objects, or CSV with the content type text/csv"],
  ])("writes a body it cannot read as rows in English on Accept-Language: en (%j)", async (body, headers, message) => {
    const response = await importStock("CD3", body, { ...headers, "accept-language": "en" });
    expect(response).toMatchObject({ statusCode: 400, headers: { "content-language": "en" }, body: { success: false, error: message } });
  });

  it.each([[" CD"], ["x".repeat(101)], ["a\tb"]])("refuses the warehouse name %j with 400", async (warehouse) => {
    const response = await importStock(warehouse, [{ sku: "A", available: 1 }]);
    expect(response.statusCode).toBe(400);
    expect(response.body.error).toMatch(/^O nome do depósito/);
  });

  it("refuses a body over the import limit with 413, and reads one of exactly the limit", async () => {
    // Prepare: a body of exactly 3 MiB whose second line is wrong, so reading it writes nothing either way.
    const head = "sku;available\nA;x\n";
    const atLimit = head + "B;1\n".repeat(Math.floor((IMPORT_MAX_BODY_BYTES - head.length) / 4)) + "\n".repeat((IMPORT_MAX_BODY_BYTES - head.length) % 4);
    const before = await dumpTable(db.ref);

    // Act
    const over = await importStock("CD4", `${atLimit}\n`, CSV);
    const read = await importStock("CD4", atLimit, CSV);

    // Assess
    expect(Buffer.byteLength(atLimit)).toBe(IMPORT_MAX_BODY_BYTES);
    expect(over.statusCode).toBe(413);
    expect(over.body).toEqual({ success: false, error: `Corpo da requisição maior que ${IMPORT_MAX_BODY_BYTES} bytes` });
    expect(read.statusCode).toBe(400);
    expect(read.body.error).toBe('Linha 2, campo available: "x" não é um número');
    expect(await dumpTable(db.ref)).toEqual(before);
  });

  it("answers 409 while another import of the same warehouse runs, and writes nothing", async () => {
    // Prepare
    expect(await acquireLease(db.ref, "import:local_stock:CD5", "elsewhere", 60_000)).toBe(true);
    const other = await importStock("CD6", [{ sku: "A", available: 1 }]);

    // Act
    const response = await importStock("CD5", [{ sku: "A", available: 1 }]);

    // Assess
    expect(other.statusCode).toBe(200);
    expect(response.statusCode).toBe(409);
    expect(response.body.error).toBe("Outra importação de estoque local do depósito CD5 está em andamento; tente de novo quando terminar");
    expect(await stockOf("CD5")).toEqual([]);
    await releaseLease(db.ref, "import:local_stock:CD5", "elsewhere");
  });

  it("writes 20,000 rows in batches", async () => {
    // Prepare
    const rows = Array.from({ length: 20_000 }, (_, n) => `SKU-${n};${n % 97}`);
    const body = `sku;available\n${rows.join("\n")}\n`;

    // Act
    const first = await importStock("CD Grande", body, CSV);
    const changed = await importStock("CD Grande", body.replace("\nSKU-7;7\n", "\nSKU-7;8\n").replace("\nSKU-9;9\n", "\n"), CSV);

    // Assess
    expect(first.body).toMatchObject({ rows: 20_000, added: 20_000, changed: 0, removed: 0 });
    expect(changed.body).toMatchObject({ rows: 19_999, added: 0, changed: 1, removed: 1 });
    expect((await listLocalStock(db.ref)).filter((row) => row.warehouse === "CD Grande")).toHaveLength(19_999);
  }, 120_000);
});

describe("GET /full/local-stock", () => {
  it("lists one warehouse's rows, or every row, by warehouse then SKU", async () => {
    // Prepare
    await importStock("B-CD", [{ sku: "Z", available: 1 }, { sku: "A", available: 2 }]);
    await importStock("A-CD", [{ sku: "M", available: 3 }]);

    // Act
    const one = await invoke(listLocalStockHandler, { path: "/full/local-stock", query: { warehouse: "B-CD" } });
    const all = await invoke(listLocalStockHandler, { path: "/full/local-stock" });

    // Assess
    expect(one.body).toEqual({
      success: true,
      warehouse: "B-CD",
      count: 2,
      items: [
        { sku: "A", available: 2, warehouse: "B-CD" },
        { sku: "Z", available: 1, warehouse: "B-CD" },
      ],
    });
    expect(all.body).toMatchObject({ warehouse: null, count: 3 });
    expect(all.body.items.map((row: { warehouse: string }) => row.warehouse)).toEqual(["A-CD", "B-CD", "B-CD"]);
  });
});

describe("PUT /full/costs", () => {
  const catalogue = async () =>
    load(db.ref, {
      ads: [
        ad({ id: "MLB1", sku: "MG-20", cost: null }),
        ad({ id: "MLB2", sku: "MG-20", cost: 10 }),
        ad({ id: "MLB3", sku: "RG-1", cost: 4 }),
        ad({ id: "MLB4", sku: "VS-9", cost: 2 }),
      ],
      inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "MG-20", available_qty: 10 }), inventory({ inventory_id: "INV3", ad_id: "MLB3", sku: "RG-1", available_qty: 5 })],
    });

  it("upserts costs by SKU (every ad of the SKU) from a pt-BR CSV, counts unmatched SKUs, and the overview values the stock", async () => {
    // Prepare
    await catalogue();

    // Act
    const response = await importCosts("sku;cost\nMG-20;31,50\nRG-1;1.234,56\nVS-9;2\nNOPE;5\n", CSV);
    const shown = await invoke(overview, { path: "/full/overview" });

    // Assess: MLB1 gets a cost, MLB2 and MLB3 change, MLB4 is unchanged.
    expect(response.body).toEqual({ success: true, ...RECORD, kind: "costs", warehouse: null, rows: 4, added: 1, changed: 2, removed: 0, unmatched: 1, unmatched_keys: ["NOPE"] });
    const costs = Object.fromEntries((await listAllAds(db.ref)).map((a) => [a.id, a.cost]));
    expect(costs).toEqual({ MLB1: 31.5, MLB2: 31.5, MLB3: 1234.56, MLB4: 2 });
    // 10 × 31.50 + 5 × 1,234.56
    expect(shown.body.summary.immobilized_value).toBe(6487.8);
  });

  it("takes JSON by ad_id, clears a cost with null, and leaves every other field of the ad alone", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB1", sku: "A", cost: 3, title: "Mangueira", sales_30d: 9 }), ad({ id: "MLB2", sku: "B", cost: 8 })] });

    // Act
    const response = await importCosts([{ ad_id: "MLB1", cost: "4,25" }, { ad_id: "MLB2", cost: null }]);

    // Assess
    expect(response.body).toMatchObject({ rows: 2, added: 0, changed: 1, removed: 1 });
    expect(await getAd(db.ref, "MLB1")).toMatchObject({ cost: 4.25, title: "Mangueira", sku: "A", sales_30d: 9, is_full: true });
    expect((await getAd(db.ref, "MLB2"))?.cost).toBeNull();
  });

  it.each([
    ["a negative cost", "sku,cost\nMG-20,-1\n", "Linha 2, campo cost: -1 é negativo"],
    ["a cost that is not a number", "sku;cost\nMG-20;R$ abc\n", 'Linha 2, campo cost: "R$ abc" não é um número'],
    ["both key columns", "sku;ad_id;cost\nMG-20;MLB1;1\n", "Linha 1: o cabeçalho nomeia sku e ad_id; identifique os anúncios por apenas um deles"],
    ["no key column", "codigo;cost\nMG-20;1\n", "Linha 1: o cabeçalho deve nomear as colunas sku (ou ad_id) e cost (ele nomeia codigo, cost)"],
    ["an ad named twice", "ad_id;cost\nMLB1;1\nMLB1;2\n", 'Linha 3, campo ad_id: "MLB1" já foi informado (linha 2)'],
  ])("refuses %s with 400, writing nothing", async (_case, body, message) => {
    // Prepare
    await catalogue();
    const before = await dumpTable(db.ref);

    // Act
    const response = await importCosts(body, CSV);

    // Assess
    expect(response.statusCode).toBe(400);
    expect(response.body).toEqual({ success: false, error: message });
    expect(await dumpTable(db.ref)).toEqual(before);
  });
});

describe("PUT /full/sales", () => {
  it("imports sales that win over the ledger until cleared, and replenishment uses them with the imported local stock", async () => {
    // Prepare
    await load(db.ref, {
      ads: [ad({ id: "MLB1", sku: "MG-20", title: "Mangueira" }), ad({ id: "MLB2", sku: "RG-1" })],
      inventory: [inventory({ inventory_id: "INV1", ad_id: "MLB1", sku: "MG-20", available_qty: 2 })],
    });
    await importStock("CD São Paulo", "sku;available\nMG-20;40\n", CSV);

    // Act
    const imported = await importSales("sku,sales_30d\nMG-20,60\nRG-1,\n", CSV);
    const suggested = await invoke(replenishment, { path: "/full/replenishment" });
    const cleared = await importSales([{ ad_id: "MLB1", sales_30d: null }]);

    // Assess
    expect(imported.body).toMatchObject({ kind: "sales", rows: 2, added: 1, changed: 0, removed: 0 });
    expect(suggested.body.items).toEqual([
      expect.objectContaining({
        sku: "MG-20",
        sales_30d: 60,
        full_available: 2,
        local_available: 40,
        local_warehouses: [{ warehouse: "CD São Paulo", available: 40 }],
        quantity_suggested: 40,
        status: "ready",
      }),
    ]);
    expect(cleared.body).toMatchObject({ removed: 1 });
    const mlb1 = await getAd(db.ref, "MLB1");
    expect(mlb1?.sales_30d).toBeNull();
    expect(mlb1?.sales_30d_source).toBeUndefined();
  });

  it("marks an imported figure as imported, and refuses a SKU of several Full ads", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB1", sku: "A" }), ad({ id: "MLB2", sku: "A" }), ad({ id: "MLB3", sku: "B", sales_30d: 5 })] });
    const before = await dumpTable(db.ref);

    // Act
    const refused = await importSales("sku;sales_30d\nB;6\nA;3\n", CSV);
    const tableAfterRefusal = await dumpTable(db.ref);
    const byAd = await importSales("ad_id;sales_30d\nMLB1;2\nMLB2;1\n", CSV);

    // Assess
    expect(refused.statusCode).toBe(400);
    expect(refused.body.error).toBe('Linha 3, campo sku: o SKU "A" pertence a 2 anúncios (MLB1, MLB2): informe sales_30d por ad_id');
    expect(tableAfterRefusal).toEqual(before);
    expect(byAd.body).toMatchObject({ added: 2 });
    expect(await getAd(db.ref, "MLB1")).toMatchObject({ sales_30d: 2, sales_30d_source: "import" });
  });
});

describe("GET /full/imports", () => {
  it("lists every import newest first, with its counts", async () => {
    // Prepare
    await load(db.ref, { ads: [ad({ id: "MLB1", sku: "A" })] });
    await importStock("CD1", [{ sku: "A", available: 1 }]);
    await importCosts([{ sku: "A", cost: 2 }]);
    await importCosts("sku;cost\nA;x\n", CSV);

    // Act
    const listed = await invoke(listImports, { path: "/full/imports" });
    const limited = await invoke(listImports, { path: "/full/imports", query: { limit: "1" } });
    const badLimit = await invoke(listImports, { path: "/full/imports", query: { limit: "0" } });

    // Assess: the refused request is not recorded (its answer said why).
    expect(listed.body).toEqual({
      success: true,
      imports: [
        { ...RECORD, kind: "costs", warehouse: null, rows: 1, added: 1, changed: 0, removed: 0 },
        { ...RECORD, kind: "local_stock", warehouse: "CD1", rows: 1, added: 1, changed: 0, removed: 0 },
      ],
    });
    expect(listed.body.imports[0].id > listed.body.imports[1].id).toBe(true);
    expect(limited.body.imports).toHaveLength(1);
    expect(limited.body.imports[0].kind).toBe("costs");
    expect(badLimit.statusCode).toBe(400);
    expect(badLimit.body).toEqual({ success: false, error: 'limit deve ser um número inteiro de 1 a 200, recebido "0"' });
  });
});
