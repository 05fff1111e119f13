/**
 * The inventory list as a stored view: each item of GET /full/inventory serialised once, when the
 * data changes, and packed in pages; a read only orders the serialised items and joins them.
 * The answer is byte for byte what `buildInventoryList` + JSON.stringify give for the same records.
 */
import { listItem, SORT_KEYS, sortByKey, type InventoryListItem, type InventoryQuery } from "./inventory-list.js";
import { isAged, isLowCoverage } from "./overview.js";
import type { Ad, InventoryRecord, SkuMetric } from "./records.js";

/** The fields the three orders sort by. */
export type SortFields = Pick<InventoryListItem, "days_of_stock" | "oldest_stock_days" | "available_qty">;

/** One list item: its JSON text, whether `alerts=1` keeps it, and its sort fields. */
export interface ListEntry {
  /** Position in the live order (the order the inventory records are read in). */
  rank: number;
  json: string;
  alerting: boolean;
  sort: SortFields;
}

/** A run of entries in rank order, as one stored item holds them. */
export interface ListPage {
  ranks: number[];
  docs: string[];
  /** days_of_stock, oldest_stock_days, available_qty of each entry, flattened. */
  keys: (number | null)[];
}

/** Sizes the state keeps per part, so a refusal over the payload limit needs no page. */
export interface ListPartSize {
  count: number;
  /** UTF-8 bytes of the items' JSON texts. */
  rawBytes: number;
  /** The same texts escaped as a JSON string (how Lambda counts the body inside its payload). */
  escapedBytes: number;
}

/** Pages stay well under DynamoDB's 400 KB item limit. */
export const PAGE_DOC_BYTES = 256 * 1024;

/** UTF-8 length of a text without encoding it. */
export function utf8Bytes(text: string): number {
  let bytes = 0;
  for (let i = 0; i < text.length; i++) {
    const code = text.charCodeAt(i);
    if (code < 0x80) bytes += 1;
    else if (code < 0x800) bytes += 2;
    else if (code >= 0xd800 && code <= 0xdbff && i + 1 < text.length && (text.charCodeAt(i + 1) & 0xfc00) === 0xdc00) {
      bytes += 4;
      i++;
    } else bytes += 3;
  }
  return bytes;
}

/** Bytes a text takes inside a JSON string, quotes excluded. */
export const escapedBytes = (text: string): number => utf8Bytes(JSON.stringify(text)) - 2;

/** Every record's list item, in the order of `inventory` (the live order). */
export function listEntries(
  inventory: readonly InventoryRecord[],
  adsById: ReadonlyMap<string, Ad>,
  metricsBySku: ReadonlyMap<string, SkuMetric>,
): ListEntry[] {
  return inventory.map((record, rank) => {
    const ad = record.ad_id === null || record.ad_id === undefined ? undefined : adsById.get(record.ad_id);
    const metric = record.sku === null || record.sku === undefined ? undefined : metricsBySku.get(record.sku);
    const item = listItem(record, ad, metric);
    return {
      rank,
      json: JSON.stringify(item),
      alerting: isAged(record) || isLowCoverage(record),
      sort: { days_of_stock: item.days_of_stock, oldest_stock_days: item.oldest_stock_days, available_qty: item.available_qty },
    };
  });
}

/** Entries (in rank order) cut into consecutive pages of at most `maxBytes` of JSON; a larger item gets a page of its own. */
export function packPages(entries: readonly ListEntry[], maxBytes = PAGE_DOC_BYTES): ListPage[] {
  const pages: ListPage[] = [];
  let page: ListPage | undefined;
  let bytes = 0;
  for (const entry of entries) {
    const size = utf8Bytes(entry.json) + 1;
    if (!page || (bytes + size > maxBytes && page.docs.length > 0)) {
      page = { ranks: [], docs: [], keys: [] };
      pages.push(page);
      bytes = 0;
    }
    page.ranks.push(entry.rank);
    page.docs.push(entry.json);
    page.keys.push(entry.sort.days_of_stock, entry.sort.oldest_stock_days, entry.sort.available_qty);
    bytes += size;
  }
  return pages;
}

export function partSize(entries: readonly ListEntry[]): ListPartSize {
  let rawBytes = 0;
  let escaped = 0;
  for (const entry of entries) {
    rawBytes += utf8Bytes(entry.json);
    escaped += escapedBytes(entry.json);
  }
  return { count: entries.length, rawBytes, escapedBytes: escaped };
}

const bodyPrefix = (count: number): string => `{"has_data":${count > 0},"count":${count},"items":[`;
const BODY_SUFFIX = "]}";

/** The list body's size from the parts' sizes: items, the commas between them and the wrapper. */
export function bodySize(parts: readonly ListPartSize[]): { rawBytes: number; escapedBytes: number } {
  const count = parts.reduce((n, part) => n + part.count, 0);
  const wrapper = bodyPrefix(count) + BODY_SUFFIX;
  const commas = Math.max(0, count - 1);
  return {
    rawBytes: utf8Bytes(wrapper) + commas + parts.reduce((n, part) => n + part.rawBytes, 0),
    escapedBytes: escapedBytes(wrapper) + commas + parts.reduce((n, part) => n + part.escapedBytes, 0),
  };
}

/**
 * The SPEC body of GET /full/inventory as JSON text, from the pages of the parts the query asks
 * for: the alerting part alone (alerts=1) or both parts, merged back into the live order by rank.
 * Undefined when the pages do not hold exactly `count` items with ranks below `rankLimit` (a
 * rebuild was writing them): the caller then computes the answer from the records.
 */
export function assembleList(
  pages: readonly ListPage[],
  count: number,
  rankLimit: number,
  { sortBy }: Pick<InventoryQuery, "sortBy">,
): string | undefined {
  const docs: (string | undefined)[] = new Array(rankLimit);
  const sorts: (SortFields | undefined)[] = new Array(rankLimit);
  let seen = 0;
  for (const page of pages) {
    for (let i = 0; i < page.docs.length; i++) {
      const rank = page.ranks[i]!;
      if (!(rank >= 0 && rank < rankLimit) || docs[rank] !== undefined) return undefined;
      docs[rank] = page.docs[i]!;
      sorts[rank] = { days_of_stock: page.keys[3 * i] ?? null, oldest_stock_days: page.keys[3 * i + 1] ?? null, available_qty: page.keys[3 * i + 2] ?? null };
      seen++;
    }
  }
  if (seen !== count) return undefined;
  const ranks: number[] = [];
  for (let rank = 0; rank < rankLimit; rank++) if (docs[rank] !== undefined) ranks.push(rank);
  const keyOf = SORT_KEYS[sortBy] ?? SORT_KEYS.coverage;
  const ordered = sortByKey(ranks, (rank) => keyOf(sorts[rank]!));
  return `${bodyPrefix(count)}${ordered.map((rank) => docs[rank]).join(",")}${BODY_SUFFIX}`;
}

const ID_PREFIX = '{"inventory_id":';

/** The inventory id a stored item's JSON text starts with (listItem's first field); undefined for any other text. */
export function docInventoryId(doc: string): string | undefined {
  if (!doc.startsWith(ID_PREFIX)) return undefined;
  const end = doc.indexOf(',"ad_id":', ID_PREFIX.length);
  if (end < 0) return undefined;
  const id: unknown = JSON.parse(doc.slice(ID_PREFIX.length, end));
  return typeof id === "string" ? id : undefined;
}

/**
 * The stored pages of both parts with some records' entries replaced (records written since the
 * pages were built, by inventory id): each keeps its rank and goes to the part its flags now put
 * it in. Undefined when a replaced record has no entry in the pages.
 */
export function replaceEntries(
  parts: { alerting: readonly ListPage[]; others: readonly ListPage[] },
  replacements: ReadonlyMap<string, Pick<ListEntry, "json" | "alerting" | "sort">>,
): { alerting: ListPage[]; others: ListPage[] } | undefined {
  const moved: ListEntry[] = [];
  const strip = (page: ListPage): ListPage => {
    const kept: ListPage = { ranks: [], docs: [], keys: [] };
    page.docs.forEach((doc, i) => {
      const replacement = replacements.get(docInventoryId(doc) ?? "");
      if (replacement) {
        moved.push({ ...replacement, rank: page.ranks[i]! });
        return;
      }
      kept.ranks.push(page.ranks[i]!);
      kept.docs.push(doc);
      kept.keys.push(page.keys[3 * i] ?? null, page.keys[3 * i + 1] ?? null, page.keys[3 * i + 2] ?? null);
    });
    return kept;
  };
  const alerting = parts.alerting.map(strip);
  const others = parts.others.map(strip);
  if (moved.length !== replacements.size) return undefined;
  // The replaced entries form a page of their own in each part: the assembly orders entries by rank whatever page holds them.
  alerting.push(...packPages(moved.filter((entry) => entry.alerting)));
  others.push(...packPages(moved.filter((entry) => !entry.alerting)));
  return { alerting, others };
}
