import { gunzipSync, gzipSync } from "node:zlib";
import { randomBytes } from "node:crypto";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import type { Settings } from "@fulfillment/core";
import type { TableRef } from "../client.js";
import { Entities, fitsKey } from "../keys.js";
import { queryAll } from "../operations.js";
import { SettingsGroupTooLargeError } from "../../errors.js";
import { SETTINGS_PAGE_BYTES, utf8 } from "./pages.js";

// A settings group's history: one record per change, written in the transaction of the change itself.

/**
 * A new change id: the instant, then random digits. Ids sort by time, and a change is always given
 * an instant after the group's last one (a change in the same millisecond moves one on), so the
 * order of the ids is the order of the changes.
 */
export function newChange(now: Date, lastChangeId: string | undefined): { id: string; at: Date } {
  const last = lastChangeId === undefined ? Number.NEGATIVE_INFINITY : Date.parse(lastChangeId.slice(0, 24));
  const at = now.getTime() > last ? now : new Date(last + 1);
  return { id: `${at.toISOString()}-${randomBytes(4).toString("hex")}`, at };
}

/** Change records above this size keep their key changes gzip-compressed (large values of the loader, large restores). */
const COMPRESS_CHANGES_BYTES = 64_000;

/** The stored item of a change; refused (nothing written) when it would pass the item size limit even compressed. */
export function changeItem(record: Settings.SettingsChange): Record<string, unknown> {
  const item = { ...Entities["settings-change"].key({ group: record.group, changeId: record.change_id }), kind: "settings-change", ...record };
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
export async function listAllChanges(ref: TableRef, group: string): Promise<Settings.SettingsChange[]> {
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
  const key = Entities["settings-change"].key({ group, changeId });
  if (!fitsKey(key)) return undefined;
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: key, ConsistentRead: true }));
  return result.Item ? fromChangeItem(result.Item) : undefined;
}
