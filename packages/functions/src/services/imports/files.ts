/**
 * Imports by file: a CSV dropped in the import bucket runs the same import as the PUT routes.
 * `costs.csv` and `sales.csv` at the top, `local-stock/<warehouse>.csv` per warehouse.
 */
import { Imports } from "@fulfillment/core";
import { explain } from "../../error-texts.js";
import { InvalidInputError } from "../../errors.js";
import type { TableRef } from "#storage/client";
import { recordFailedImport, runImport } from "./run.js";

/** Larger files are refused (about 400,000 rows): the import runs in one function's memory and time. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export interface FileTarget {
  kind: Imports.ImportKind;
  warehouse?: string;
}

/** What an object key imports; undefined for a key that names no import. */
export function importTargetOf(key: string): FileTarget | undefined {
  if (key === "costs.csv") return { kind: "costs" };
  if (key === "sales.csv") return { kind: "sales" };
  const match = /^local-stock\/([^/]+)\.csv$/.exec(key);
  return match ? { kind: "local_stock", warehouse: match[1]! } : undefined;
}

/** UTF-8 when the bytes are; else Windows-1252, the encoding spreadsheets in Brazil save CSV in. */
export function decodeCsv(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/**
 * Imports one file. A refused file is recorded with its error (nobody reads an answer); a
 * failure worth retrying (another import running, storage) is thrown for the invocation to retry.
 */
export async function importFile(
  ref: TableRef,
  file: { key: string; size: number; read: () => Promise<Uint8Array> },
  now = new Date(),
): Promise<Imports.ImportRecord> {
  const target = importTargetOf(file.key);
  if (!target) throw new InvalidInputError(explain("import_file_unknown", { key: file.key }));
  const request = { ...target, source: "file" as const, file: file.key, now };
  // The size is checked before the file is read.
  if (file.size > IMPORT_FILE_MAX_BYTES) {
    return recordFailedImport(ref, request, `The file has ${file.size} bytes, more than the ${IMPORT_FILE_MAX_BYTES} an import takes; split it`);
  }
  try {
    return await runImport(ref, { ...request, body: decodeCsv(await file.read()), contentType: "text/csv" });
  } catch (error) {
    if (error instanceof InvalidInputError || error instanceof Imports.ImportValueError) return recordFailedImport(ref, request, error.message);
    throw error;
  }
}
