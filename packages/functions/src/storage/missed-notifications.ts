/** Which missed notifications the hourly drain queued already: the feed lists each for two days. */
import type { TableRef } from "./client.js";
import { Entities, expiresAt } from "./keys.js";
import { batchGet, batchWrite } from "./operations.js";

/** Longer than the feed keeps an entry. */
const MARK_RETENTION_MS = 3 * 24 * 60 * 60 * 1000;

/** The ids no earlier drain queued. */
export async function unqueuedMissedNotifications(ref: TableRef, ids: readonly string[]): Promise<string[]> {
  if (ids.length === 0) return [];
  const marked = await batchGet(ref, ids.map((id) => Entities.missed_notification.key({ id })), ["id"]);
  const seen = new Set(marked.map((item) => String(item.id)));
  return [...new Set(ids)].filter((id) => !seen.has(id));
}

export async function markMissedNotificationsQueued(ref: TableRef, ids: readonly string[], now: Date): Promise<void> {
  const expiry = expiresAt(now.getTime() + MARK_RETENTION_MS);
  await batchWrite(ref, ids.map((id) => ({ put: { ...Entities.missed_notification.key({ id }), kind: "missed_notification", id, queued_at: now.toISOString(), ...expiry } })));
}
