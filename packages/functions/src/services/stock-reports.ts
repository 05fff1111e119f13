/**
 * The reads behind the restock plan and the aged-stock report. From the read model: the state,
 * the view's pages and the small inputs that are not in it (settings, planning parameters,
 * tariffs) in one round of parallel reads, then the core calculator. When the view is stale (a
 * write came after its build) or does not reach back to today's window, the live path: every
 * input gathered in one round of parallel collection queries, then the last 30 days of daily rows
 * of the inventories whose SKU sells (their stockout days adjust the velocity; the aged-stock
 * report only needs those of SKUs with units near the threshold), then the core calculator.
 */
import { AgedStock, Restock, Settings } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listFullAdsWithSku } from "#storage/ads";
import { listDailyAvailability } from "#storage/daily-stock";
import { listInventory } from "#storage/inventory";
import { listLocalStock } from "#storage/local-stock";
import { listPlanning } from "#storage/planning";
import { listGroupEntries } from "#storage/settings";
import { listTariffsOn } from "#storage/tariffs";
import { readState, type StateItem } from "#storage/changes";
import { answerKey, gzipBase64OfPages, readAnswer, readSkuView, type GzipTrailer, type ViewName } from "#storage/read-model";
import { JsonText, StoredJson } from "../json-text.js";
import { businessToday } from "./business-time.js";
import { currentView } from "./read-model.js";
import {
  AGED_AD_FIELDS,
  AGED_INVENTORY_FIELDS,
  RESTOCK_AD_FIELDS,
  RESTOCK_INVENTORY_FIELDS,
  agedAnswerInputs,
  agedStockOf,
  isDefaultRestockQuery,
  restockAnswerInputs,
  restockPlanOf,
  type AgedEntry,
  type RestockEntry,
  type RestockQuery,
} from "./stock-views.js";


/** Inventory ids of the SKUs with sales: the only ones whose stockout days matter. */
function sellingInventoryIds(sales: ReadonlyMap<string, Restock.SkuSales>, inventory: readonly { inventory_id: string; sku: string | null }[]): string[] {
  return inventory.filter((record) => record.sku !== null && (sales.get(record.sku)?.sales30d ?? 0) > 0).map((record) => record.inventory_id);
}

const dailyWindow = (ref: TableRef, inventoryIds: string[], today: string) =>
  listDailyAvailability(ref, inventoryIds, Restock.velocityWindowStart(today), today);

const samePages = (published: unknown, read: readonly string[]): boolean =>
  Array.isArray(published) && published.length === read.length && published.every((digest, i) => digest === read[i]);

interface SkuViewEntry {
  pages?: unknown;
  answer?: { key?: unknown; pages?: unknown; gzip?: GzipTrailer };
}

/** The view's entry on the state item when it is current and holds the stockout days of today's window. */
function usableView(state: StateItem, view: ViewName, today: string): SkuViewEntry | undefined {
  const entry = currentView(state, view);
  return entry && typeof entry.from === "string" && entry.from <= Restock.velocityWindowStart(today) ? (entry as SkuViewEntry) : undefined;
}

/** The stored answer's text when it was computed from exactly these inputs and its pages are the ones published. */
function storedAnswer(entry: SkuViewEntry, answer: Awaited<ReturnType<typeof readAnswer>> | undefined, inputs: unknown): JsonText | StoredJson | undefined {
  if (!answer || !entry.answer || entry.answer.key !== answerKey(inputs) || !samePages(entry.answer.pages, answer.digests)) return undefined;
  const trailer = entry.answer.gzip;
  // A view built before the trailer was kept: its pages close their own streams, so only the text serves.
  if (!trailer) return new JsonText(answer.text());
  return new StoredJson(() => gzipBase64OfPages(answer.pages, trailer), answer.text);
}

/** The view's entries, read after its state: undefined when a rebuild replaced them meanwhile. */
async function entriesOf<T>(ref: TableRef, view: ViewName, entry: SkuViewEntry): Promise<T[] | undefined> {
  const pages = await readSkuView<T>(ref, view);
  return samePages(entry.pages, pages.digests) ? pages.entries() : undefined;
}

export interface ReportOptions {
  now?: Date;
  /** Whether a stored answer (its JSON text) may serve the request: not for a CSV, which needs the lines. */
  text?: boolean;
}

/**
 * The restock plan: the stored answer when the view is current and the request's day, query,
 * stock policy and planning parameters are the ones it was computed with; else computed from the
 * view's entries; else (a stale view) the live path. State, stored answer and small inputs are read at once.
 */
export function readRestockPlan(ref: TableRef, query: RestockQuery, options: ReportOptions & { text: false }): Promise<Restock.RestockPlanBody>;
export function readRestockPlan(ref: TableRef, query: RestockQuery, options?: ReportOptions): Promise<Restock.RestockPlanBody | JsonText | StoredJson>;
export async function readRestockPlan(ref: TableRef, query: RestockQuery, { now = new Date(), text = true }: ReportOptions = {}): Promise<Restock.RestockPlanBody | JsonText | StoredJson> {
  const [state, answer, today, estoque, planning] = await Promise.all([
    readState(ref),
    text && isDefaultRestockQuery(query) ? readAnswer(ref, "restock") : undefined,
    businessToday(ref, now),
    listGroupEntries(ref, "estoque"),
    listPlanning(ref, { consistent: true }),
  ]);
  const entry = usableView(state, "restock", today);
  if (!entry) return liveRestockPlan(ref, query, now);
  const stored = storedAnswer(entry, answer, restockAnswerInputs(today, query, estoque, planning));
  if (stored) return stored;
  const entries = await entriesOf<RestockEntry>(ref, "restock", entry);
  return entries ? restockPlanOf(entries, today, query, estoque, planning) : liveRestockPlan(ref, query, now);
}

/** The restock plan from the collections (also what the view is checked against in tests and measured against in the bench). */
export async function liveRestockPlan(ref: TableRef, query: RestockQuery, now = new Date()): Promise<Restock.RestockPlanBody> {
  const [today, estoque, candidates, inventory, localStock, planning] = await Promise.all([
    businessToday(ref, now),
    listGroupEntries(ref, "estoque"),
    listFullAdsWithSku(ref, [...RESTOCK_AD_FIELDS]),
    listInventory(ref, [...RESTOCK_INVENTORY_FIELDS]),
    listLocalStock(ref),
    listPlanning(ref),
  ]);
  const dailyRows = await dailyWindow(ref, sellingInventoryIds(Restock.salesBySku(candidates), inventory), today);
  return Restock.computeRestockPlan({
    today,
    targetDays: query.targetDays,
    horizonDays: query.horizonDays,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", estoque)),
    candidates,
    inventory,
    dailyRows,
    localStock,
    planning,
  });
}

/** The aged-stock report: the stored answer, or computed from the view's entries, or the live path (as the restock plan). */
export function readAgedStock(ref: TableRef, options: ReportOptions & { text: false }): Promise<AgedStock.AgedStockBody>;
export function readAgedStock(ref: TableRef, options?: ReportOptions): Promise<AgedStock.AgedStockBody | JsonText | StoredJson>;
export async function readAgedStock(ref: TableRef, { now = new Date(), text = true }: ReportOptions = {}): Promise<AgedStock.AgedStockBody | JsonText | StoredJson> {
  const day = businessToday(ref, now);
  const [state, answer, today, tariffs] = await Promise.all([
    readState(ref),
    text ? readAnswer(ref, "aged_stock") : undefined,
    day,
    day.then((today) => listTariffsOn(ref, today, { consistent: true })),
  ]);
  const entry = usableView(state, "aged_stock", today);
  if (!entry) return liveAgedStock(ref, now);
  const stored = storedAnswer(entry, answer, agedAnswerInputs(today, tariffs));
  if (stored) return stored;
  const entries = await entriesOf<AgedEntry>(ref, "aged_stock", entry);
  return entries ? agedStockOf(entries, today, tariffs) : liveAgedStock(ref, now);
}

/** The aged-stock report from the collections (also what the view is checked against in tests and measured against in the bench). */
export async function liveAgedStock(ref: TableRef, now = new Date()): Promise<AgedStock.AgedStockBody> {
  const today = await businessToday(ref, now);
  const [ads, inventory, tariffs] = await Promise.all([
    listFullAdsWithSku(ref, [...AGED_AD_FIELDS]),
    listInventory(ref, [...AGED_INVENTORY_FIELDS]),
    listTariffsOn(ref, today),
  ]);
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const dailyRows = await dailyWindow(ref, inventory.filter((record) => needing.has(record.sku ?? "")).map((record) => record.inventory_id), today);
  return AgedStock.computeAgedStock({ today, inventory, ads, tariffs, dailyRows });
}
