/**
 * The history of a settings group: what each change did per key (old text → new text), with secrets
 * recorded only as changed, and the group as it was at an earlier moment (restore).
 */

/**
 * Keys whose values are secrets (API keys, tokens, passwords): their values appear in no history
 * answer and no log line. Decided by the key's name, in every group.
 */
export const isSecretKey = (key: string): boolean => /(^|_)(api_key|key|token|secret|password|senha)$/.test(key);

/** What a change did to one key: created (absent before), changed, or removed (absent after). */
export type KeyChangeKind = "created" | "changed" | "removed";

/**
 * One key of a change. A secret carries only its kind: old_value and new_value are absent, never
 * its text. Values are the stored texts (SPEC 4.B stores every value as text).
 */
export interface KeyChange {
  key: string;
  change: KeyChangeKind;
  secret: boolean;
  old_value?: string | null;
  new_value?: string | null;
  /** The seller (marketplace user id) whose override of the key this is; absent for the deployment's value. */
  seller_id?: string;
}

export type ChangeAction = "update" | "restore";

/** One recorded change of a group: a PUT or a restore. */
export interface SettingsChange {
  change_id: string;
  group: string;
  /** ISO 8601 instant the change was stored. */
  at: string;
  actor: string;
  request_id: string | null;
  action: ChangeAction;
  /** A restore: the moment or the change it went back to. */
  restored_to?: { at?: string; change_id?: string };
  changes: KeyChange[];
}

/** key → stored text; a key absent from the map is not stored (it reads as its default). */
export type GroupTexts = ReadonlyMap<string, string>;

/** The keys whose stored text differs between two states of a group, secrets masked, in key order. */
export function keyChanges(before: GroupTexts, after: GroupTexts): KeyChange[] {
  const keys = [...new Set([...before.keys(), ...after.keys()])].sort();
  const changes: KeyChange[] = [];
  for (const key of keys) {
    const old = before.get(key);
    const next = after.get(key);
    if (old === next) continue;
    const change: KeyChangeKind = old === undefined ? "created" : next === undefined ? "removed" : "changed";
    if (isSecretKey(key)) changes.push({ key, change, secret: true });
    else changes.push({ key, change, secret: false, old_value: old ?? null, new_value: next ?? null });
  }
  return changes;
}

/** A seller's overrides changing from `before` to `after`: the same key changes, each naming the seller. */
export function overrideKeyChanges(before: GroupTexts, after: GroupTexts, sellerId: string): KeyChange[] {
  return keyChanges(before, after).map((change) => ({ ...change, seller_id: sellerId }));
}

/** Where a restore goes back to: just after a change, or a moment (every change stored at or before it counts). */
export type RestoreTarget = { change_id: string } | { at: Date };

/** True when the change came after the restore's target, so the restore undoes it. */
function after(change: SettingsChange, target: RestoreTarget): boolean {
  return "change_id" in target ? change.change_id > target.change_id : Date.parse(change.at) > target.at.getTime();
}

export interface RestoredGroup {
  /** The group's texts as they were at the target (secrets: as they are now). */
  texts: Map<string, string>;
  /** Secret keys changed since the target: their values are not recorded, so they stay as they are. */
  secretsKept: string[];
}

/**
 * The texts as they were at the target: the current texts with every change after the target
 * undone, newest first. `seller` picks the key changes undone: the deployment's values (undefined)
 * or that seller's overrides. Secrets are kept as they are (their old values were never recorded).
 */
function undoneAfter(current: GroupTexts, history: readonly SettingsChange[], target: RestoreTarget, seller: string | undefined): RestoredGroup {
  const texts = new Map(current);
  const secretsKept = new Set<string>();
  const newestFirst = [...history].sort((a, b) => (a.change_id < b.change_id ? 1 : a.change_id > b.change_id ? -1 : 0));
  for (const change of newestFirst) {
    if (!after(change, target)) break;
    for (const key of change.changes) {
      if (key.seller_id !== seller) continue;
      if (key.secret) {
        secretsKept.add(key.key);
        continue;
      }
      if (key.old_value === null || key.old_value === undefined) texts.delete(key.key);
      else texts.set(key.key, key.old_value);
    }
  }
  return { texts, secretsKept: [...secretsKept].sort() };
}

/** The group's own (shared) texts as they were at the target; sellers' overrides are left out. */
export const restoredTexts = (current: GroupTexts, history: readonly SettingsChange[], target: RestoreTarget): RestoredGroup =>
  undoneAfter(current, history, target, undefined);

/**
 * One seller's overrides of the group as they were at the target. An override stored before its
 * changes were recorded stays as it is unless a recorded change after the target touched it.
 */
export const restoredOverrides = (current: GroupTexts, history: readonly SettingsChange[], target: RestoreTarget, sellerId: string): RestoredGroup =>
  undoneAfter(current, history, target, sellerId);
