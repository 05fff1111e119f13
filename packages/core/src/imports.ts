/**
 * Imports of local stock, unit costs and 30-day sales: the value rules (pt-BR numbers, whole
 * units) and the plans that say what an import adds, changes and removes. Pure: the caller reads
 * the stored records, hands them in, and writes the plan.
 */
import { message, render, type Message } from "./messages/index.js";
import type { Ad, LocalStockRow } from "./records.js";

export type ImportKind = "local_stock" | "costs" | "sales";
export type ImportSource = "api" | "file";

/** One import, by API or file, as recorded and listed by GET /full/imports. */
export interface ImportRecord {
  id: string;
  source: ImportSource;
  kind: ImportKind;
  /** The warehouse of a local stock import; null for the others. */
  warehouse: string | null;
  /** Rows in the body or file. */
  rows: number;
  added: number;
  changed: number;
  removed: number;
  /** Rows naming an ad or SKU no stored ad has (a local stock row: a SKU no ad has). */
  unmatched: number;
  /** The first of those keys (at most 20), to show which. */
  unmatched_keys: string[];
  /** Why the import wrote nothing; null when it succeeded. */
  error: string | null;
  /** ISO 8601 instant the import finished. */
  at: string;
  /** Object key of a file import; null for the API. */
  file: string | null;
  /** Who ran it through the API (http/actor.ts); null for a dropped file. */
  actor: string | null;
  /** API Gateway's id of the request that ran it; null for a dropped file. */
  request_id: string | null;
}

/** A value of an import row that cannot be used; `where` names the line (CSV) or item (JSON). `explanation` is what the answer says, in the reader's language. */
export class ImportValueError extends Error {
  readonly where: string;
  readonly field: string;

  constructor(readonly explanation: Message) {
    super(render(explanation, "en"));
    this.name = "ImportValueError";
    this.where = String(explanation.params.where);
    this.field = String(explanation.params.field);
  }
}

export const MAX_KEY_LENGTH = 255;
export const MAX_WAREHOUSE_LENGTH = 100;
/** Above any real unit cost; keeps numbers exact in storage. */
export const MAX_COST = 1e9;
export const MAX_UNITS = 1e9;

const show = (value: unknown): string => (typeof value === "string" ? JSON.stringify(value) : String(value));

/**
 * A number written as people write it: "1234", "1234.5", "12,5", "1.234,56", "1,234.56", "-3".
 * With both separators the last one is the decimal mark; a lone comma is a decimal comma
 * (pt-BR); a lone dot followed by groups of exactly three digits ("1.234", "12.345.678", but
 * not "0.500") is a thousands separator, any other lone dot a decimal point. Undefined when it is not a number.
 */
export function parseDecimal(text: string): number | undefined {
  let t = text.trim().replace(/^R\$\s*/i, "").replace(/[\s\u00a0]/g, "");
  if (!/^[+-]?[\d.,]*\d[\d.,]*$/.test(t)) return undefined;
  const lastComma = t.lastIndexOf(",");
  const lastDot = t.lastIndexOf(".");
  if (lastComma >= 0 && lastDot >= 0) {
    const [decimal, group] = lastComma > lastDot ? [",", "\\."] : ["\\.", ","];
    const match = new RegExp(`^([+-]?(?:0|[1-9]\\d{0,2}(?:${group}\\d{3})*))${decimal}(\\d+)$`).exec(t);
    if (!match) return undefined;
    t = `${match[1]!.replace(/[.,]/g, "")}.${match[2]}`;
  } else if (lastComma >= 0) {
    const match = /^([+-]?\d+),(\d+)$/.exec(t);
    if (!match) return undefined;
    t = `${match[1]}.${match[2]}`;
  } else if (/^[+-]?[1-9]\d{0,2}(\.\d{3})+$/.test(t)) {
    t = t.replace(/\./g, "");
  } else if (lastDot >= 0 && !/^[+-]?\d+\.\d+$/.test(t)) {
    return undefined;
  }
  const value = Number(t);
  return Number.isFinite(value) ? value + 0 : undefined;
}

/** A number from a JSON number or a text; `undefined` for an empty cell or null. */
function numberOf(value: unknown, where: string, field: string): number | undefined {
  if (value === null || value === undefined || (typeof value === "string" && value.trim() === "")) return undefined;
  if (typeof value === "number") {
    if (!Number.isFinite(value)) throw new ImportValueError(message("import_not_a_number", { where, field, value: show(value) }));
    return value;
  }
  if (typeof value !== "string") throw new ImportValueError(message("import_expected_number", { where, field, got: Array.isArray(value) ? "a list" : typeof value }));
  const parsed = parseDecimal(value);
  if (parsed === undefined) throw new ImportValueError(message("import_not_a_number", { where, field, value: show(value) }));
  return parsed;
}

function wholeUnits(value: number, where: string, field: string): number {
  if (!Number.isInteger(value)) throw new ImportValueError(message("import_not_whole_units", { where, field, value }));
  if (value < 0) throw new ImportValueError(message("import_negative", { where, field, value }));
  if (value > MAX_UNITS) throw new ImportValueError(message("import_over_units", { where, field, value, max: MAX_UNITS }));
  return value;
}

/** Units available in a warehouse: a whole number, 0 or more; required. */
export function readQuantity(value: unknown, where: string, field = "available"): number {
  const number = numberOf(value, where, field);
  if (number === undefined) throw new ImportValueError(message("import_missing_value", { where, field }));
  return wholeUnits(number, where, field);
}

/** A unit cost: 0 or more; an empty cell or null clears the stored cost. */
export function readCost(value: unknown, where: string, field = "cost"): number | null {
  const number = numberOf(value, where, field);
  if (number === undefined) return null;
  if (number < 0) throw new ImportValueError(message("import_negative", { where, field, value: number }));
  if (number > MAX_COST) throw new ImportValueError(message("import_over_max", { where, field, value: number, max: MAX_COST }));
  return number;
}

/** Units sold in 30 days: a whole number, 0 or more; an empty cell or null clears the imported value. */
export function readSales(value: unknown, where: string, field = "sales_30d"): number | null {
  const number = numberOf(value, where, field);
  return number === undefined ? null : wholeUnits(number, where, field);
}

/** A SKU or ad id: text (a JSON number is taken as its digits), not empty, not too long. */
export function readKey(value: unknown, where: string, field: string): string {
  const text = typeof value === "number" && Number.isInteger(value) ? String(value) : typeof value === "string" ? value.trim() : undefined;
  if (text === undefined) throw new ImportValueError(value === null || value === undefined ? message("import_missing_value", { where, field }) : message("import_expected_text", { where, field, got: typeof value }));
  if (text === "") throw new ImportValueError(message("import_missing_value", { where, field }));
  if (text.length > MAX_KEY_LENGTH) throw new ImportValueError(message("import_too_long", { where, field, max: MAX_KEY_LENGTH }));
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(text)) throw new ImportValueError(message("import_control_characters", { where, field }));
  return text;
}

/** Why a warehouse name cannot be used, or undefined when it can. */
export function warehouseProblem(name: string): Message | undefined {
  if (name.trim() === "") return message("import_warehouse_empty");
  if (name !== name.trim()) return message("import_warehouse_spaces");
  if (name.length > MAX_WAREHOUSE_LENGTH) return message("import_warehouse_too_long", { max: MAX_WAREHOUSE_LENGTH });
  // eslint-disable-next-line no-control-regex
  if (/[\u0000-\u001f\u007f]/.test(name)) return message("import_warehouse_control_characters");
  return undefined;
}

// ---------------------------------------------------------------------------
// Local stock: a warehouse's rows are replaced as a whole

export interface StockRowInput {
  where: string;
  sku: string;
  available: number;
}

export interface LocalStockPlan {
  /** Rows to write: the new and the changed ones. */
  put: LocalStockRow[];
  /** Stored rows of the warehouse the body no longer names. */
  remove: LocalStockRow[];
  added: number;
  changed: number;
  removed: number;
}

/** Refuses a key given twice, naming the row that repeats it and the row that gave it first. */
function refuseRepeats<T extends { where: string }>(rows: readonly T[], keyOf: (row: T) => [field: string, key: string]): void {
  const first = new Map<string, string>();
  for (const row of rows) {
    const [field, key] = keyOf(row);
    const earlier = first.get(`${field}\u0000${key}`);
    if (earlier !== undefined) throw new ImportValueError(message("import_already_given", { where: row.where, field, value: show(key), earlier: earlier.toLowerCase() }));
    first.set(`${field}\u0000${key}`, row.where);
  }
}

/** What replacing `warehouse`'s rows with `incoming` writes; rows equal to the stored ones are left alone. */
export function planLocalStock(warehouse: string, current: readonly LocalStockRow[], incoming: readonly StockRowInput[]): LocalStockPlan {
  refuseRepeats(incoming, (row) => ["sku", row.sku]);
  const stored = new Map(current.filter((row) => (row.warehouse ?? "") === warehouse).map((row) => [row.sku, row]));
  const plan: LocalStockPlan = { put: [], remove: [], added: 0, changed: 0, removed: 0 };
  const named = new Set<string>();
  for (const row of incoming) {
    named.add(row.sku);
    const before = stored.get(row.sku);
    if (before && before.available === row.available) continue;
    plan.put.push({ sku: row.sku, available: row.available, warehouse });
    if (before) plan.changed++;
    else plan.added++;
  }
  for (const [sku, row] of stored) {
    if (named.has(sku)) continue;
    plan.remove.push(row);
    plan.removed++;
  }
  return plan;
}

/** The SKUs of a stock file that no stored ad has, in file order (stored anyway: the ad may come later). */
export function unmatchedStockSkus(incoming: readonly Pick<StockRowInput, "sku">[], ads: readonly Pick<Ad, "sku">[]): string[] {
  const known = new Set(ads.map((ad) => ad.sku).filter((sku): sku is string => typeof sku === "string"));
  return incoming.map((row) => row.sku).filter((sku) => !known.has(sku));
}

// ---------------------------------------------------------------------------
// Costs and sales: values upserted onto the ads

export type AdValueKind = "costs" | "sales";

export interface AdValueInput {
  where: string;
  /** The ad is named by its id or by its SKU (then every ad of the SKU for costs). */
  key: { ad_id: string } | { sku: string };
  /** null clears the stored value. */
  value: number | null;
}

export interface AdValueChange {
  adId: string;
  /** The new value; null clears it. */
  value: number | null;
}

export interface AdValuePlan {
  changes: AdValueChange[];
  added: number;
  changed: number;
  removed: number;
  /** Keys no stored ad has, as written (ad ids or SKUs). */
  unmatched: string[];
}

/** The imported value an ad holds now: its cost, or its sales_30d only when it came from an import. */
function importedValue(kind: AdValueKind, ad: Ad): number | null {
  if (kind === "costs") return ad.cost ?? null;
  return ad.sales_30d_source === "ledger" ? null : (ad.sales_30d ?? null);
}

/** The ads a row names. Sales of a SKU go to its one ad (its one Full ad when it has several): a sum over ads must not count them twice. */
function targetsOf(kind: AdValueKind, row: AdValueInput, byId: Map<string, Ad>, bySku: Map<string, Ad[]>): Ad[] {
  if ("ad_id" in row.key) {
    const ad = byId.get(row.key.ad_id);
    return ad ? [ad] : [];
  }
  const ads = bySku.get(row.key.sku) ?? [];
  if (kind === "costs" || ads.length <= 1) return ads;
  const full = ads.filter((ad) => ad.is_full === true);
  if (full.length === 1) return full;
  const ids = (full.length > 0 ? full : ads).map((ad) => ad.id).sort();
  throw new ImportValueError(message("import_sku_of_many_ads", { where: row.where, field: "sku", sku: show(row.key.sku), count: ids.length, ads: ids.join(", ") }));
}

/** What upserting the rows' values onto the ads changes; an ad named twice is refused. */
export function planAdValues(kind: AdValueKind, ads: readonly Ad[], rows: readonly AdValueInput[]): AdValuePlan {
  refuseRepeats(rows, (row) => ("ad_id" in row.key ? ["ad_id", row.key.ad_id] : ["sku", row.key.sku]));
  const byId = new Map(ads.map((ad) => [ad.id, ad]));
  const bySku = new Map<string, Ad[]>();
  for (const ad of ads) if (ad.sku) bySku.set(ad.sku, [...(bySku.get(ad.sku) ?? []), ad]);

  const plan: AdValuePlan = { changes: [], added: 0, changed: 0, removed: 0, unmatched: [] };
  const setBy = new Map<string, string>();
  for (const row of rows) {
    const targets = targetsOf(kind, row, byId, bySku);
    if (targets.length === 0) {
      plan.unmatched.push("ad_id" in row.key ? row.key.ad_id : row.key.sku);
      continue;
    }
    for (const ad of targets) {
      const earlier = setBy.get(ad.id);
      if (earlier !== undefined) throw new ImportValueError(message("import_ad_valued_twice", { where: row.where, field: "ad_id" in row.key ? "ad_id" : "sku", ad_id: ad.id, earlier: earlier.toLowerCase() }));
      setBy.set(ad.id, row.where);
      const before = importedValue(kind, ad);
      if (row.value === null) {
        if (before === null) continue;
        plan.removed++;
      } else if (before === null) {
        plan.added++;
      } else if (before === row.value) {
        continue;
      } else {
        plan.changed++;
      }
      plan.changes.push({ adId: ad.id, value: row.value });
    }
  }
  return plan;
}
