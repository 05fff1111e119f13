import { createHash } from "node:crypto";
import { constants, crc32, deflateRawSync, inflateRawSync } from "node:zlib";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ListView, Replenishment, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { countersUnchanged, type ChangeTopic } from "./changes.js";
import { conditionalWrite } from "./conditions.js";
import { adDetailFrom, Entities, fitsKey, isAdHeaderIndexKey, isDailyIndexKey, type Key, type KeyCondition, listPageNumber, replenishmentBelow, shardNumbers, TABLE_SCHEMA } from "./keys.js";
import { batchWrite, queryAll, queryPartitions, type WriteRequest } from "./operations.js";
import { toRecord } from "./items.js";

/**
 * The stored views of the read model (key design in keys.ts): list pages, per-SKU replenishment
 * records and ad headers, and the views' entries on the state item. Views are written by
 * services/read-model.ts only.
 */

type Item = Record<string, unknown>;

/** The name of a view's entry on the state item. */
export type ViewName = "overview" | "warnings" | "list" | "replenishment" | "ad_headers" | "restock" | "aged_stock";
export const viewAttribute = (view: ViewName): string => `view_${view}`;

/** A stored item and a fingerprint of its content: unchanged items are not written again. */
export interface ViewItem {
  key: Key;
  item: Item;
  digest: string;
}

const keyText = (key: Key): string => `${key.pk}\u0000${key.sk}`;
const fingerprint = (content: string): string => createHash("sha1").update(content).digest("base64");

/**
 * Makes a collection hold exactly `wanted`: writes the items whose fingerprint changed or that
 * are new, deletes those no longer wanted. Returns how many items it wrote and deleted.
 */
export async function replaceCollection(ref: TableRef, collection: readonly KeyCondition[], wanted: readonly ViewItem[]): Promise<{ written: number; deleted: number }> {
  const stored = await queryPartitions<Item>(ref, collection, { projection: [TABLE_SCHEMA.partitionKey, TABLE_SCHEMA.sortKey, "digest"], consistent: true });
  const storedDigest = new Map(stored.map((item) => [keyText(item as unknown as Key), item.digest]));
  const requests: WriteRequest[] = [];
  const kept = new Set<string>();
  for (const view of wanted) {
    const text = keyText(view.key);
    kept.add(text);
    if (storedDigest.get(text) !== view.digest) requests.push({ put: storedViewItem(view) });
  }
  let deleted = 0;
  for (const item of stored) {
    if (kept.has(keyText(item as unknown as Key))) continue;
    requests.push({ delete: { pk: String(item.pk), sk: String(item.sk) } });
    deleted++;
  }
  await batchWrite(ref, requests);
  return { written: requests.length - deleted, deleted };
}

/**
 * Records a view as built from the given topic counters, with its fields, unless one of those
 * counters moved since (a write came during the build): false then, and the view stays stale.
 */
export async function publishView(ref: TableRef, view: ViewName, counters: Partial<Record<ChangeTopic, number>>, fields: Item = {}): Promise<boolean> {
  const names: Record<string, string> = { "#view": viewAttribute(view) };
  const values: Record<string, unknown> = { ":view": { deps: counters, ...fields }, ":kind": "read_model" };
  const condition = countersUnchanged(counters as Record<string, number>, names, values);
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.read_model.key(),
        UpdateExpression: "SET #view = :view, kind = :kind",
        ...(condition ? { ConditionExpression: condition } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

// Inventory list pages.

const LINE = "\n"; // JSON text never holds a raw line break, so it separates the items of a page

export const listPagePartitions = (alerting: boolean): KeyCondition[] => Entities.list_page.query.shards({ alerting });

export function listPageItem(alerting: boolean, number: number, page: ListView.ListPage): ViewItem {
  const docs = page.docs.join(LINE);
  const ranks = JSON.stringify(page.ranks);
  const keys = JSON.stringify(page.keys);
  return {
    key: Entities.list_page.key({ alerting, page: number }),
    item: { kind: "list_page", docs, ranks, keys },
    digest: fingerprint(`${ranks}|${keys}|${docs}`),
  };
}

/** The pages of one part (alerting or not), in page order. */
export async function readListPages(ref: TableRef, alerting: boolean): Promise<ListView.ListPage[]> {
  const items = await queryPartitions<Item>(ref, listPagePartitions(alerting), { projection: [TABLE_SCHEMA.sortKey, "docs", "ranks", "keys"], consistent: true });
  items.sort((a, b) => listPageNumber(String(a.sk)) - listPageNumber(String(b.sk)));
  return items.map((item) => ({
    docs: String(item.docs ?? "").split(LINE),
    ranks: JSON.parse(String(item.ranks ?? "[]")) as number[],
    keys: JSON.parse(String(item.keys ?? "[]")) as (number | null)[],
  }));
}

// Replenishment: one record per candidate SKU.

export const replenishmentPartitions = (): KeyCondition[] => Entities.replenishment_sku.query.shards();

export function replenishmentItem(inputs: Replenishment.SkuInputs): ViewItem {
  const doc = JSON.stringify(inputs);
  return { key: Entities.replenishment_sku.key({ sku: inputs.sku, coverage: Replenishment.skuCoverage(inputs) }), item: { kind: "replenishment_sku", doc }, digest: fingerprint(doc) };
}

/** The inputs of every SKU whose coverage is below `days` (the only ones a trigger of `days` can suggest). */
export async function readReplenishmentBelow(ref: TableRef, days: number): Promise<Replenishment.SkuInputs[]> {
  const below = replenishmentBelow(days);
  const conditions = shardNumbers().map((shard) => Entities.replenishment_sku.query.below({ shard }, below));
  const items = await queryPartitions<Item>(ref, conditions, { projection: ["doc"], consistent: true });
  return items.map((item) => JSON.parse(String(item.doc)) as Replenishment.SkuInputs);
}

// Per-SKU views (restock plan, aged stock): one serialised entry per SKU, packed in deflated pages.

/** Entries' JSON text per page before deflating; a deflated page is a fraction of it, well inside an item. */
const SKU_PAGE_TEXT_BYTES = 1_000_000;

export const skuViewPartitions = (view: ViewName): KeyCondition[] => Entities.sku_view_page.query.shards({ view });

/**
 * The pages of a per-SKU view: each a JSON array of entries, deflated. Undefined when a page
 * would not fit an item (the view then stays stale).
 */
export function skuViewPages(view: ViewName, entries: readonly unknown[], maxItemBytes: number): ViewItem[] | undefined {
  const pages: ViewItem[] = [];
  let parts: string[] = [];
  let bytes = 0;
  const flush = (): void => {
    const text = `[${parts.join(",")}]`;
    pages.push({ key: Entities.sku_view_page.key({ view, page: pages.length }), item: { kind: "sku_view_page", z: deflateRawSync(text) }, digest: fingerprint(text) });
    parts = [];
    bytes = 0;
  };
  for (const entry of entries) {
    const json = JSON.stringify(entry);
    if (parts.length > 0 && bytes + json.length > SKU_PAGE_TEXT_BYTES) flush();
    parts.push(json);
    bytes += json.length + 1;
  }
  if (parts.length > 0) flush();
  return pages.every((page) => (page.item.z as Buffer).length <= maxItemBytes) ? pages : undefined;
}

/**
 * A view's answer computed at its build (the text of the body), cut into deflated pages. Each page
 * is deflated at the best compression (once per build) and ends on a byte boundary without closing
 * the stream, so the pages in order are one deflate stream: with a gzip header and trailer
 * (`gzipBase64OfPages`), the answer as a client that accepts gzip receives it.
 */
export function answerPages(view: ViewName, text: string, maxItemBytes: number): ViewItem[] | undefined {
  const pages: ViewItem[] = [];
  for (let start = 0, end = 0; start < text.length || pages.length === 0; start = end) {
    end = Math.min(text.length, start + SKU_PAGE_TEXT_BYTES);
    // A character outside the BMP stays whole on one page (its UTF-8 bytes, the trailer's CRC).
    if (end < text.length && end > start + 1 && isHighSurrogate(text.charCodeAt(end - 1))) end -= 1;
    const chunk = text.slice(start, end);
    const z = deflateRawSync(chunk, { level: constants.Z_BEST_COMPRESSION, finishFlush: constants.Z_SYNC_FLUSH });
    pages.push({ key: Entities.answer_page.key({ view, page: pages.length }), item: { kind: "answer_page", z }, digest: fingerprint(chunk) });
  }
  return pages.every((page) => (page.item.z as Buffer).length <= maxItemBytes) ? pages : undefined;
}

const isHighSurrogate = (code: number): boolean => code >= 0xd800 && code <= 0xdbff;

/** What a gzip trailer holds of a text: its CRC-32 and its size in bytes. */
export interface GzipTrailer {
  crc: number;
  bytes: number;
}

export const gzipTrailerOf = (text: string): GzipTrailer => {
  const bytes = Buffer.from(text, "utf8");
  return { crc: crc32(bytes), bytes: bytes.length };
};

/** gzip header (deflate, no name, no time, unknown OS) and the empty final block that closes the stream. */
const GZIP_HEADER = Buffer.from([0x1f, 0x8b, 0x08, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0xff]);
const FINAL_BLOCK = Buffer.from([0x03, 0x00]);

/** Where the gzip member is put together, kept between requests (see gzipBase64OfPages). */
let memberBytes: Buffer | undefined;

/**
 * The gzip member of a text stored as pages of `answerPages`, from the pages and the text's
 * trailer, in base64 (the body Lambda sends for a binary answer). The member is put together in
 * a buffer kept between requests and encoded at once: a fresh 4.4 MB buffer per request (the
 * restock plan at 100,000 records) cost its time again in page faults. Nothing awaits between
 * filling and encoding it, so requests sharing the process cannot interleave there.
 */
export function gzipBase64OfPages(pages: readonly Uint8Array[], trailer: GzipTrailer): string {
  const size = GZIP_HEADER.length + pages.reduce((sum, page) => sum + page.length, 0) + FINAL_BLOCK.length + 8;
  if (!memberBytes || memberBytes.length < size) memberBytes = Buffer.allocUnsafeSlow(size);
  let offset = GZIP_HEADER.copy(memberBytes, 0);
  for (const page of pages) {
    memberBytes.set(page, offset);
    offset += page.length;
  }
  offset += FINAL_BLOCK.copy(memberBytes, offset);
  offset = memberBytes.writeUInt32LE(trailer.crc >>> 0, offset);
  memberBytes.writeUInt32LE(trailer.bytes % 2 ** 32, offset);
  return memberBytes.toString("base64", 0, size);
}

/** A page's text (a page stored before pages were left open ends its stream itself: read alike). */
const inflatePage = (z: Uint8Array): string => inflateRawSync(z, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");

export const answerPartitions = (view: ViewName): KeyCondition[] => Entities.answer_page.query.shards({ view });

/** A view's stored answer: its pages' fingerprints and, when asked for, its text. */
export async function readAnswer(ref: TableRef, view: ViewName): Promise<{ digests: string[]; text: () => string; pages: Uint8Array[] }> {
  const items = await queryPartitions<Item>(ref, answerPartitions(view), { projection: [TABLE_SCHEMA.sortKey, "digest", "z"], consistent: true });
  items.sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));
  return {
    digests: items.map((item) => String(item.digest)),
    text: () => items.map((item) => inflatePage(item.z as Uint8Array)).join(""),
    pages: items.map((item) => item.z as Uint8Array),
  };
}

/** A fingerprint of what a stored answer was computed with (beside the view's own inputs). */
export const answerKey = (inputs: unknown): string => fingerprint(JSON.stringify(inputs));

/**
 * The stored pages of a per-SKU view in page order, each with its fingerprint (the view's entry
 * on the state item lists the fingerprints it was published with: pages read while a rebuild
 * replaced them do not match) and its entries, decoded only when asked for.
 */
export async function readSkuView<T>(ref: TableRef, view: ViewName): Promise<{ digests: string[]; entries: () => T[] }> {
  const items = await queryPartitions<Item>(ref, skuViewPartitions(view), { projection: [TABLE_SCHEMA.sortKey, "digest", "z"], consistent: true });
  items.sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));
  return {
    digests: items.map((item) => String(item.digest)),
    entries: () => items.flatMap((item) => JSON.parse(inflateRawSync(item.z as Uint8Array).toString("utf8")) as T[]),
  };
}

// Ad headers: what the detail shows of the ad, in the ad's index partition.

export const adHeaderPartitions = (): KeyCondition[] => Entities.ad_header.query.shards();

/** What the detail shows of an ad, in the ad's index partition: title and thumbnail, or that there is no such ad. */
export function adHeaderView(adId: string, ad: { title: string | null; thumbnail: string | null } | undefined): ViewItem {
  const content = { exists: ad !== undefined, title: ad?.title ?? null, thumbnail: ad?.thumbnail ?? null };
  return { key: Entities.ad_header.key({ adId }), item: { ...Entities.ad_header.indexKey({ adId }), kind: "ad_header", ad_id: adId, ...content }, digest: fingerprint(JSON.stringify(content)) };
}

/** The stored item of a view item, as replaceCollection writes it. */
export const storedViewItem = (view: ViewItem): Item => ({ ...view.item, ...view.key, digest: view.digest });

export interface AdDetail {
  /** The ad's inventory records, each with `daily_ad` (the ad its rows are indexed under). */
  records: (InventoryRecord & { daily_ad?: string })[];
  /** Title and thumbnail, null when there is no such ad, undefined when no header is stored. */
  header: { title: string | null; thumbnail: string | null } | null | undefined;
  /** Daily rows indexed under the ad from `fromDay` on, as read (the detail only sums their quantities). */
  rows: DailyStockRow[];
}

/**
 * What the detail shows of each item of the ad's index partition (daily rows, header, records)
 * and what tells them apart: less to send and decode than whole items.
 */
const DETAIL_FIELDS = [
  // What tells the items apart: the index sort key, the ad a record is indexed under, the header's mark, a daily row's day.
  TABLE_SCHEMA.indexes.gsi1.sortKey, "daily_ad", "exists", "day",
  // A record's stock (a daily row's quantities are the same fields).
  "inventory_id", "variation_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days",
  // The header.
  "title", "thumbnail",
];
const DETAIL_PROJECTION = {
  ProjectionExpression: DETAIL_FIELDS.map((_, i) => `#d${i}`).join(", "),
  ExpressionAttributeNames: Object.fromEntries(DETAIL_FIELDS.map((field, i) => [`#d${i}`, field])),
};

/** The detail's one Query: the ad's index partition from the daily rows of `fromDay` on, with the detail's projection. */
export function adDetailQuery(adId: string, fromDay: string) {
  const condition = Entities.daily_stock.indexQuery.from({ adId }, adDetailFrom(fromDay));
  return { ...condition, ...DETAIL_PROJECTION, ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...DETAIL_PROJECTION.ExpressionAttributeNames } };
}

/** One query of the ad's index partition: its daily rows from `fromDay`, its header and its inventory records. */
export async function readAdDetail(ref: TableRef, adId: string, fromDay: string): Promise<AdDetail> {
  if (!fitsKey({ pk: Entities.inventory.indexPartition({ adId }) })) return { records: [], header: undefined, rows: [] };
  const items = await queryAll<Item>(ref, adDetailQuery(adId, fromDay));
  const detail: AdDetail = { records: [], header: undefined, rows: [] };
  for (const item of items) {
    // Not copied without the index key as records are: a daily row's fields are only summed.
    if (isDailyIndexKey(item.gsi1sk)) detail.rows.push(item as unknown as DailyStockRow);
    else if (isAdHeaderIndexKey(item.gsi1sk)) {
      detail.header = item.exists === true ? { title: (item.title as string | null) ?? null, thumbnail: (item.thumbnail as string | null) ?? null } : null;
    } else detail.records.push({ ...toRecord<InventoryRecord>(item), daily_ad: item.daily_ad as string | undefined });
  }
  return detail;
}
