import { stringify } from "csv-stringify/sync";
import { okText, type HttpResult } from "./request.js";
import { VARY_ACCEPT } from "./representation.js";

/** Comma-separated, a header row, CRLF line ends (RFC 4180); fields quoted only when needed. */
export function csvText(columns: readonly string[], rows: readonly (readonly unknown[])[]): string {
  return stringify([columns, ...rows], { record_delimiter: "windows", cast: { boolean: (value) => (value ? "true" : "false") } });
}

/** A CSV answer offered as a file download named `filename`. */
export const csvResult = (columns: readonly string[], rows: readonly (readonly unknown[])[], filename: string): HttpResult =>
  okText(csvText(columns, rows), "text/csv; charset=utf-8", { ...VARY_ACCEPT, "content-disposition": `attachment; filename="${filename}"` });
