/**
 * The imports screen's rules: which endpoint takes each kind of file, how a file or pasted text is
 * sent (CSV unless it is JSON), and the API's import records told in words.
 * The API validates whole-or-nothing and names the line and field of a bad row; the console only
 * refuses what cannot be sent at all (no warehouse, nothing to send).
 */

import { formatNumber } from "./format.js";
import type { FulfillmentClient, Schema } from "@fulfillment/client";

/** A row of `GET /full/imports`, and what it imported. */
export type ImportRecord = Schema<"ImportRecord">;
export type ImportKind = ImportRecord["kind"];

export interface ImportKindInfo {
  label: string;
  /** The header row the API expects (either key column for costs and sales). */
  columns: string;
  hint: string;
}

export const IMPORT_KINDS: Record<ImportKind, ImportKindInfo> = {
  local_stock: {
    label: "Estoque local",
    columns: "sku;available",
    hint: "Substitui todo o estoque do depósito: SKUs que não estão no arquivo são removidos.",
  },
  costs: {
    label: "Custos",
    columns: "sku;cost",
    hint: "Custo unitário por SKU (todos os anúncios do SKU) ou por ad_id; custo vazio apaga o custo.",
  },
  sales: {
    label: "Vendas 30 dias",
    columns: "sku;sales_30d",
    hint: "Vendas dos últimos 30 dias por SKU ou ad_id; valem sobre as do marketplace até serem apagadas (valor vazio).",
  },
};

export const IMPORT_KIND_KEYS = Object.keys(IMPORT_KINDS) as ImportKind[];

export const isImportKind = (value: string | null | undefined): value is ImportKind => value != null && value in IMPORT_KINDS;

/**
 * A chosen file's text: UTF-8 when it is valid UTF-8, else Windows-1252 (what a spreadsheet in
 * Portuguese on Windows saves as "CSV"), so "Açúcar" does not arrive as "A��car".
 */
export function decodeFile(bytes: Uint8Array): string {
  try {
    return new TextDecoder("utf-8", { fatal: true }).decode(bytes);
  } catch {
    return new TextDecoder("windows-1252").decode(bytes);
  }
}

/** JSON (an array, or an object the API will refuse in words) is sent as JSON; anything else as CSV. */
export function contentTypeOf(content: string): string {
  return /^\uFEFF?\s*[[{]/.test(content) ? "application/json" : "text/csv";
}

/** Why an import cannot be sent at all, or null when it can. */
export function importProblem(kind: ImportKind, warehouse: string, content: string): string | null {
  if (content.trim() === "" || content.trim() === "\uFEFF") return "Escolha um arquivo CSV ou cole o conteúdo antes de importar.";
  // The API judges the name (length, spaces, control characters); an empty one cannot even be a path.
  if (kind === "local_stock" && warehouse === "") return "Informe o depósito do estoque local.";
  return null;
}

/**
 * Sends an import through the typed client: the text as it was chosen or pasted, with its own
 * content type (CSV, or JSON the API reads as rows), to the kind's endpoint.
 */
export async function sendImport(client: FulfillmentClient<"application/json">, kind: ImportKind, warehouse: string, content: string) {
  const text = { body: content, bodySerializer: (body: unknown) => body, headers: { "content-type": contentTypeOf(content) } };
  if (kind === "local_stock") return client.PUT("/full/local-stock/{warehouse}", { params: { path: { warehouse } }, ...text });
  return kind === "costs" ? client.PUT("/full/costs", text) : client.PUT("/full/sales", text);
}

const plural = (count: number, one: string, many: string): string => `${formatNumber(count)} ${count === 1 ? one : many}`;

/** "3 linhas: 1 adicionada, 1 alterada, 1 removida". */
export function importSummary(record: Pick<ImportRecord, "rows" | "added" | "changed" | "removed">): string {
  return (
    `${plural(record.rows, "linha", "linhas")}: ` +
    `${plural(record.added, "adicionada", "adicionadas")}, ${plural(record.changed, "alterada", "alteradas")}, ${plural(record.removed, "removida", "removidas")}`
  );
}

/** Keys the import named that match no ad ("2 sem anúncio: A, B"), or null when all matched. */
export function unmatchedSummary(record: Pick<ImportRecord, "unmatched" | "unmatched_keys">): string | null {
  if (!record.unmatched) return null;
  const shown = record.unmatched_keys.join(", ");
  const more = record.unmatched > record.unmatched_keys.length ? ` e mais ${record.unmatched - record.unmatched_keys.length}` : "";
  return `${plural(record.unmatched, "chave sem anúncio", "chaves sem anúncio")}: ${shown}${more}`;
}

export const SOURCE_LABELS: Record<ImportRecord["source"], string> = { api: "API", file: "Arquivo no bucket" };

/** Warehouses named in the import history, for the local stock picker (first seen first). */
export function warehousesOf(records: readonly Pick<ImportRecord, "kind" | "warehouse">[]): string[] {
  const names = new Set<string>();
  for (const record of records) if (record.kind === "local_stock" && record.warehouse) names.add(record.warehouse);
  return [...names];
}
