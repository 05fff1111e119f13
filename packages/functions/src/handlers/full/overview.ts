import { Overview } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { adIdsOf, listInventory } from "#storage/inventory";
import { getAdsOfInventory } from "#storage/ads";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record. */
export const handler = httpHandler("GET /full/overview", async () => {
  const ref = table();
  const reading = listInventory(ref, ["ad_id", "available_qty", "in_transit_qty", "not_available_qty", "days_of_stock", "oldest_stock_days"]);
  const [inventory, ads] = await Promise.all([reading, getAdsOfInventory(ref, reading.then(adIdsOf), ["cost"])]);
  return ok(Overview.computeOverview(inventory, ads));
});
