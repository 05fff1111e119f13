/**
 * Import bodies as rows: a JSON array of objects, or CSV with a header row (`;` or `,` or tab
 * separated, BOM and CRLF accepted). Every row keeps where it came from ("Line 4", "Item 2") so a
 * refusal can name it. The whole body is parsed before anything is looked up or written.
 */
import { CsvError, parse } from "csv-parse/sync";
import { InvalidInputError } from "../../errors.js";
import { explain, type Explanation } from "../../error-texts.js";

export interface RawRow {
  /** "Line N" (the CSV header is line 1) or "Item N" (JSON, first item 1). */
  where: string;
  values: Record<string, unknown>;
}

export interface RawRows {
  format: "csv" | "json";
  /** Column names: the CSV header (lower case), or every key the JSON items use. */
  columns: string[];
  rows: RawRow[];
}

/** How to read a body: by its content type, else by its first character. */
export function formatOf(body: string, contentType: string | undefined): "csv" | "json" {
  const type = (contentType ?? "").toLowerCase();
  if (/csv|text\/plain|tab-separated/.test(type)) return "csv";
  if (type.includes("json")) return "json";
  return /^\s*[[{]/.test(body.replace(/^\uFEFF/, "")) ? "json" : "csv";
}

/** The separator the header row uses. */
function delimiterOf(text: string): string {
  const header = text.replace(/^\uFEFF/, "").split(/\r?\n/, 1)[0] ?? "";
  if (header.includes(";")) return ";";
  if (header.includes("\t")) return "\t";
  return ",";
}

function csvProblem(error: CsvError, columns: number): Explanation {
  const line = (error as CsvError & { lines?: number }).lines;
  const where = line ? `Line ${line}` : "The CSV";
  switch (error.code) {
    case "CSV_RECORD_INCONSISTENT_COLUMNS":
    case "CSV_RECORD_INCONSISTENT_FIELDS_LENGTH": {
      const found = (error as CsvError & { record?: unknown[] }).record?.length;
      return explain("import_field_count", { where, found: found ?? null, columns });
    }
    case "CSV_QUOTE_NOT_CLOSED":
      return explain("import_quote_not_closed", { where });
    case "CSV_INVALID_CLOSING_QUOTE":
    case "INVALID_OPENING_QUOTE":
      return explain("import_stray_quote", { where });
    default:
      return explain("import_csv_unreadable", { where, detail: error.message });
  }
}

function parseCsv(text: string): RawRows {
  const delimiter = delimiterOf(text);
  let columns: string[] = [];
  try {
    const records = parse(text, {
      bom: true,
      delimiter,
      trim: true,
      skip_empty_lines: true,
      columns: (header: string[]) => {
        columns = header.map((name) => name.trim().toLowerCase());
        const repeated = columns.find((name, i) => name !== "" && columns.indexOf(name) !== i);
        if (repeated) throw new InvalidInputError(explain("import_column_twice", { column: repeated }));
        return columns;
      },
      on_record: (record: Record<string, string>, context) => ({ record, line: context.lines }),
    }) as unknown as { record: Record<string, string>; line: number }[];
    return { format: "csv", columns, rows: records.map(({ record, line }) => ({ where: `Line ${line}`, values: record })) };
  } catch (error) {
    if (error instanceof CsvError) throw new InvalidInputError(csvProblem(error, columns.length));
    throw error;
  }
}

function parseJson(text: string): RawRows {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new InvalidInputError(explain("import_not_json"));
  }
  if (!Array.isArray(value)) throw new InvalidInputError(explain("import_not_array"));
  const columns = new Set<string>();
  const rows = value.map((item, index): RawRow => {
    const where = `Item ${index + 1}`;
    if (typeof item !== "object" || item === null || Array.isArray(item)) throw new InvalidInputError(explain("import_item_not_object", { where, got: Array.isArray(item) ? "a list" : item === null ? "null" : typeof item }));
    for (const key of Object.keys(item)) columns.add(key);
    return { where, values: item as Record<string, unknown> };
  });
  return { format: "json", columns: [...columns], rows };
}

/** The rows of an import body; a body that is neither JSON nor CSV is refused, naming where it breaks. */
export function parseImportBody(body: string | undefined, contentType: string | undefined): RawRows {
  if (body === undefined || body.trim() === "") {
    throw new InvalidInputError(explain("import_empty_body"));
  }
  return formatOf(body, contentType) === "json" ? parseJson(body) : parseCsv(body);
}
