import { safeCsvText } from "@fulfillment/core/csv-safety";
import { CSV_CONTENT_TYPE, okText, type TextResult } from "./request.js";
import { VARY_ACCEPT } from "./representation.js";

/**
 * Comma-separated, a header row, CRLF line ends (RFC 4180); fields quoted only when needed. Text
 * cells that a spreadsheet would run as a formula open as text (the core's CSV-injection rule);
 * numbers stay numbers.
 */
export async function csvText(columns: readonly string[], rows: readonly (readonly unknown[])[]): Promise<string> {
  // Loaded on the first CSV answer only: JSON answers start without it.
  const { stringify } = await import("csv-stringify/sync");
  return stringify([columns, ...rows], { record_delimiter: "windows", cast: { string: safeCsvText } });
}

/** A CSV answer offered as a file download named `filename`. */
export const csvResult = async (columns: readonly string[], rows: readonly (readonly unknown[])[], filename: string): Promise<TextResult<200, typeof CSV_CONTENT_TYPE>> =>
  okText(await csvText(columns, rows), CSV_CONTENT_TYPE, { ...VARY_ACCEPT, "content-disposition": `attachment; filename="${filename}"` });
