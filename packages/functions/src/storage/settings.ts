import { createHash, randomBytes } from "node:crypto";
import { gunzipSync, gzipSync } from "node:zlib";
import { GetCommand, TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { Settings, type SettingEntry } from "@fulfillment/core";
import { ConflictError, SettingsGroupTooLargeError, UnstorableSettingKeyError } from "../errors.js";
import type { TableRef } from "./client.js";
import { Entities, fitsKey, ITEM_ABSENT, Keys } from "./keys.js";
import { queryAll } from "./operations.js";
import { isTransactionConflict } from "./conditions.js";
import { credentialTokenUpdate } from "./credentials.js";
import { backOff } from "../backoff.js";

/** Retries of a transaction another writer conflicted with. */
const CONFLICT_BACKOFF = { baseMs: 10, maxMs: 250 };

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
  /** Page 0 only: the id of the group's last recorded change. */
  last_change_id?: string;
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

/** Pages of one group (the prefix query also reads groups whose name starts with this one's). */
const isPageOf = (sk: string, group: string | null): boolean => Keys.settingsPageOf(sk)?.group === group;

/** One Query reads every page of a group. */
async function readPages(ref: TableRef, group: string | null): Promise<PageItem[]> {
  const items = await queryAll<PageItem>(ref, {
    ...Entities.settings.query.prefix({}, Keys.settingsGroupSk(group)),
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

/**
 * How long a container keeps a settings group it has read before reading it again: reads made
 * on every call (the business time zone) cost nothing within it. A write in the same process
 * forgets the copy at once; another container sees a change after at most this long.
 */
export const SETTINGS_CACHE_MS = 10_000;

const cachedGroups = new Map<string, { entries: Promise<SettingEntry[]>; readAt: number }>();
const cacheKey = (ref: TableRef, group: string | null): string => `${ref.table}\u0000${group ?? ""}`;

/** A group's entries, read at most once per SETTINGS_CACHE_MS in this container. */
export async function cachedGroupEntries(ref: TableRef, group: string, now = Date.now()): Promise<SettingEntry[]> {
  const key = cacheKey(ref, group);
  const cached = cachedGroups.get(key);
  if (cached && now - cached.readAt >= 0 && now - cached.readAt < SETTINGS_CACHE_MS) return cached.entries;
  const entries = listGroupEntries(ref, group);
  cachedGroups.set(key, { entries, readAt: now });
  // A failed read is not kept: the next call tries again.
  entries.catch(() => cachedGroups.get(key)?.entries === entries && cachedGroups.delete(key));
  return entries;
}

/** Every group's entries, from one Query of the settings partition. */
export async function listAllEntries(ref: TableRef): Promise<SettingEntry[]> {
  const items = await queryAll<PageItem>(ref, { ...Entities.settings.query.partition(), ConsistentRead: true });
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
  /** Who made the change and the request that carried it, recorded in the group's history. */
  actor?: string;
  requestId?: string | null;
  /** False for raw stored entries (the loader): written as given, with no change recorded. */
  recorded?: boolean;
}

/** Recorded as the actor of a write that names none (the loader, the demo data). */
export const SYSTEM_ACTOR = "system";

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
const writeIdOf = (seenVersion: number, identity: unknown): string =>
  createHash("sha256").update(JSON.stringify([seenVersion, identity])).digest("base64url").slice(0, 22);

type TransactItem = NonNullable<TransactWriteCommandInput["TransactItems"]>[number];

/** Writes a group's entries all or nothing, for any number of keys the group can hold, and records the change. */
export async function writeGroupEntries(ref: TableRef, group: string | null, write: GroupWrite): Promise<Settings.SettingsChange | null> {
  const unstorable = unstorableSettingKey(Object.keys(write.entries));
  if (unstorable !== undefined) throw new UnstorableSettingKeyError(unstorable);
  const planOf = async (current: Map<string, StoredEntry>): Promise<GroupPlan> => {
    const set = new Map<string, StoredEntry>();
    for (const [key, next] of Object.entries(write.entries)) {
      const existing = current.get(key);
      set.set(key, { value: next.value, description: existing && !write.replaceDescriptions ? (existing.description ?? null) : next.description });
    }
    return { set, remove: [] };
  };
  return changeGroup(ref, group, {
    plan: planOf,
    identity: [write.entries, write.replaceDescriptions ?? false, write.erpToken ?? null],
    erpToken: write.erpToken,
    now: write.now,
    stamp: { actor: write.actor ?? SYSTEM_ACTOR, requestId: write.requestId ?? null, action: "update" },
    recorded: write.recorded ?? true,
  });
}

/** What a restore asks for and who asks. */
export interface GroupRestore {
  target: Settings.RestoreTarget;
  actor: string;
  requestId: string | null;
  now?: Date;
}

/** The restored group: its entries after the restore, the change that recorded it, and the secrets left as they were. */
export interface RestoredGroup {
  entries: SettingEntry[];
  change: Settings.SettingsChange;
  secretsKept: string[];
}

/** Setting description a key gets when a restore stores it again (SPEC 2.7's text for a key created by an update). */
const describedAs = (group: string, key: string): string => `Setting: ${group}.${key}`;

/**
 * Puts the whole group back as it was at the target, in one transaction with the change that
 * records it: every change after the target is undone (secrets excepted: their values are not kept).
 */
export async function restoreGroup(ref: TableRef, group: string, restore: GroupRestore): Promise<RestoredGroup> {
  let secretsKept: string[] = [];
  let restored: Map<string, StoredEntry> = new Map();
  const plan = async (current: Map<string, StoredEntry>): Promise<GroupPlan> => {
    // Read after the pages: a change stored in between moves the version, and the write retries.
    const history = await listAllChanges(ref, group);
    const result = Settings.restoredTexts(textsOf(current), history, restore.target);
    secretsKept = result.secretsKept;
    const set = new Map<string, StoredEntry>();
    for (const [key, value] of result.texts) {
      const existing = current.get(key);
      if (existing?.value !== value) set.set(key, { value, description: existing?.description ?? describedAs(group, key) });
    }
    const remove = [...current.keys()].filter((key) => !result.texts.has(key));
    restored = new Map(current);
    for (const [key, entry] of set) restored.set(key, entry);
    for (const key of remove) restored.delete(key);
    return { set, remove };
  };
  const restoredTo = "change_id" in restore.target ? { change_id: restore.target.change_id } : { at: restore.target.at.toISOString() };
  const change = await changeGroup(ref, group, {
    plan,
    identity: ["restore", restoredTo, restore.requestId],
    now: restore.now,
    stamp: { actor: restore.actor, requestId: restore.requestId, action: "restore", restoredTo },
  });
  return { entries: toEntries(group, restored), change: change!, secretsKept };
}

interface GroupPlan {
  /** Entries to store (new text, description). */
  set: Map<string, StoredEntry>;
  /** Keys to remove from the group. */
  remove: string[];
}

interface ChangeStamp {
  actor: string;
  requestId: string | null;
  action: Settings.ChangeAction;
  restoredTo?: Settings.SettingsChange["restored_to"];
}

interface GroupChange {
  /** Computes the change from the group's current entries; called again after a concurrent write. */
  plan: (current: Map<string, StoredEntry>) => Promise<GroupPlan>;
  /** What makes this change this change (with the version it applies to): a retry recognises its own commit. */
  identity: unknown;
  erpToken?: string;
  now?: Date;
  stamp: ChangeStamp;
  recorded?: boolean;
}

const textsOf = (entries: Map<string, StoredEntry>): Map<string, string> => new Map([...entries].map(([key, entry]) => [key, entry.value]));

/**
 * A new change id: the instant, then random digits. Ids sort by time, and a change is always given
 * an instant after the group's last one (a change in the same millisecond moves one on), so the
 * order of the ids is the order of the changes.
 */
function newChange(now: Date, lastChangeId: string | undefined): { id: string; at: Date } {
  const last = lastChangeId === undefined ? Number.NEGATIVE_INFINITY : Date.parse(lastChangeId.slice(0, 24));
  const at = now.getTime() > last ? now : new Date(last + 1);
  return { id: `${at.toISOString()}-${randomBytes(4).toString("hex")}`, at };
}

async function changeGroup(ref: TableRef, group: string | null, change: GroupChange): Promise<Settings.SettingsChange | null> {
  try {
    return await storeGroupChange(ref, group, change);
  } finally {
    // Also on a failure: an answer lost on the way back may hide a stored write.
    cachedGroups.delete(cacheKey(ref, group));
  }
}

async function storeGroupChange(ref: TableRef, group: string | null, change: GroupChange): Promise<Settings.SettingsChange | null> {
  const tried = new Map<string, Settings.SettingsChange | null>();
  const started = Date.now();
  for (let attempt = 1; ; attempt++) {
    const stored = await readPages(ref, group);
    const head = stored.find((page) => page.sk === Keys.settingsGroupSk(group));
    // An earlier try of this very write was applied although its answer was lost (a timeout).
    if (head?.write_id !== undefined && tried.has(head.write_id)) return tried.get(head.write_id)!;
    const writeId = writeIdOf(head?.version ?? 0, change.identity);

    const entries = mergePages(stored);
    const before = textsOf(entries);
    const plan = await change.plan(entries);
    const changedKeys = new Set<string>([...plan.set.keys(), ...plan.remove]);
    for (const [key, entry] of plan.set) entries.set(key, entry);
    for (const key of plan.remove) entries.delete(key);
    const pageCount = head?.pages ?? 1;
    const layout = layOut(group, entries, pageCount);
    const relaidOut = layout.pages.length !== pageCount;
    const version = (head?.version ?? 0) + 1;

    const now = change.now ?? new Date();
    const keyChanges = Settings.keyChanges(before, textsOf(entries));
    const stamp = newChange(now, head?.last_change_id);
    const record: Settings.SettingsChange | null =
      group !== null && change.recorded !== false && (keyChanges.length > 0 || change.stamp.action === "restore")
        ? {
            change_id: stamp.id,
            group,
            at: stamp.at.toISOString(),
            actor: change.stamp.actor,
            request_id: change.stamp.requestId,
            action: change.stamp.action,
            ...(change.stamp.restoredTo ? { restored_to: change.stamp.restoredTo } : {}),
            changes: keyChanges,
          }
        : null;
    tried.set(writeId, record);

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
            Item: { ...item, pages: layout.pages.length, write_id: writeId, last_change_id: record?.change_id ?? head?.last_change_id },
            ...(head
              ? { ConditionExpression: "version = :seen", ExpressionAttributeValues: { ":seen": head.version } }
              : { ConditionExpression: ITEM_ABSENT }),
          },
        },
      ];
    });
    if (record) items.push({ Put: { TableName: ref.table, Item: changeItem(record), ConditionExpression: ITEM_ABSENT } });
    if (change.erpToken !== undefined) items.push(credentialTokenUpdate(ref, "erp", change.erpToken, now));
    try {
      await ref.doc.send(new TransactWriteCommand({ TransactItems: items }));
      return record;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (Date.now() - started > CONTENTION_WINDOW_MS) throw new SettingsChangedConcurrentlyError();
      await backOff(CONFLICT_BACKOFF, attempt);
    }
  }
}

/** Change records above this size keep their key changes gzip-compressed (large values of the loader, large restores). */
const COMPRESS_CHANGES_BYTES = 64_000;

/** The stored item of a change; refused (nothing written) when it would pass the item size limit even compressed. */
function changeItem(record: Settings.SettingsChange): Record<string, unknown> {
  const item = { ...Keys.settingsChange(record.group, record.change_id), kind: "settings-change", ...record };
  const changesText = JSON.stringify(record.changes);
  if (utf8(changesText) <= COMPRESS_CHANGES_BYTES) return item;
  const { changes: _changes, ...rest } = item;
  const compressed = gzipSync(changesText);
  if (compressed.byteLength > SETTINGS_PAGE_BYTES) {
    throw new SettingsGroupTooLargeError(record.group, compressed.byteLength, SETTINGS_PAGE_BYTES, `change record of settings group '${record.group}' (compressed)`);
  }
  return { ...rest, changes_gz: compressed };
}

const fromChangeItem = (item: Record<string, unknown>): Settings.SettingsChange => {
  const { pk: _pk, sk: _sk, kind: _kind, changes_gz: compressed, ...record } = item;
  if (compressed instanceof Uint8Array) record.changes = JSON.parse(gunzipSync(compressed).toString("utf8"));
  return record as unknown as Settings.SettingsChange;
};

/** Every recorded change of a group, newest first. */
async function listAllChanges(ref: TableRef, group: string): Promise<Settings.SettingsChange[]> {
  const items = await queryAll(ref, { ...Entities["settings-change"].query.partition({ group }), ScanIndexForward: false, ConsistentRead: true });
  return items.map(fromChangeItem);
}

/** One page of a group's changes, newest first, older than `before` (a change id) when given. */
export async function listGroupChanges(
  ref: TableRef,
  group: string,
  { limit, before }: { limit: number; before?: string },
): Promise<{ changes: Settings.SettingsChange[]; next: string | null }> {
  const query = Entities["settings-change"].query;
  const condition = before === undefined ? query.partition({ group }) : query.below({ group }, before);
  const items = await queryAll(ref, { ...condition, ScanIndexForward: false, ConsistentRead: true, Limit: limit + 1 }, limit + 1);
  const changes = items.slice(0, limit).map(fromChangeItem);
  return { changes, next: items.length > limit ? changes[changes.length - 1]!.change_id : null };
}

/** One change of a group, if it exists. */
export async function getGroupChange(ref: TableRef, group: string, changeId: string): Promise<Settings.SettingsChange | undefined> {
  const key = Keys.settingsChange(group, changeId);
  if (!fitsKey(key)) return undefined;
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: key, ConsistentRead: true }));
  return result.Item ? fromChangeItem(result.Item) : undefined;
}
