/**
 * What the restock plan's and the aged stock's views share. Each keeps one entry per SKU (what
 * does not depend on the day asked for), in deflated pages, and its answer to the default request
 * computed at the build. A request takes the stored answer when it was computed from the same
 * inputs, else computes the answer from the entries (adding today's window, the ages of the lots,
 * tariffs, planning parameters and the stock policy); the live path when the view is stale, does
 * not reach back to today's window, or had its pages replaced meanwhile.
 */
import { Restock, type Ad, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listDailyAvailability } from "#storage/daily-stock";
import { answerPages, answerPartitions, readAnswer, readSkuView, replaceCollection, skuViewPages, skuViewPartitions, type ViewItem } from "#storage/read-model";
import { JsonText, StoredJson, type StoredBody } from "../../json-text.js";
import { MAX_ITEM_BYTES, type BuildContext } from "./build.js";
import { gzipBase64OfPages, gzipTrailerOf, type GzipTrailer } from "./gzip-answer.js";
import { groupBySku, sellingSkus } from "./stockouts.js";
import { answerKey, type ViewEntry } from "./view.js";

export const pick = <T extends object, K extends keyof T>(record: T, fields: readonly K[]): Partial<T> => {
  const picked: Partial<T> = {};
  for (const field of fields) if (record[field] !== undefined) picked[field] = record[field];
  return picked;
};

/** What both views' entries are made of: the Full ads with a SKU, the inventory, the stockout days. */
export interface EntrySources {
  candidates: readonly Ad[];
  inventory: readonly InventoryRecord[];
  stockouts: ReadonlyMap<string, string[]>;
}

/** The candidates' SKUs with sales, and their ads by SKU. */
export const candidatesBySku = (candidates: readonly Ad[]): { selling: Set<string>; adsBySku: Map<string, Ad[]> } => ({
  selling: sellingSkus(candidates),
  adsBySku: groupBySku(candidates, (ad) => ad.sku),
});

/**
 * Stores a per-SKU view's pages and its answer computed today (with the inputs `answerInputs`
 * stands for), and publishes it with the first day its stockout days cover.
 */
export async function publishSkuView(
  { ref, name, publish }: BuildContext,
  built: { entries: readonly unknown[]; from: string; answer: string; answerInputs: unknown },
): Promise<boolean> {
  const pages = skuViewPages(name, built.entries, MAX_ITEM_BYTES);
  const answer = answerPages(name, built.answer, MAX_ITEM_BYTES);
  if (!pages || !answer) return false;
  await replaceCollection(ref, skuViewPartitions(name), pages);
  await replaceCollection(ref, answerPartitions(name), answer);
  return publish({ from: built.from, count: built.entries.length, pages: pages.map((page) => page.digest), answer: storedAnswerEntry(answer, built.answer, built.answerInputs) });
}

/** What a stored answer's entry records: what it was computed with, its pages, and its text's gzip trailer. */
export interface StoredAnswerEntry {
  key?: unknown;
  pages?: unknown;
  gzip?: GzipTrailer;
}

/**
 * The entry of an answer stored as `pages` (answerPages of `text`) and computed with `inputs`. The
 * text's gzip trailer lets the stored pages be sent gzip-encoded as they are (storedAnswer).
 */
export const storedAnswerEntry = (pages: readonly ViewItem[], text: string, inputs: unknown): StoredAnswerEntry => ({
  key: answerKey(inputs),
  pages: pages.map((page) => page.digest),
  gzip: gzipTrailerOf(text),
});

interface SkuViewEntry {
  from?: unknown;
  pages?: unknown;
  answer?: StoredAnswerEntry;
}

export type StoredAnswer = Awaited<ReturnType<typeof readAnswer>>;

const samePages = (published: unknown, read: readonly string[]): boolean =>
  Array.isArray(published) && published.length === read.length && published.every((digest, i) => digest === read[i]);

/** The stored answer's text when it was computed from exactly these inputs and its pages are the ones its entry names. */
export function storedAnswer<Body>(entry: StoredAnswerEntry | undefined, answer: StoredAnswer | undefined, inputs: unknown): JsonText<Body> | StoredJson<Body> | undefined {
  if (!answer || !entry || entry.key !== answerKey(inputs) || !samePages(entry.pages, answer.digests)) return undefined;
  const trailer = entry.gzip;
  // A view built before the trailer was kept: its pages close their own streams, so only the text serves.
  if (!trailer) return new JsonText(answer.text());
  return new StoredJson(() => gzipBase64OfPages(answer.pages, trailer), answer.text);
}

/** The view's entries, read after its state: undefined when a rebuild replaced them meanwhile. */
async function entriesOf<T>(ref: TableRef, view: string, entry: SkuViewEntry): Promise<T[] | undefined> {
  const pages = await readSkuView<T>(ref, view);
  return samePages(entry.pages, pages.digests) ? pages.entries() : undefined;
}

/**
 * A request's answer from a current per-SKU view: its stored answer (read with the state, when the
 * request may take one) if it was computed from `answerInputs`, else `compute` of the view's
 * entries; undefined when the view does not hold today's window or its pages were replaced.
 */
export async function skuViewAnswer<T, A>(
  ref: TableRef,
  request: { view: string; entry: ViewEntry; today: string; answer: StoredAnswer | undefined; answerInputs: unknown; compute: (entries: T[]) => A },
): Promise<StoredBody<A> | undefined> {
  const entry = request.entry as SkuViewEntry;
  if (!(typeof entry.from === "string" && entry.from <= Restock.velocityWindowStart(request.today))) return undefined;
  const stored = storedAnswer<A>(entry.answer, request.answer, request.answerInputs);
  if (stored) return stored;
  const entries = await entriesOf<T>(ref, request.view, entry);
  return entries ? request.compute(entries) : undefined;
}

export interface ReportOptions {
  now?: Date;
  /** Whether a stored answer (its JSON text) may serve the request: not for a CSV, which needs the lines. */
  text?: boolean;
}

/** The live path's daily rows: the velocity window of the given inventories. */
export const dailyWindow = (ref: TableRef, inventoryIds: string[], today: string) =>
  listDailyAvailability(ref, inventoryIds, Restock.velocityWindowStart(today), today);
