/**
 * The hourly drain of the marketplace's missed notifications (GET /missed_feeds): what it gave up
 * delivering is queued as if it had arrived, under the same rules, once per entry.
 */
import { createHash } from "node:crypto";
import type { TableRef } from "#storage/client";
import { markMissedNotificationsQueued, unqueuedMissedNotifications } from "#storage/missed-notifications";
import { marketplaceConfig } from "../../config/marketplace.js";
import type { MissedNotification } from "../../marketplace/index.js";
import { consumerMarketplaceClient } from "./consume.js";
import { takeNotifications } from "./intake.js";
import type { MarketplaceNotification } from "./message.js";
import { tally } from "./tally.js";

export interface DrainResult {
  /** Entries the feed listed. */
  listed: number;
  /** Entries queued now (the others were queued by an earlier drain, or were not this app's or seller's). */
  queued: number;
}

/** The entry's id, or one made of what it points at when the feed gives none. */
const entryId = (entry: MissedNotification): string =>
  entry._id ?? createHash("sha256").update(JSON.stringify([entry.topic, entry.resource, String(entry.user_id), entry.sent ?? null])).digest("base64url");

const notificationOf = (entry: MissedNotification): MarketplaceNotification => ({
  resource: entry.resource,
  user_id: entry.user_id,
  topic: entry.topic,
  application_id: entry.application_id,
  attempts: entry.attempts ?? null,
  sent: entry.sent ?? null,
  received: entry.received ?? null,
});

export async function drainMissedFeed(ref: TableRef, now = new Date()): Promise<DrainResult> {
  const [{ clientId }, marketplace] = await Promise.all([marketplaceConfig(), consumerMarketplaceClient(ref)]);
  const entries = await marketplace.listMissedNotifications(clientId);
  const byId = new Map(entries.map((entry) => [entryId(entry), entry]));
  const fresh = await unqueuedMissedNotifications(ref, [...byId.keys()]);
  // Queued first, marked after: a drain that stops in between queues an entry twice, which the consumer takes as a repeat.
  const queued = await takeNotifications(ref, fresh.map((id) => notificationOf(byId.get(id)!)), now);
  await markMissedNotificationsQueued(ref, fresh, now);
  tally("missed_queued", queued);
  return { listed: entries.length, queued };
}
