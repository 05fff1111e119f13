/**
 * Taking notifications in: only those of this app for the connected seller are queued; the others
 * are answered as taken, dropped and counted (the marketplace would only send them again). Nothing
 * here reads the marketplace: the endpoint answers within the marketplace's 500 ms.
 */
import type { TableRef } from "#storage/client";
import { getCredential } from "#storage/credentials";
import { marketplaceConfig } from "../../config/marketplace.js";
import type { MarketplaceNotification, QueuedNotification } from "./message.js";
import { notificationQueue } from "./queue.js";
import { dropped, tally } from "./tally.js";

/** The connected seller is read at most this often per process: a burst of notifications reads it once. */
const SELLER_CACHE_MS = 30_000;
let seller: { table: string; id: string | null; readAt: number } | undefined;

async function connectedSeller(ref: TableRef, now: number): Promise<string | null> {
  if (seller && seller.table === ref.table && now - seller.readAt < SELLER_CACHE_MS) return seller.id;
  const credential = await getCredential(ref, "mercadolivre");
  const id = credential?.user_id === null || credential?.user_id === undefined || credential.user_id === "" ? null : String(credential.user_id);
  seller = { table: ref.table, id, readAt: now };
  return id;
}

/** Forgets the connected seller read (a test that connects another account). */
export function forgetConnectedSeller(): void {
  seller = undefined;
}

/** The notifications worth queueing: this app's, for the connected seller. The others are counted as dropped. */
export async function acceptable(ref: TableRef, notifications: readonly MarketplaceNotification[], now = new Date()): Promise<MarketplaceNotification[]> {
  if (notifications.length === 0) return [];
  const [{ clientId }, sellerId] = await Promise.all([marketplaceConfig(), connectedSeller(ref, now.getTime())]);
  return notifications.filter((notification) => {
    const reason = String(notification.application_id) !== clientId ? "other_application" : String(notification.user_id) !== sellerId ? "unknown_user" : null;
    if (reason) dropped(reason, notification);
    return reason === null;
  });
}

/** Queues the acceptable notifications; returns how many were queued. */
export async function takeNotifications(ref: TableRef, notifications: readonly MarketplaceNotification[], now = new Date()): Promise<number> {
  const accepted = await acceptable(ref, notifications, now);
  if (accepted.length === 0) return 0;
  const queuedAt = now.toISOString();
  await notificationQueue().send(accepted.map((notification): QueuedNotification => ({ ...notification, queued_at: queuedAt })));
  tally("queued", accepted.length);
  return accepted.length;
}
