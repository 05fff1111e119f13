import { Detail, Time, type DailyStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { Keys } from "./keys.js";
import { batchGet, batchWrite, queryAll } from "./operations.js";
import { toRecords } from "./items.js";
import { markChanged } from "./changes.js";

/** A daily row, indexed under its inventory's ad when it has one (the detail's single query). */
export function dailyStockItem(row: DailyStockRow, adId?: string | null): Record<string, unknown> {
  return {
    ...Keys.daily(row.inventory_id, row.day),
    ...(adId === null || adId === undefined ? {} : Keys.dailyByAd(adId, row.day, row.inventory_id)),
    kind: "daily_stock",
    ...row,
  };
}

/** Daily rows of the given inventories from a day onwards: one key-condition query per inventory. */
export async function listDailyStockSince(ref: TableRef, inventoryIds: string[], fromDay: string): Promise<DailyStockRow[]> {
  const perInventory = await Promise.all(
    inventoryIds.map((inventoryId) =>
      queryAll(ref, {
        KeyConditionExpression: "pk = :pk AND sk >= :from",
        ExpressionAttributeValues: { ":pk": Keys.dailyPartition(inventoryId), ":from": fromDay },
      }),
    ),
  );
  return toRecords<DailyStockRow>(perInventory.flat());
}

/** The ad each stored inventory record names (null: none); inventories without a record are absent. */
async function storedAdsOf(ref: TableRef, inventoryIds: Iterable<string>): Promise<Map<string, string | null>> {
  const items = await batchGet(ref, [...new Set(inventoryIds)].map(Keys.inventory), ["inventory_id", "ad_id"]);
  return new Map(items.map((item) => [String(item.inventory_id), (item.ad_id as string | null | undefined) ?? null]));
}

/**
 * Stores daily rows (one per inventory and day: a second write replaces the first). Each row is
 * indexed under its inventory's ad: from `adByInventory` when the caller knows it (the sync),
 * else from the stored inventory record. A row of an inventory with no record yet stays
 * unindexed until putInventory stores the record and re-indexes it.
 */
export async function putDailyStock(ref: TableRef, rows: DailyStockRow[], adByInventory?: ReadonlyMap<string, string | null>): Promise<void> {
  if (rows.length === 0) return;
  const unknown = rows.map((row) => row.inventory_id).filter((id) => !adByInventory?.has(id));
  const stored = unknown.length > 0 ? await storedAdsOf(ref, unknown) : new Map<string, string | null>();
  const adOf = (inventoryId: string): string | null | undefined => adByInventory?.get(inventoryId) ?? stored.get(inventoryId);
  // Rows no record places yet: putInventory indexes them when a record names their ad.
  const unplaced = new Set(rows.map((row) => row.inventory_id).filter((id) => adOf(id) === null || adOf(id) === undefined));
  await batchWrite(ref, [
    ...rows.map((row) => ({ put: dailyStockItem(row, adOf(row.inventory_id)) })),
    ...[...unplaced].map((inventoryId) => ({ put: { ...Keys.dailyUnindexed(inventoryId), kind: "daily_unindexed", inventory_id: inventoryId } })),
  ]);
  await markChanged(ref, "daily_stock");
}

/**
 * The first day whose rows an ad's index must hold: the oldest day any detail can still show
 * (60 days back from today in the business zone, which is at most a day behind UTC), less a day.
 */
export const indexedFromDay = (now = new Date()): string =>
  Time.addDays(Time.calendarDay("UTC", now), -(Detail.SERIES_WINDOW_DAYS + 2));

const REINDEX_CONCURRENCY = 8;

/** Moves the recent daily rows of each inventory under the given ad's index partition. */
export async function reindexDailyRows(ref: TableRef, targets: readonly { inventoryId: string; adId: string }[], now = new Date()): Promise<void> {
  const fromDay = indexedFromDay(now);
  let next = 0;
  const worker = async (): Promise<void> => {
    while (next < targets.length) {
      const { inventoryId, adId } = targets[next++]!;
      const rows = toRecords<DailyStockRow>(
        await queryAll(ref, {
          KeyConditionExpression: "pk = :pk AND sk >= :from",
          ExpressionAttributeValues: { ":pk": Keys.dailyPartition(inventoryId), ":from": fromDay },
          ConsistentRead: true,
        }),
      );
      if (rows.length > 0) await batchWrite(ref, rows.map((row) => ({ put: dailyStockItem(row, adId) })));
    }
  };
  await Promise.all(Array.from({ length: Math.min(REINDEX_CONCURRENCY, targets.length) }, worker));
}
