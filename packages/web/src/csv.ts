/**
 * CSV files as spreadsheets in Brazil open them: UTF-8 with a byte-order mark, ";" between
 * fields (the comma is the decimal separator), CRLF line ends, decimals with a comma.
 * Headers are the API's field names, so a file lines up with the API's rows.
 */
import { safeCsvText } from "@fulfillment/core/csv-safety";

export type CsvValue = string | number | boolean | null | undefined;

export interface CsvColumn<Row> {
  header: string;
  value: (row: Row) => CsvValue;
}

const DELIMITER = ";";
const NEEDS_QUOTES = /[";\r\n]|^\s|\s$/;

export function csvCell(value: CsvValue): string {
  if (value === null || value === undefined) return "";
  if (typeof value === "number") return Number.isFinite(value) ? String(value).replace(".", ",") : "";
  if (typeof value === "boolean") return value ? "true" : "false";
  // The API's CSV-injection rule: a text cell that would run as a formula opens as text; numbers stay numbers.
  const text = safeCsvText(value);
  return NEEDS_QUOTES.test(text) ? `"${text.replace(/"/g, '""')}"` : text;
}

export function toCsv<Row>(columns: readonly CsvColumn<Row>[], rows: readonly Row[]): string {
  const lines = [columns.map((column) => csvCell(column.header)).join(DELIMITER)];
  for (const row of rows) lines.push(columns.map((column) => csvCell(column.value(row))).join(DELIMITER));
  return `\uFEFF${lines.join("\r\n")}\r\n`;
}

/** Columns that copy the named fields of each row as they are. */
export function fieldColumns<Row>(fields: readonly (keyof Row & string)[]): CsvColumn<Row>[] {
  return fields.map((field) => ({ header: field, value: (row: Row) => row[field] as CsvValue }));
}

/**
 * `columns`, led with every account at once ("Todas as contas") by the row's account: its id
 * (`seller_id`, as the API's CSV starts) and the name the console shows for it. `rowSeller` is
 * undefined when one account is shown: the columns are then as they are.
 */
export function sellerColumns<Row>(
  rowSeller: ((sellerId: string | undefined) => string) | undefined,
  sellerOf: (row: Row) => string | undefined,
  columns: readonly CsvColumn<Row>[],
): readonly CsvColumn<Row>[] {
  if (!rowSeller) return columns;
  return [
    { header: "seller_id", value: (row) => sellerOf(row) },
    { header: "seller_nickname", value: (row) => rowSeller(sellerOf(row)) },
    ...columns,
  ];
}
