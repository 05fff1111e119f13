/** Typed rows of each import kind from the raw rows of a body, whole body or nothing. */
import { Imports, Messages } from "@fulfillment/core";
import { InvalidInputError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import type { RawRows } from "./parse.js";

/** The column that carries each kind's value. */
export const VALUE_COLUMN = { local_stock: "available", costs: "cost", sales: "sales_30d" } as const;

function requireColumns(raw: RawRows, wanted: string[]): void {
  if (raw.format !== "csv") return;
  const missing = wanted.filter((name) => !raw.columns.includes(name));
  if (missing.length > 0) {
    throw new InvalidInputError(explain("import_header_missing", { missing, names: raw.columns.filter(Boolean) }));
  }
}

/** Rows of a local stock import: `sku` and `available` on every row. */
export function localStockRows(raw: RawRows): Imports.StockRowInput[] {
  requireColumns(raw, ["sku", "available"]);
  return raw.rows.map(({ where, values }) => ({
    where,
    sku: Imports.readKey(values.sku, where, "sku"),
    available: Imports.readQuantity(values.available, where),
  }));
}

/** The key column of a CSV of costs or sales: ad_id or sku, not both. */
function csvKeyColumn(raw: RawRows, valueColumn: string): "ad_id" | "sku" {
  const hasAd = raw.columns.includes("ad_id");
  const hasSku = raw.columns.includes("sku");
  if (hasAd && hasSku) throw new InvalidInputError(explain("import_header_both_keys"));
  if (!hasAd && !hasSku) {
    throw new InvalidInputError(explain("import_header_key_missing", { value_column: valueColumn, names: raw.columns.filter(Boolean) }));
  }
  return hasAd ? "ad_id" : "sku";
}

/** Rows of a costs or sales import: each names an ad by `ad_id` or by `sku`; an empty value clears it. */
export function adValueRows(raw: RawRows, kind: Imports.AdValueKind): Imports.AdValueInput[] {
  const valueColumn = VALUE_COLUMN[kind];
  const read = kind === "costs" ? Imports.readCost : Imports.readSales;
  requireColumns(raw, [valueColumn]);
  const csvKey = raw.format === "csv" ? csvKeyColumn(raw, valueColumn) : undefined;
  return raw.rows.map(({ where, values }) => {
    const present = (name: string) => values[name] !== undefined && values[name] !== null;
    if (!csvKey && present("ad_id") && present("sku")) throw new Imports.ImportValueError(Messages.message("import_both_keys", { where, field: "ad_id" }));
    const keyColumn = csvKey ?? (present("ad_id") ? "ad_id" : "sku");
    // In JSON a missing value is a mistake; null (or an empty CSV cell) clears the stored one.
    if (raw.format === "json" && !(valueColumn in values)) throw new Imports.ImportValueError(Messages.message("import_missing_nullable", { where, field: valueColumn }));
    const key = Imports.readKey(values[keyColumn], where, keyColumn);
    return { where, key: keyColumn === "ad_id" ? { ad_id: key } : { sku: key }, value: read(values[valueColumn], where) };
  });
}
