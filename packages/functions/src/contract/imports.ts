/** The HTTP contract of the import endpoints: the request schema each handler parses with, and its answers. */
import * as z from "zod/mini";
import { Imports } from "@fulfillment/core";
import { IMPORT_MAX_BODY_BYTES } from "../routes.js";
import { InvalidInputError } from "../errors.js";
import { issueText } from "../error-texts.js";
import { type Agrees, type Checked, common, count, described, endpoint, failure, integer, isoDateTime, named, nullableText, ok, succeeded, text, UNEXPECTED, wholeNumberQuery, bounded, id, list, nullableId, whole } from "./schema.js";
import { boundRefusal, LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// Imports

export const WarehousePath = z.object({
  warehouse: described(
    `The local warehouse whose rows the body replaces (1 to ${Imports.MAX_WAREHOUSE_LENGTH} characters)`,
    // The import's own rule says why a name cannot be used (core/imports.ts).
    z.string().check(z.maxLength(Imports.MAX_WAREHOUSE_LENGTH, { error: (issue) => issueText(Imports.warehouseProblem(String(issue.input))!) })),
  ),
});

const importKind = described("local_stock, costs or sales", z.enum(["local_stock", "costs", "sales"]));

/** The unmatched keys an import record lists (services/imports). */
const UNMATCHED_KEYS = 20;
/** An S3 object key is at most 1,024 bytes. */
const OBJECT_KEY_CHARS = 1024;

export const ImportRecordSchema = named(
  "ImportRecord",
  "One import, by API (PUT) or file (the import bucket)",
  z.object({
    id: id("Sortable id: the instant and a random suffix"),
    source: described("api or file", z.enum(["api", "file"])),
    kind: importKind,
    warehouse: nullableText("The warehouse of a local stock import; null for costs and sales", LIMITS.nameChars),
    rows: count("Rows in the body or file"),
    added: count("Rows (local stock) or ad values (costs, sales) that did not exist before"),
    changed: count("Rows or ad values that held another value"),
    removed: count("Local stock rows of the warehouse the body no longer names, or ad values cleared by an empty value"),
    unmatched: count("Rows naming a SKU or ad id no stored ad has (costs and sales: not written; local stock: stored all the same, a SKU no ad has yet or a mistyped one)"),
    unmatched_keys: described("The first 20 of those SKUs or ad ids", list(bounded(LIMITS.skuChars), UNMATCHED_KEYS)),
    error: nullableText("Why a file import wrote nothing; null when the import succeeded"),
    at: isoDateTime("When the import finished (ISO 8601)"),
    file: nullableText("The object key of a file import; null for the API", OBJECT_KEY_CHARS),
    actor: nullableText("Who ran it through the API: a person (\"<email> (<sub>)\"), a machine client (\"client <id>\"), an IAM caller's ARN, or local; null for a dropped file"),
    request_id: nullableId("API Gateway's id of the request that ran it; null for a dropped file"),
  }),
);

export const ImportResponse = named(
  "ImportResponse",
  "The import was written and recorded: how many rows it added, changed and removed",
  succeeded({
    ...ImportRecordSchema.shape,
  }),
);

/** GET /full/imports: how many imports by default, and at most. */
export const DEFAULT_IMPORTS_LIMIT = 50;
export const MAX_IMPORTS_LIMIT = 200;

export const ImportsQuery = z.object({
  limit: wholeNumberQuery("limit", { min: 1, max: MAX_IMPORTS_LIMIT, fallback: DEFAULT_IMPORTS_LIMIT }, "How many imports, newest first; anything else is refused (400)"),
});

export const ImportsResponse = named(
  "ImportsResponse",
  "Imports, newest first (kept 400 days)",
  succeeded({ imports: list(ImportRecordSchema, MAX_IMPORTS_LIMIT) }),
);

export const LocalStockQuery = z.object({
  warehouse: described("Only this warehouse's rows; every row when absent", z.optional(bounded(Imports.MAX_WAREHOUSE_LENGTH))),
});

const LocalStockRowSchema = named(
  "LocalStockRow",
  "Units of a SKU in a local warehouse",
  z.object({ sku: text("SKU", LIMITS.skuChars), available: integer("Units available"), warehouse: nullableText("Warehouse; null for a row loaded without one", LIMITS.nameChars) }),
);

export const LocalStockResponse = named(
  "LocalStockResponse",
  "Local stock rows by warehouse, then SKU",
  succeeded({
    warehouse: nullableText("The warehouse asked for; null when every row is listed"),
    count: count("Number of rows"),
    items: list(LocalStockRowSchema, LIMITS.catalogueItems),
  }),
);

// A value of the wrong JSON type; the rules of the value itself are core/imports.ts.
const typeOf = (input: unknown): string => (Array.isArray(input) ? "a list" : typeof input);
const valueRefused = { error: (issue: { input?: unknown }) => `expected a number or text, got ${typeOf(issue.input)}` };
const keyRefused = { error: (issue: { input?: unknown }) => `expected text, got ${typeOf(issue.input)}` };

/** A SKU or ad id as text: core/imports.ts takes up to MAX_KEY_LENGTH characters. */
const key = bounded(Imports.MAX_KEY_LENGTH);
/** A number written out, in either notation. */
const NUMBER_CHARS = 64;

const keyOf = {
  sku: described(
    "SKU: the value goes to every ad of the SKU (costs), or to its one ad, else its one Full ad (sales)",
    z.optional(z.union([key, whole(0, LIMITS.safeIntegerMax), z.null()], keyRefused)),
  ),
  ad_id: described("Ad id, instead of sku", z.optional(z.union([key, whole(0, LIMITS.safeIntegerMax), z.null()], keyRefused))),
};
const decimalText = described("A number, or text in pt-BR (12,50 or 1.234,56) or English (1234.56) notation", z.union([z.number(), bounded(NUMBER_CHARS)], valueRefused));

// The JSON form of an import body; the rules of each value (and the CSV form) are core/imports.ts, which names the line or item at fault.
const rowsOf = (rows: z.ZodMiniType) => z.pipe(z.transform((body: unknown): unknown => (Array.isArray(body) ? body : undefined)), z.optional(rows));

export const LocalStockImportBody = named(
  "LocalStockImportBody",
  "The warehouse's rows, replacing the stored ones as a whole",
  list(
    z.looseObject({
      sku: described("SKU (text, or a whole number taken as its digits); required", z.optional(z.union([key, whole(0, LIMITS.safeIntegerMax), z.null()], keyRefused))),
      available: described(
        "Units available: a whole number, 0 or more (text in pt-BR or English notation too); required",
        z.optional(z.union([z.number(), bounded(NUMBER_CHARS), z.null()], valueRefused)),
      ),
    }),
    LIMITS.importRows,
  ),
);

export const CostsImportBody = named(
  "CostsImportBody",
  "Unit costs by sku or ad_id; null clears a stored cost",
  list(z.looseObject({ ...keyOf, cost: described("Unit cost, 0 or more; null or empty clears it", z.optional(z.nullable(decimalText))) }), LIMITS.importRows),
);

export const SalesImportBody = named(
  "SalesImportBody",
  "Units sold in the last 30 days by sku or ad_id; null clears the imported figure (the sync's ledger figure then applies)",
  list(z.looseObject({ ...keyOf, sales_30d: described("Whole units, 0 or more; null or empty clears it", z.optional(z.nullable(decimalText))) }), LIMITS.importRows),
);

/** A JSON item the body schema refuses, named as the import rules name it. */
function importRefusal(issue: z.core.$ZodIssue): Error {
  const [part, index, field] = issue.path;
  if (part !== "body" || typeof index !== "number" || boundRefusal(issue)) return new InvalidInputError(issue.message);
  const where = `Item ${index + 1}`;
  return new InvalidInputError(field === undefined ? `${where}: expected an object` : `${where}, field ${String(field)}: ${issue.message}`);
}

// The core's import record, checked against its schema both ways.
export type ImportAnswers = Checked<[Agrees<typeof ImportRecordSchema, Imports.ImportRecord>]>;

// ---------------------------------------------------------------------------
// Endpoints

/** What an import answers: written and recorded, a refused body, or another import of the same data under way. */
const importAnswers = (refused: string, running: string) => ({
  200: ok(ImportResponse, "Written and recorded"),
  400: failure(refused),
  409: failure(`Another import of ${running} is running`),
  ...common(UNEXPECTED, IMPORT_MAX_BODY_BYTES),
});

export const importLocalStock = endpoint(
  "importLocalStock",
  { path: WarehousePath, body: rowsOf(LocalStockImportBody) },
  {
    refusal: importRefusal,
    tag: "Imports",
    summary: "Replace a warehouse's local stock",
    description: `The body's rows replace the warehouse's rows as a whole: rows it does not name are removed. A JSON array of {sku, available}, or CSV (content type text/csv) with the header sku;available or sku,available, pt-BR numbers accepted. The whole body is checked first: an invalid one answers 400 naming the line (CSV, the header is line 1) or item (JSON) and the field, and nothing is written. Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    body: { description: "The warehouse's rows", required: true, csv: "sku;available\nMG-20;120\nRG-1;1.200\n" },
    responses: importAnswers("An invalid body (names the line or item and the field) or warehouse name; nothing was written", "this warehouse"),
  },
);

export const listLocalStock = endpoint(
  "listLocalStock",
  { query: LocalStockQuery },
  {
    tag: "Imports",
    summary: "Local stock rows",
    description: "The local stock rows, of one warehouse when named.",
    responses: { 200: ok(LocalStockResponse, "The rows"), ...common() },
  },
);

export const importCosts = endpoint(
  "importCosts",
  { body: rowsOf(CostsImportBody) },
  {
    refusal: importRefusal,
    tag: "Imports",
    summary: "Import unit costs",
    description: `Upserts unit costs onto the ads: a JSON array of {sku, cost} or {ad_id, cost}, or CSV with the header sku,cost or ad_id,cost (; or , separated, pt-BR decimals accepted). A SKU's cost goes to every ad of the SKU; an empty cost (null) clears it. Rows naming no stored ad are counted as unmatched. Whole body checked first: an invalid one answers 400 naming the line and field, nothing written. The sync never overwrites a cost. Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    body: { description: "Costs by sku or ad_id", required: true, csv: "sku;cost\nMG-20;31,50\nRG-1;1.234,56\n" },
    responses: importAnswers("An invalid body: names the line or item and the field; nothing was written", "costs"),
  },
);

export const importSales = endpoint(
  "importSales",
  { body: rowsOf(SalesImportBody) },
  {
    refusal: importRefusal,
    tag: "Imports",
    summary: "Import 30-day sales",
    description: `Sets sales_30d on the ads, as PUT /full/costs does with costs (column sales_30d, whole units). A SKU's figure goes to its one ad, or its one Full ad; a SKU of several Full ads is refused (give them by ad_id). An imported figure wins over the one the sync derives from the fulfillment ledger until it is cleared with an empty value (null). Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    body: { description: "30-day sales by sku or ad_id", required: true, csv: "ad_id,sales_30d\nMLB3270770831,42\n" },
    responses: importAnswers("An invalid body: names the line or item and the field; nothing was written", "sales"),
  },
);

export const listImports = endpoint(
  "listImports",
  { query: ImportsQuery },
  {
    tag: "Imports",
    summary: "Imports, by API and file",
    description: "The newest imports first: local stock, costs and sales, by API (PUT) or by file dropped in the import bucket, with their counts and, for a refused file, the error.",
    responses: { 200: ok(ImportsResponse, "The imports"), 400: failure("limit is not a whole number from 1 to 200"), ...common() },
  },
);
