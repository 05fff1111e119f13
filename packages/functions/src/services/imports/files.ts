/**
 * Imports by file: a CSV dropped in the import bucket runs the same import as the PUT routes.
 * `costs.csv` and `sales.csv` at the top (the only seller's) or under `sellers/<user_id>/` (that
 * seller's), and `local-stock/<warehouse>.csv` per warehouse, shared by every seller.
 */
import { Imports } from "@fulfillment/core";
import { explain, explanationText } from "../../error-texts.js";
import { InvalidInputError } from "../../errors.js";
import type { TableRef } from "#storage/client";
import { withScope } from "#storage/scope";
import { cachedSellers } from "#storage/sellers";
import { recordFailedImport, runImport } from "./run.js";

/** Larger files are refused (about 400,000 rows): the import runs in one function's memory and time. */
export const IMPORT_FILE_MAX_BYTES = 10 * 1024 * 1024;

export interface FileTarget {
  kind: Imports.ImportKind;
  warehouse?: string;
  /** The seller a costs or sales file is for (its user id), when its key names one. */
  seller?: string;
}

/** What an object key imports; undefined for a key that names no import. */
export function importTargetOf(key: string): FileTarget | undefined {
  const own = /^(?:sellers\/(\d+)\/)?(costs|sales)\.csv$/.exec(key);
  if (own) return { kind: own[2] as "costs" | "sales", ...(own[1] ? { seller: own[1] } : {}) };
  const match = /^local-stock\/([^/]+)\.csv$/.exec(key);
  return match ? { kind: "local_stock", warehouse: match[1]! } : undefined;
}

/**
 * The scope a file imports into: the seller its key names, else the only seller's; local stock is
 * the deployment's. `refused`: why the file cannot be imported.
 */
async function scopeOfFile(ref: TableRef, target: FileTarget): Promise<string | { refused: string }> {
  if (target.kind === "local_stock") return "";
  const sellers = await cachedSellers(ref, { fresh: true });
  const listed = sellers.map((seller) => seller.user_id).join(", ") || "none";
  if (target.seller !== undefined) {
    const named = sellers.find((seller) => seller.user_id === target.seller);
    return named ? named.scope : { refused: explanationText(explain("import_file_seller_unknown", { seller: target.seller, listed }), "en") };
  }
  if (sellers.length > 1) return { refused: explanationText(explain("import_file_seller_missing", { kind: target.kind, listed }), "en") };
  return sellers[0]?.scope ?? "";
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
  const { seller: _seller, ...kind } = target;
  const request = { ...kind, source: "file" as const, file: file.key, now };
  const scope = await scopeOfFile(ref, target);
  // A file no seller can take is listed with the first seller's imports, where someone will look.
  if (typeof scope !== "string") return withScope("", () => recordFailedImport(ref, request, scope.refused));
  return withScope(scope, async () => {
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
  });
}
