import { Detail } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { NotFoundError } from "../../errors.js";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listInventoryOfAd } from "#storage/inventory";
import { getAd } from "#storage/ads";
import { listDailyStockSince } from "#storage/daily-stock";
import { businessToday } from "#services/business-time";

/** GET /full/inventory/{ad_id}: the ad's inventories and their summed 60-day daily series. */
export const handler = httpHandler("GET /full/inventory/{ad_id}", async ({ pathParameters }) => {
  const ref = table();
  const adId = pathParameters.ad_id ?? "";
  // Only the daily rows depend on another read: two round trips in all.
  const [inventories, today, ad] = await Promise.all([listInventoryOfAd(ref, adId), businessToday(ref), getAd(ref, adId)]);
  if (inventories.length === 0) throw new NotFoundError(`No fulfillment inventory for ad ${adId}`);
  const rows = await listDailyStockSince(ref, inventories.map((r) => r.inventory_id), Detail.seriesWindowStart(today));
  return ok(Detail.buildDetail(adId, ad, inventories, rows, today));
});
