import type { SettingEntry } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities } from "../keys.js";
import { queryAll } from "../operations.js";
import { SettingsGroupTooLargeError } from "../../errors.js";

/** How a settings group is laid out on its page items, and how they are read (storage/settings.ts writes them). */

export type StoredEntry = { value: string; description?: string | null };

export interface PageItem {
  pk: string;
  sk: string;
  group: string | null;
  entries: Record<string, StoredEntry>;
  /** The version of the group write that wrote this page last. */
  version: number;
  /** Page 0 only: the group's page count (absent on a group stored before pages existed: 1). */
  pages?: number;
  /**
   * Page 0 only: what made this version (a hash of the version it replaced and the keys written),
   * so a write whose answer was lost recognises itself on its next try.
   */
  write_id?: string;
  /** Page 0 only: the id of the group's last recorded change. */
  last_change_id?: string;
}

/** DynamoDB's item limit is 400 KB; a page stays below it with room for its own attributes. */
export const SETTINGS_PAGE_BYTES = 350_000;
/** Every page of a group can be rewritten in one transaction (4 MB, 100 items) with room to spare. */
export const SETTINGS_GROUP_BYTES = 3_500_000;
const MAX_PAGES = 64;
/** DynamoDB's limit on a map key, in bytes. */
const MAX_KEY_BYTES = 65_535;

export const utf8 = (text: string): number => Buffer.byteLength(text);

/** The entry's size as DynamoDB counts it inside a map (names, values, a few bytes of overhead). */
const entryBytes = (key: string, entry: StoredEntry): number =>
  utf8(key) + 4 + (6 + utf8(entry.value)) + (12 + (entry.description ? utf8(entry.description) : 1)) + 3;

/** FNV-1a over the key: a stable page for each key. */
export function pageOf(key: string, pages: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % pages;
}

/**
 * The first key a group item cannot hold, if any: DynamoDB refuses empty and over-long map keys,
 * and the SDK's marshalling drops "__proto__".
 */
export function unstorableSettingKey(keys: Iterable<string>): string | undefined {
  for (const key of keys) if (key === "" || key === "__proto__" || utf8(key) > MAX_KEY_BYTES) return key;
  return undefined;
}

/** Pages of one group (the prefix query also reads groups whose name starts with this one's). */
const isPageOf = (sk: string, group: string | null): boolean => Entities.settings.sk.read(sk)?.group === group;

/** One Query reads every page of a group. */
export async function readPages(ref: TableRef, group: string | null): Promise<PageItem[]> {
  const items = await queryAll<PageItem>(ref, {
    ...Entities.settings.query.prefix({}, Entities.settings.sortKey({ group, page: 0 })),
    ConsistentRead: true,
  });
  return items.filter((item) => isPageOf(item.sk, group));
}

/**
 * The group's entries, newest copy first: a read that overlaps a relayout may see a key on its old
 * page and on its new one, and the page written by the later version wins.
 */
export function mergePages(pages: PageItem[]): Map<string, StoredEntry> {
  const entries = new Map<string, StoredEntry>();
  for (const page of [...pages].sort((a, b) => (b.version ?? 0) - (a.version ?? 0))) {
    for (const [key, entry] of Object.entries(page.entries ?? {})) if (!entries.has(key)) entries.set(key, entry);
  }
  return entries;
}

export const toEntries = (group: string | null, entries: Map<string, StoredEntry>): SettingEntry[] =>
  [...entries].map(([key, entry]) => ({ key, value: entry.value, group, description: entry.description ?? null }));

interface Layout {
  pages: Map<string, StoredEntry>[];
  bytes: number[];
}

/** Spreads the entries over the fewest pages (a power of two, never fewer than before) that each fit. */
export function layOut(group: string | null, entries: Map<string, StoredEntry>, atLeast: number): Layout {
  const total = [...entries].reduce((sum, [key, entry]) => sum + entryBytes(key, entry), 0);
  if (total > SETTINGS_GROUP_BYTES) throw new SettingsGroupTooLargeError(group, total, SETTINGS_GROUP_BYTES);
  for (let count = atLeast; count <= MAX_PAGES; count *= 2) {
    const layout: Layout = { pages: Array.from({ length: count }, () => new Map()), bytes: Array(count).fill(0) };
    for (const [key, entry] of entries) {
      const page = pageOf(key, count);
      layout.pages[page]!.set(key, entry);
      layout.bytes[page]! += entryBytes(key, entry);
    }
    if (layout.bytes.every((bytes) => bytes <= SETTINGS_PAGE_BYTES)) return layout;
  }
  const [key, entry] = [...entries].sort(([ka, a], [kb, b]) => entryBytes(kb, b) - entryBytes(ka, a))[0]!;
  throw new SettingsGroupTooLargeError(group, entryBytes(key, entry), SETTINGS_PAGE_BYTES, `setting '${key.slice(0, 40)}'`);
}

export const textsOf = (entries: Map<string, StoredEntry>): Map<string, string> => new Map([...entries].map(([key, entry]) => [key, entry.value]));

