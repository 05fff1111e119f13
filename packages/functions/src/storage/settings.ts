import { createHash } from "node:crypto";
import { TransactWriteCommand, type TransactWriteCommandInput } from "@aws-sdk/lib-dynamodb";
import { Settings, type SettingEntry } from "@fulfillment/core";
import { ConflictError, SettingsGroupTooLargeError, UnstorableSettingKeyError } from "../errors.js";
import { explain } from "../error-texts.js";
import type { TableRef } from "./client.js";
import { Entities, ITEM_ABSENT } from "./keys.js";
import { queryAll } from "./operations.js";
import { isTransactionConflict } from "./conditions.js";
import { markChanged } from "./changes.js";
import { credentialTokenUpdate } from "./credentials.js";
import { withScope } from "./scope.js";
import { backOff } from "../backoff.js";
import { changeItem, listAllChanges, newChange } from "./settings/changes.js";
import { listOverrides, overrideItems, type OverrideWrite } from "./settings/overrides.js";
import { layOut, mergePages, type PageItem, pageOf, readPages, type StoredEntry, textsOf, toEntries, unstorableSettingKey } from "./settings/pages.js";

export { getGroupChange, listGroupChanges } from "./settings/changes.js";
export { listOverrides, type OverrideWrite } from "./settings/overrides.js";

/**
 * A group's entries (key → {value, description}) live in 1, 2, 4 … page items, each key on page
 * hash(key) mod pages. Page 0 also holds the group's version and page count. A PUT reads the pages,
 * applies its keys and writes the pages it changed in one transaction conditioned on the version,
 * so it is all or nothing for any number of keys, and concurrent writers are serialised: the
 * loser re-reads and applies its keys to the newest copy. When a page would pass the item size
 * limit the group is laid out again on twice as many pages (every page rewritten together).
 */

/** Retries of a transaction another writer conflicted with. */
const CONFLICT_BACKOFF = { baseMs: 10, maxMs: 250 };

/** How long a PUT keeps retrying against concurrent writers before it answers 409. */
const CONTENTION_WINDOW_MS = 6_000;

/** Other writers kept changing the group for the whole retry window; nothing of this PUT was stored. */
export class SettingsChangedConcurrentlyError extends ConflictError {
  constructor() {
    super(explain("settings_changed_concurrently"));
  }
}

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

/**
 * A group's entries as the current scope's seller has them: the shared entries with the seller's
 * overrides applied (storage/settings/overrides.ts). What the per-seller computations read.
 */
export async function sellerGroupEntries(ref: TableRef, group: Settings.SettingGroup): Promise<SettingEntry[]> {
  if (Settings.PER_SELLER_KEYS[group].length === 0) return listGroupEntries(ref, group);
  const [shared, overrides] = await Promise.all([listGroupEntries(ref, group), listOverrides(ref, group)]);
  return Settings.withOverrides(shared, overrides);
}

/** A group's entries for each of several sellers' scopes, in their order: the shared entries read once, each seller's overrides applied. */
export async function sellersGroupEntries(ref: TableRef, group: Settings.SettingGroup, scopes: readonly string[]): Promise<SettingEntry[][]> {
  const [shared, ...overrides] = await Promise.all([
    listGroupEntries(ref, group),
    ...scopes.map((scope) => (Settings.PER_SELLER_KEYS[group].length === 0 ? [] : withScope(scope, () => listOverrides(ref, group)))),
  ]);
  return overrides.map((own) => Settings.withOverrides(shared, own));
}

/** Every group's entries with the current scope's seller's overrides applied. */
export async function sellerAllEntries(ref: TableRef): Promise<SettingEntry[]> {
  const [shared, overrides] = await Promise.all([listAllEntries(ref), listOverrides(ref)]);
  return Settings.withOverrides(shared, overrides);
}
export interface GroupWrite {
  /** key → text and the description to give a key that is new. */
  entries: Record<string, { value: string; description: string | null }>;
  /** Descriptions of existing keys are kept unless this is set (the loader's raw entries). */
  replaceDescriptions?: boolean;
  /** Also store this token as the ERP credential's access token, in the same transaction. */
  erpToken?: string;
  /** Also store these overrides of the current scope's seller, in the same transaction (a PUT naming a seller). */
  overrides?: OverrideWrite;
  /** The seller (marketplace user id) whose overrides these are: their changes are recorded under its name. */
  sellerId?: string;
  now?: Date;
  /** Who made the change and the request that carried it, recorded in the group's history. */
  actor?: string;
  requestId?: string | null;
  /** False for raw stored entries (the loader): written as given, with no change recorded. */
  recorded?: boolean;
}

/** Recorded as the actor of a write that names none (the loader, the demo data). */
export const SYSTEM_ACTOR = "system";

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
    identity: [write.entries, write.replaceDescriptions ?? false, write.erpToken ?? null, write.overrides ?? null],
    erpToken: write.erpToken,
    overrides: write.overrides,
    sellerId: write.sellerId,
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
  /** Also put this seller's overrides of the group back (a restore naming a seller). */
  sellerId?: string;
  now?: Date;
}

/** The restored group: its entries after the restore, the change that recorded it, and the secrets left as they were. */
export interface RestoredGroup {
  entries: SettingEntry[];
  /** The named seller's overrides of the group after the restore (a restore naming a seller). */
  overrides?: SettingEntry[];
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
  let restoredOverrides: SettingEntry[] | undefined;
  const plan = async (current: Map<string, StoredEntry>): Promise<GroupPlan> => {
    // Read after the pages: a change stored in between moves the version, and the write retries.
    const history = await listAllChanges(ref, group);
    const result = Settings.restoredTexts(textsOf(current), history, restore.target);
    secretsKept = result.secretsKept;
    const overrides = restore.sellerId === undefined ? undefined : await restoredOverrideWrite(ref, group, history, restore.target, restore.sellerId);
    if (overrides) secretsKept = [...new Set([...secretsKept, ...overrides.secretsKept])].sort();
    restoredOverrides = overrides?.entries;
    const set = new Map<string, StoredEntry>();
    for (const [key, value] of result.texts) {
      const existing = current.get(key);
      if (existing?.value !== value) set.set(key, { value, description: existing?.description ?? describedAs(group, key) });
    }
    const remove = [...current.keys()].filter((key) => !result.texts.has(key));
    restored = new Map(current);
    for (const [key, entry] of set) restored.set(key, entry);
    for (const key of remove) restored.delete(key);
    return { set, remove, overrides: overrides?.write };
  };
  const restoredTo = "change_id" in restore.target ? { change_id: restore.target.change_id } : { at: restore.target.at.toISOString() };
  const change = await changeGroup(ref, group, {
    plan,
    identity: ["restore", restoredTo, restore.requestId, restore.sellerId ?? null],
    sellerId: restore.sellerId,
    now: restore.now,
    stamp: { actor: restore.actor, requestId: restore.requestId, action: "restore", restoredTo },
  });
  return { entries: toEntries(group, restored), ...(restoredOverrides ? { overrides: restoredOverrides } : {}), change: change!, secretsKept };
}

interface GroupPlan {
  /** Entries to store (new text, description). */
  set: Map<string, StoredEntry>;
  /** Keys to remove from the group. */
  remove: string[];
  /** The seller's overrides to store and remove (a restore naming a seller). */
  overrides?: OverrideWrite;
}

/** One seller's overrides of the group as they were at the target: the write that puts them back, and the overrides after it. */
async function restoredOverrideWrite(
  ref: TableRef,
  group: string,
  history: readonly Settings.SettingsChange[],
  target: Settings.RestoreTarget,
  sellerId: string,
): Promise<{ write: OverrideWrite; entries: SettingEntry[]; secretsKept: string[] }> {
  const current = overrideTexts(await listOverrides(ref, group));
  const { texts, secretsKept } = Settings.restoredOverrides(current, history, target, sellerId);
  const set = Object.fromEntries([...texts].filter(([key, value]) => current.get(key) !== value));
  const entries = [...texts].map(([key, value]) => ({ key, value, group }));
  return { write: { set, remove: [...current.keys()].filter((key) => !texts.has(key)) }, entries, secretsKept };
}

const overrideTexts = (entries: readonly SettingEntry[]): Map<string, string> => new Map(entries.map((entry) => [entry.key, entry.value]));

/** The seller's overrides after a write: the recorded key changes, named after the seller. */
async function overrideChanges(ref: TableRef, group: string, write: OverrideWrite, sellerId: string): Promise<Settings.KeyChange[]> {
  const before = overrideTexts(await listOverrides(ref, group));
  const after = new Map(before);
  for (const [key, value] of Object.entries(write.set)) after.set(key, value);
  for (const key of write.remove) after.delete(key);
  return Settings.overrideKeyChanges(before, after, sellerId);
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
  overrides?: OverrideWrite;
  /** The seller whose overrides the change writes (GroupWrite.sellerId). */
  sellerId?: string;
  now?: Date;
  stamp: ChangeStamp;
  recorded?: boolean;
}

/**
 * The business time zone turns the records' wall-clock times into instants: the views that carry
 * one (the overview's updated_at, the list's rows) are stale once it changes, and read live until
 * their next rebuild.
 */
const ZONE_KEYS = new Set(["fuso_horario", "geral.fuso_horario"]);

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
    const head = stored.find((page) => page.sk === Entities.settings.sortKey({ group, page: 0 }));
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
    const overrides = plan.overrides ?? change.overrides;
    // Read after the pages: another override write moves the group's version too, and this one retries.
    const sellerChanges = overrides && group !== null && change.sellerId !== undefined ? await overrideChanges(ref, group, overrides, change.sellerId) : [];
    const sharedChanges = Settings.keyChanges(before, textsOf(entries));
    const keyChanges = [...sharedChanges, ...sellerChanges];
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
      const item = { ...Entities.settings.key({ group, page }), kind: "settings", group, entries: pageEntries, version };
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
    // The ERP is the company's: its credential stays in the empty scope whatever seller a PUT names.
    if (change.erpToken !== undefined) items.push(withScope("", () => credentialTokenUpdate(ref, "erp", change.erpToken!, now)));
    if (overrides) items.push(...overrideItems(ref, group ?? "", overrides, now));
    try {
      await ref.doc.send(new TransactWriteCommand({ TransactItems: items }));
      if ((group === "geral" || group === null) && sharedChanges.some((key) => ZONE_KEYS.has(key.key))) await markChanged(ref, "inventory", { everySeller: true });
      return record;
    } catch (error) {
      if (!isTransactionConflict(error)) throw error;
      if (Date.now() - started > CONTENTION_WINDOW_MS) throw new SettingsChangedConcurrentlyError();
      await backOff(CONFLICT_BACKOFF, attempt);
    }
  }
}

