import type { DailyStockRow, InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { adDetailFrom, Entities, fitsKey, isAdHeaderIndexKey, isDailyIndexKey, TABLE_SCHEMA } from "./keys.js";
import { queryAll } from "./operations.js";
import { toRecord } from "./items.js";

/**
 * The detail's one read: the ad's index partition holds its daily rows (by day), its header and
 * its inventory records (key design in keys.ts; the header is written with the ad, storage/ads.ts).
 */

type Item = Record<string, unknown>;

export interface AdDetail {
  /** The ad's inventory records, each with `daily_ad` (the ad its rows are indexed under). */
  records: (InventoryRecord & { daily_ad?: string })[];
  /** Title and thumbnail, null when there is no such ad, undefined when no header is stored. */
  header: { title: string | null; thumbnail: string | null } | null | undefined;
  /** Daily rows indexed under the ad from `fromDay` on, as read (the detail only sums their quantities). */
  rows: DailyStockRow[];
}

/**
 * What the detail shows of each item of the ad's index partition (daily rows, header, records)
 * and what tells them apart: less to send and decode than whole items.
 */
const DETAIL_FIELDS = [
  // What tells the items apart: the index sort key, the ad a record is indexed under, the header's mark, a daily row's day.
  TABLE_SCHEMA.indexes.gsi1.sortKey, "daily_ad", "exists", "day",
  // A record's stock (a daily row's quantities are the same fields).
  "inventory_id", "variation_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "days_of_stock", "oldest_stock_days", "updated_at",
  // The header.
  "title", "thumbnail",
];
const DETAIL_PROJECTION = {
  ProjectionExpression: DETAIL_FIELDS.map((_, i) => `#d${i}`).join(", "),
  ExpressionAttributeNames: Object.fromEntries(DETAIL_FIELDS.map((field, i) => [`#d${i}`, field])),
};

/** The detail's one Query: the ad's index partition from the daily rows of `fromDay` on, with the detail's projection. */
export function adDetailQuery(adId: string, fromDay: string) {
  const condition = Entities.daily_stock.indexQuery.from({ adId }, adDetailFrom(fromDay));
  return { ...condition, ...DETAIL_PROJECTION, ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, ...DETAIL_PROJECTION.ExpressionAttributeNames } };
}

/** One query of the ad's index partition: its daily rows from `fromDay`, its header and its inventory records. */
export async function readAdDetail(ref: TableRef, adId: string, fromDay: string): Promise<AdDetail> {
  if (!fitsKey({ pk: Entities.inventory.indexPartition({ adId }) })) return { records: [], header: undefined, rows: [] };
  const items = await queryAll<Item>(ref, adDetailQuery(adId, fromDay));
  const detail: AdDetail = { records: [], header: undefined, rows: [] };
  for (const item of items) {
    // Not copied without the index key as records are: a daily row's fields are only summed.
    if (isDailyIndexKey(item.gsi1sk)) detail.rows.push(item as unknown as DailyStockRow);
    else if (isAdHeaderIndexKey(item.gsi1sk)) {
      detail.header = item.exists === true ? { title: (item.title as string | null) ?? null, thumbnail: (item.thumbnail as string | null) ?? null } : null;
    } else detail.records.push({ ...toRecord<InventoryRecord>(item), daily_ad: item.daily_ad as string | undefined });
  }
  return detail;
}
