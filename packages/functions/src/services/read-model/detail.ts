/**
 * GET /full/inventory/{ad_id}: the `ad_headers` view and the detail's reader. The detail is one
 * Query of the ad's index partition (its daily rows, header and inventory records,
 * storage/ad-detail.ts), read without a counter check: storage/ads.ts writes an ad's header with
 * the ad, and putInventory and putDailyStock index the daily rows under their ad as they write
 * them; this view repairs what a write outside them or an older version left behind.
 */
import { Detail, Time } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { indexDailyRowsOf, listInventoryOfAd } from "#storage/inventory";
import { getAd } from "#storage/ads";
import { listDailyStockSince } from "#storage/daily-stock";
import { readAdDetail } from "#storage/ad-detail";
import { countersOf, type StateItem } from "#storage/changes";
import { adHeaderPartitions, adHeaderView, replaceCollection } from "#storage/read-model";
import type { ViewPatch } from "#storage/view-patch";
import { NotFoundError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import { businessTimeZone, businessToday } from "../business-time.js";
import { currentView, defineView } from "./view.js";

/** A header for every ad, and the daily rows of records whose ad changed indexed under it. */
export const adHeadersView = defineView("ad_headers", ["inventory", "ad"], async ({ ref, now, inputs, publish }) => {
  const { inventory, indexedUnder, ads, adsById } = await inputs();
  const adIds = new Set([...ads.map((ad) => ad.id), ...inventory.flatMap((record) => (record.ad_id ? [record.ad_id] : []))]);
  await replaceCollection(ref, adHeaderPartitions(), [...adIds].map((id) => adHeaderView(id, adsById.get(id))));
  const unindexed = inventory.flatMap((record, i) =>
    record.ad_id !== null && record.ad_id !== undefined && indexedUnder[i] !== record.ad_id ? [{ inventoryId: record.inventory_id, adId: record.ad_id }] : [],
  );
  await indexDailyRowsOf(ref, unindexed, now);
  return publish();
});

/** A stock operation changes no ad and leaves its daily row indexed under the record's ad: the view stays as it is, current. */
export const adHeadersPatch = (state: StateItem): ViewPatch | undefined =>
  currentView(state, adHeadersView) === undefined ? undefined : { view: adHeadersView.name, counters: countersOf(state, adHeadersView.topics) };

const noInventory = (adId: string): NotFoundError => new NotFoundError(explain("inventory_not_found", { ad_id: adId }));

/** Two round trips: the records, ad and settings at once, then the records' daily rows. */
export async function liveDetail(ref: TableRef, adId: string, now = new Date()): Promise<Detail.DetailBody> {
  const [inventories, zone, ad] = await Promise.all([listInventoryOfAd(ref, adId), businessTimeZone(ref, { fresh: true }), getAd(ref, adId)]);
  if (inventories.length === 0) throw noInventory(adId);
  const today = Time.calendarDay(zone, now);
  const rows = await listDailyStockSince(ref, inventories.map((record) => record.inventory_id), Detail.seriesWindowStart(today));
  return Detail.buildDetail(adId, ad, inventories, rows, today);
}

/**
 * One query of the ad's index partition (daily rows of the window, header, records). When a
 * record's rows are not indexed under the ad, or no header is stored, the missing part is read
 * the chained way.
 */
export async function readDetail(ref: TableRef, adId: string, now = new Date()): Promise<Detail.DetailBody> {
  const today = await businessToday(ref, now);
  const start = Detail.seriesWindowStart(today);
  const { records, header, rows } = await readAdDetail(ref, adId, start);
  if (records.length === 0) throw noInventory(adId);
  const indexed = records.every((record) => record.daily_ad === adId);
  // The usual case, everything in the one query: no further read to wait for.
  if (indexed && header !== undefined) return Detail.buildDetail(adId, header ?? undefined, records, rows, today);
  const [ad, dailyRows] = await Promise.all([
    header === undefined ? getAd(ref, adId) : (header ?? undefined),
    indexed ? rows : listDailyStockSince(ref, records.map((record) => record.inventory_id), start),
  ]);
  return Detail.buildDetail(adId, ad, records, dailyRows, today);
}
