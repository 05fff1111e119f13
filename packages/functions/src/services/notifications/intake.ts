/**
 * Taking notifications in: only those of this app for a connected seller are queued; the others
 * are answered as taken, dropped and counted (the marketplace would only send them again). Nothing
 * here reads the marketplace: the endpoint answers within the marketplace's 500 ms.
 */
import type { TableRef } from "#storage/client";
import { connectedSellers } from "#storage/sellers";
import { marketplaceConfig } from "../../config/marketplace.js";
import type { MarketplaceNotification, QueuedNotification } from "./message.js";
import { notificationQueue } from "./queue.js";
import { dropped, tally } from "./tally.js";

/** The connected sellers are read at most this often per process: a burst of notifications reads them once. */
const SELLER_CACHE_MS = 30_000;
let sellers: { table: string; ids: Set<string>; readAt: number } | undefined;

async function connectedSellerIds(ref: TableRef, now: number): Promise<Set<string>> {
  if (sellers && sellers.table === ref.table && now - sellers.readAt < SELLER_CACHE_MS) return sellers.ids;
  const ids = new Set((await connectedSellers(ref)).map((seller) => seller.user_id));
  sellers = { table: ref.table, ids, readAt: now };
  return ids;
}

/** Forgets the connected seller read (a test that connects another account). */
export function forgetConnectedSeller(): void {
  sellers = undefined;
}

/** The notifications worth queueing: this app's, for a connected seller (any of them). The others are counted as dropped. */
export async function acceptable(ref: TableRef, notifications: readonly MarketplaceNotification[], now = new Date()): Promise<MarketplaceNotification[]> {
  if (notifications.length === 0) return [];
  const [{ clientId }, sellerIds] = await Promise.all([marketplaceConfig(), connectedSellerIds(ref, now.getTime())]);
  return notifications.filter((notification) => {
    const reason = String(notification.application_id) !== clientId ? "other_application" : !sellerIds.has(String(notification.user_id)) ? "unknown_user" : null;
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
