/**
 * One import, by API or file: parse and check the whole body, then (holding a lease, so two
 * imports of the same data never interleave) read what is stored, plan, write in batches and
 * record the import.
 */
import { randomBytes, randomUUID } from "node:crypto";
import { Imports } from "@fulfillment/core";
import { ConflictError, InvalidInputError } from "../../errors.js";
import { explain, type Explanation } from "../../error-texts.js";
import type { TableRef } from "#storage/client";
import { listAllAds, setImportedAdValues } from "#storage/ads";
import { putImportRecord } from "#storage/imports";
import { acquireLease, releaseLease } from "#storage/lease";
import { listLocalStockOfWarehouse, replaceLocalStockRows } from "#storage/local-stock";
import { refreshEverySeller, refreshReadModel } from "#services/read-model/refresh";
import { alertAfterChange } from "#services/alerts/record";
import { METRIC } from "../../observability/metric-names.js";
import { count } from "../../observability/metrics.js";
import { parseImportBody } from "./parse.js";
import { adValueRows, localStockRows } from "./rows.js";

/** An import holds its lease at most this long (the import function's timeout and a margin). */
export const IMPORT_LEASE_MS = 6 * 60 * 1000;
/**
 * The longest an import spends rebuilding the dashboards' views before it answers (the import
 * routes time out at 29 s). A view it cannot rebuild in time stays stale, and its reads take
 * the live path until the next rebuild: slower, never wrong.
 */
export const READ_MODEL_BUDGET_MS = 10_000;
/** Unmatched keys kept on the record, to show which SKUs or ads had none. */
export const UNMATCHED_SAMPLE = 20;

export class ImportRunningError extends ConflictError {
  constructor(what: string | Explanation) {
    super(explain("import_running", { what }));
  }
}

export interface ImportRequest {
  kind: Imports.ImportKind;
  /** Local stock only: the warehouse whose rows the body replaces. */
  warehouse?: string;
  body: string | undefined;
  contentType?: string;
  source: Imports.ImportSource;
  /** Object key of a file import. */
  file?: string;
  /** Who ran it (http/actor.ts) and the request's id: API imports only. */
  actor?: string;
  requestId?: string | null;
  now?: Date;
}

export type ImportOutcome = Imports.ImportRecord;

let lastInstant = "";
let sameInstant = 0;

/** Sortable by time, unique: "<ISO instant>#<order within the millisecond><random>". */
function importId(now: Date): string {
  const instant = now.toISOString();
  sameInstant = instant === lastInstant ? sameInstant + 1 : 0;
  lastInstant = instant;
  return `${instant}#${sameInstant.toString(16).padStart(2, "0")}${randomBytes(3).toString("hex")}`;
}

const describeTarget = (request: Pick<ImportRequest, "kind" | "warehouse">): Explanation =>
  request.kind === "local_stock" ? explain("import_target_local_stock", { warehouse: request.warehouse ?? "" }) : explain(request.kind === "costs" ? "import_target_costs" : "import_target_sales");

function checkedWarehouse(request: ImportRequest): string | null {
  if (request.kind !== "local_stock") return null;
  const problem = Imports.warehouseProblem(request.warehouse ?? "");
  if (problem) throw new InvalidInputError(problem);
  return request.warehouse!;
}

type Counts = Pick<ImportOutcome, "rows" | "added" | "changed" | "removed" | "unmatched" | "unmatched_keys">;

/** Replaces the warehouse's rows with the body's. */
async function writeLocalStock(ref: TableRef, warehouse: string, rows: Imports.StockRowInput[]): Promise<Counts> {
  const [current, ads] = await Promise.all([listLocalStockOfWarehouse(ref, warehouse), listAllAds(ref)]);
  const plan = Imports.planLocalStock(warehouse, current, rows);
  await replaceLocalStockRows(ref, plan.put, plan.remove);
  const unmatched = Imports.unmatchedStockSkus(rows, ads);
  return { rows: rows.length, added: plan.added, changed: plan.changed, removed: plan.removed, unmatched: unmatched.length, unmatched_keys: unmatched.slice(0, UNMATCHED_SAMPLE) };
}

/** Upserts costs or sales onto the ads the rows name. */
async function writeAdValues(ref: TableRef, kind: Imports.AdValueKind, rows: Imports.AdValueInput[]): Promise<Counts> {
  const plan = Imports.planAdValues(kind, await listAllAds(ref), rows);
  await setImportedAdValues(ref, kind === "costs" ? "cost" : "sales_30d", plan.changes);
  return {
    rows: rows.length,
    added: plan.added,
    changed: plan.changed,
    removed: plan.removed,
    unmatched: plan.unmatched.length,
    unmatched_keys: plan.unmatched.slice(0, UNMATCHED_SAMPLE),
  };
}

function write(ref: TableRef, request: ImportRequest, warehouse: string | null, rows: Imports.StockRowInput[] | Imports.AdValueInput[]): Promise<Counts> {
  return request.kind === "local_stock"
    ? writeLocalStock(ref, warehouse!, rows as Imports.StockRowInput[])
    : writeAdValues(ref, request.kind, rows as Imports.AdValueInput[]);
}

/**
 * Runs an import. An invalid body throws before anything is written (a refused API request is
 * not recorded: its answer says why); a valid one is written and recorded.
 */
export async function runImport(ref: TableRef, request: ImportRequest): Promise<ImportOutcome> {
  const warehouse = checkedWarehouse(request);
  const raw = parseImportBody(request.body, request.contentType);
  const rows = request.kind === "local_stock" ? localStockRows(raw) : adValueRows(raw, request.kind);
  const owner = randomUUID();
  const lease = `import:${request.kind}${warehouse === null ? "" : `:${warehouse}`}`;
  if (!(await acquireLease(ref, lease, owner, IMPORT_LEASE_MS))) throw new ImportRunningError(describeTarget(request));
  try {
    const counts = await write(ref, request, warehouse, rows).catch(async (error: unknown) => {
      // A refusal found while planning wrote nothing; a storage failure may have written part: that is recorded.
      if (!(error instanceof Imports.ImportValueError || error instanceof InvalidInputError)) {
        await recordFailedImport(ref, { ...request, warehouse: warehouse ?? undefined }, `Writing the import failed part-way (${(error as Error).message}); run it again`).catch(() => undefined);
      }
      throw error;
    });
    // The writes bumped the change counters; the dashboards' views are rebuilt before the answer
    // (local stock is every seller's: each seller's views).
    const refresh = request.kind === "local_stock" ? refreshEverySeller : refreshReadModel;
    await refresh(ref, { deadline: Date.now() + READ_MODEL_BUDGET_MS });
    const now = request.now ?? new Date();
    const outcome: ImportOutcome = {
      id: importId(now),
      source: request.source,
      kind: request.kind,
      warehouse,
      ...counts,
      error: null,
      at: now.toISOString(),
      file: request.file ?? null,
      actor: request.actor ?? null,
      request_id: request.requestId ?? null,
    };
    await putImportRecord(ref, outcome);
    count(METRIC.rowsImported, outcome.rows);
    await alertAfterChange(ref, "import", now);
    return outcome;
  } finally {
    await releaseLease(ref, lease, owner);
  }
}

/** Records an import that wrote nothing (a refused file): the record is the only place its error shows. */
export async function recordFailedImport(ref: TableRef, request: Omit<ImportRequest, "body" | "contentType">, error: string): Promise<Imports.ImportRecord> {
  const now = request.now ?? new Date();
  const record: Imports.ImportRecord = {
    id: importId(now),
    source: request.source,
    kind: request.kind,
    warehouse: request.kind === "local_stock" ? (request.warehouse ?? null) : null,
    rows: 0,
    added: 0,
    changed: 0,
    removed: 0,
    unmatched: 0,
    unmatched_keys: [],
    error,
    at: now.toISOString(),
    file: request.file ?? null,
    actor: request.actor ?? null,
    request_id: request.requestId ?? null,
  };
  await putImportRecord(ref, record);
  return record;
}
