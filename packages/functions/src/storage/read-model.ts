import { createHash } from "node:crypto";
import { constants, deflateRawSync, inflateRawSync } from "node:zlib";
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { ListView, Replenishment } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { countersUnchanged, type ChangeTopic } from "./changes.js";
import { conditionalWrite } from "./conditions.js";
import { Entities, type Key, type KeyCondition, listPageNumber, replenishmentBelow, shardNumbers, TABLE_SCHEMA } from "./keys.js";
import { batchWrite, queryPartitions, type WriteRequest } from "./operations.js";

/**
 * The stored items of the read model (key design in keys.ts): the views' entries on the state
 * item, list pages, per-SKU replenishment records, per-SKU view pages, stored answers and ad
 * headers. The views themselves (names, topics, builders, readers) are in services/read-model/.
 */

type Item = Record<string, unknown>;

/** The name of a view's entry on the state item (the views are named in services/read-model/). */
export const viewAttribute = (view: string): string => `view_${view}`;

/** The state item's set of ids a view's stored entries no longer describe (a publish of the view empties it). */
export const marksAttribute = (view: string): string => `marked_${view}`;

/** A stored item and a fingerprint of its content: unchanged items are not written again. */
export interface ViewItem {
  key: Key;
  item: Item;
  digest: string;
}

const keyText = (key: Key): string => `${key.pk}\u0000${key.sk}`;
/** A fingerprint of a stored item's content (or of what an answer was computed with). */
export const fingerprint = (content: string): string => createHash("sha1").update(content).digest("base64");

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
export async function publishView(ref: TableRef, view: string, counters: Partial<Record<ChangeTopic, number>>, fields: Item = {}): Promise<boolean> {
  const names: Record<string, string> = { "#view": viewAttribute(view), "#marks": marksAttribute(view) };
  const values: Record<string, unknown> = { ":view": { deps: counters, ...fields }, ":kind": "read_model" };
  const condition = countersUnchanged(counters as Record<string, number>, names, values);
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.read_model.key(),
        // The build read every record after the counters it records: the marks made before are in it (none came after, or the condition fails).
        UpdateExpression: "SET #view = :view, kind = :kind REMOVE #marks",
        ...(condition ? { ConditionExpression: condition } : {}),
        ExpressionAttributeNames: names,
        ExpressionAttributeValues: values,
      }),
    ),
  );
}

/**
 * Raises a field of a view's sums (`field`, the map) to `value` unless it holds as much already: a
 * time that only moves forward, in whatever order concurrent writers land. False when it did not
 * move (a later value, or no such view).
 */
export async function raiseViewField(ref: TableRef, view: string, field: string, name: string, value: number): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.read_model.key(),
        UpdateExpression: "SET #view.#sums.#name = :value",
        ConditionExpression: "attribute_exists(#view.#sums) AND (attribute_not_exists(#view.#sums.#name) OR attribute_type(#view.#sums.#name, :null) OR #view.#sums.#name < :value)",
        ExpressionAttributeNames: { "#view": viewAttribute(view), "#sums": field, "#name": name },
        ExpressionAttributeValues: { ":value": value, ":null": "NULL" },
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

export const skuViewPartitions = (view: string): KeyCondition[] => Entities.sku_view_page.query.shards({ view });

/**
 * The pages of a per-SKU view: each a JSON array of entries, deflated. Undefined when a page
 * would not fit an item (the view then stays stale).
 */
export function skuViewPages(view: string, entries: readonly unknown[], maxItemBytes: number): ViewItem[] | undefined {
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
 * (services/read-model/gzip-answer.ts), the answer as a client that accepts gzip receives it.
 */
export function answerPages(view: string, text: string, maxItemBytes: number): ViewItem[] | undefined {
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

/** A page's text (a page stored before pages were left open ends its stream itself: read alike). */
const inflatePage = (z: Uint8Array): string => inflateRawSync(z, { finishFlush: constants.Z_SYNC_FLUSH }).toString("utf8");

export const answerPartitions = (view: string): KeyCondition[] => Entities.answer_page.query.shards({ view });

/** A view's stored answer: its pages' fingerprints and, when asked for, its text. */
export async function readAnswer(ref: TableRef, view: string): Promise<{ digests: string[]; text: () => string; pages: Uint8Array[] }> {
  const items = await queryPartitions<Item>(ref, answerPartitions(view), { projection: [TABLE_SCHEMA.sortKey, "digest", "z"], consistent: true });
  items.sort((a, b) => (String(a.sk) < String(b.sk) ? -1 : 1));
  return {
    digests: items.map((item) => String(item.digest)),
    text: () => items.map((item) => inflatePage(item.z as Uint8Array)).join(""),
    pages: items.map((item) => item.z as Uint8Array),
  };
}

/**
 * The stored pages of a per-SKU view in page order, each with its fingerprint (the view's entry
 * on the state item lists the fingerprints it was published with: pages read while a rebuild
 * replaced them do not match) and its entries, decoded only when asked for.
 */
export async function readSkuView<T>(ref: TableRef, view: string): Promise<{ digests: string[]; entries: () => T[] }> {
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
