import { createHash } from "node:crypto";
import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import type { SettingEntry } from "@fulfillment/core";
import { ConflictError } from "../errors.js";
import type { TableRef } from "./client.js";
import { ITEM_ABSENT, KeyConditions, Keys } from "./keys.js";
import { queryAll } from "./operations.js";
import { isTransactionConflict } from "./conditions.js";
import { credentialTokenUpdate } from "./credentials.js";

/**
 * A group's entries (key → {value, description}) live in 1, 2, 4 … page items, each key on page
 * hash(key) mod pages. Page 0 also holds the group's version and page count. A PUT reads the pages,
 * applies its keys and writes the pages it changed in one transaction conditioned on the version,
 * so it is all or nothing for any number of keys, and concurrent writers are serialised: the
 * loser re-reads and applies its keys to the newest copy. When a page would pass the item size
 * limit the group is laid out again on twice as many pages (every page rewritten together).
 */

type StoredEntry = { value: string; description?: string | null };

interface PageItem {
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
}

/** DynamoDB's item limit is 400 KB; a page stays below it with room for its own attributes. */
export const SETTINGS_PAGE_BYTES = 350_000;
/** Every page of a group can be rewritten in one transaction (4 MB, 100 items) with room to spare. */
export const SETTINGS_GROUP_BYTES = 3_500_000;
const MAX_PAGES = 64;
/** How long a PUT keeps retrying against concurrent writers before it answers 409. */
const CONTENTION_WINDOW_MS = 6_000;

/** DynamoDB's limit on a map key, in bytes. */
const MAX_KEY_BYTES = 65_535;

const utf8 = (text: string): number => Buffer.byteLength(text);

/** The entry's size as DynamoDB counts it inside a map (names, values, a few bytes of overhead). */
const entryBytes = (key: string, entry: StoredEntry): number =>
  utf8(key) + 4 + (6 + utf8(entry.value)) + (12 + (entry.description ? utf8(entry.description) : 1)) + 3;

/** FNV-1a over the key: a stable page for each key. */
function pageOf(key: string, pages: number): number {
  let hash = 0x811c9dc5;
  for (let i = 0; i < key.length; i++) {
    hash ^= key.charCodeAt(i);
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % pages;
}

/** A key the store cannot hold ("", "__proto__", over the key size limit): the PUT fails as a whole. */
export class UnstorableSettingKeyError extends Error {
  constructor(readonly key: string) {
    super(`Setting key ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)} cannot be stored`);
    this.name = "UnstorableSettingKeyError";
  }
}

/** The group, with this PUT's keys, would pass what one transaction can store; nothing was written. */
export class SettingsGroupTooLargeError extends Error {
  constructor(
    readonly group: string | null,
    readonly bytes: number,
    readonly limitBytes: number,
    what = `settings group '${group ?? "(no group)"}'`,
  ) {
    super(
      `Settings not stored: the ${what} would hold ${bytes.toLocaleString("en-US")} bytes, over the limit of ${limitBytes.toLocaleString("en-US")} bytes; nothing was changed`,
    );
    this.name = "SettingsGroupTooLargeError";
  }
}

/** Other writers kept changing the group for the whole retry window; nothing of this PUT was stored. */
export class SettingsChangedConcurrentlyError extends ConflictError {
  constructor() {
    super("Not stored: settings changed concurrently, retry. Other updates of this group kept winning; nothing of this one was stored");
  }
}

/**
 * The first key a group item cannot hold, if any: DynamoDB refuses empty and over-long map keys,
 * and the SDK's marshalling drops "__proto__".
 */
export function unstorableSettingKey(keys: Iterable<string>): string | undefined {
  for (const key of keys) if (key === "" || key === "__proto__" || utf8(key) > MAX_KEY_BYTES) return key;
  return undefined;
}

/** Pages of one group: its page-0 sort key, or that key followed by "#<page>". */
const isPageOf = (sk: string, group: string | null): boolean => {
  const head = Keys.settingsGroupSk(group);
  return sk === head || (sk.startsWith(`${head}#`) && /^\d+$/.test(sk.slice(head.length + 1)));
};

/** One Query reads every page of a group. */
async function readPages(ref: TableRef, group: string | null): Promise<PageItem[]> {
  const items = await queryAll<PageItem>(ref, {
    ...KeyConditions.prefix(Keys.settingsPartition, Keys.settingsGroupSk(group)),
    ConsistentRead: true,
  });
  return items.filter((item) => isPageOf(item.sk, group));
}

/**
 * The group's entries, newest copy first: a read that overlaps a relayout may see a key on its old
 * page and on its new one, and the page written by the later version wins.
 */
function mergePages(pages: PageItem[]): Map<string, StoredEntry> {
  const entries = new Map<string, StoredEntry>();
  for (const page of [...pages].sort((a, b) => (b.version ?? 0) - (a.version ?? 0))) {
    for (const [key, entry] of Object.entries(page.entries ?? {})) if (!entries.has(key)) entries.set(key, entry);
  }
  return entries;
}

const toEntries = (group: string | null, entries: Map<string, StoredEntry>): SettingEntry[] =>
  [...entries].map(([key, entry]) => ({ key, value: entry.value, group, description: entry.description ?? null }));

export async function listGroupEntries(ref: TableRef, group: string): Promise<SettingEntry[]> {
  return toEntries(group, mergePages(await readPages(ref, group)));
}

/** Every group's entries, from one Query of the settings partition. */
export async function listAllEntries(ref: TableRef): Promise<SettingEntry[]> {
  const items = await queryAll<PageItem>(ref, { ...KeyConditions.partition(Keys.settingsPartition), ConsistentRead: true });
  const byGroup = new Map<string | null, PageItem[]>();
  for (const item of items) byGroup.set(item.group ?? null, [...(byGroup.get(item.group ?? null) ?? []), item]);
  return [...byGroup].flatMap(([group, pages]) => toEntries(group, mergePages(pages)));
}

export interface GroupWrite {
  /** key → text and the description to give a key that is new. */
  entries: Record<string, { value: string; description: string | null }>;
  /** Descriptions of existing keys are kept unless this is set (the loader's raw entries). */
  replaceDescriptions?: boolean;
  /** Also store this token as the ERP credential's access token, in the same transaction. */
  erpToken?: string;
  now?: Date;
}

interface Layout {
  pages: Map<string, StoredEntry>[];
  bytes: number[];
}

/** Spreads the entries over the fewest pages (a power of two, never fewer than before) that each fit. */
function layOut(group: string | null, entries: Map<string, StoredEntry>, atLeast: number): Layout {
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

/**
 * Deterministic: two writers of the same keys on the same version produce the same group, so
 * either may count the other's commit as its own.
 */
const writeIdOf = (seenVersion: number, write: GroupWrite): string =>
  createHash("sha256")
    .update(JSON.stringify([seenVersion, write.entries, write.replaceDescriptions ?? false, write.erpToken ?? null]))
    .digest("base64url")
    .slice(0, 22);

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/** Writes a group's entries all or nothing, for any number of keys the group can hold. */
export async function writeGroupEntries(ref: TableRef, group: string | null, write: GroupWrite): Promise<void> {
  const unstorable = unstorableSettingKey(Object.keys(write.entries));
  if (unstorable !== undefined) throw new UnstorableSettingKeyError(unstorable);
  const tried = new Set<string>();
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const stored = await readPages(ref, group);
    const head = stored.find((page) => page.sk === Keys.settingsGroupSk(group));
    // An earlier try of this very write was applied although its answer was lost (a timeout).
    if (head?.write_id !== undefined && tried.has(head.write_id)) return;
    const writeId = writeIdOf(head?.version ?? 0, write);
    tried.add(writeId);

    const entries = mergePages(stored);
    const changedKeys = new Set<string>();
    for (const [key, next] of Object.entries(write.entries)) {
      const existing = entries.get(key);
      const description = existing && !write.replaceDescriptions ? (existing.description ?? null) : next.description;
      entries.set(key, { value: next.value, description });
      changedKeys.add(key);
    }
    const pageCount = head?.pages ?? 1;
    const layout = layOut(group, entries, pageCount);
    const relaidOut = layout.pages.length !== pageCount;
    const version = (head?.version ?? 0) + 1;

    const items: TransactItem[] = layout.pages.flatMap((pageEntries, page): TransactItem[] => {
      const touched = page === 0 || relaidOut || [...changedKeys].some((key) => pageOf(key, layout.pages.length) === page);
      if (!touched) return [];
      // A Map, not an object: the marshaller takes an object with a "constructor" key for a class instance.
      const item = { ...Keys.settingsPage(group, page), kind: "settings", group, entries: pageEntries, version };
      if (page > 0) return [{ Put: { TableName: ref.table, Item: item } }];
      return [
        {
          Put: {
            TableName: ref.table,
            Item: { ...item, pages: layout.pages.length, write_id: writeId },
            ...(head
              ? { ConditionExpression: "version = :seen", ExpressionAttributeValues: { ":seen": head.version } }
              : { ConditionExpression: ITEM_ABSENT }),
          },
        },
      ];
    });
    if (write.erpToken !== undefined) items.push(credentialTokenUpdate(ref, "erp", write.erpToken, write.now ?? new Date()));
    try {
      await ref.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (Date.now() - started > CONTENTION_WINDOW_MS) throw new SettingsChangedConcurrentlyError();
      await new Promise((resolve) => setTimeout(resolve, Math.random() * Math.min(250, 10 * 2 ** attempt)));
    }
  }
}
