import { InventoryList } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { adIdsOf, listInventory } from "#storage/inventory";
import { getAdsOfInventory } from "#storage/ads";
import { listMetricsBySku } from "#storage/metrics";

/** GET /full/inventory: every inventory record with its ad and unit storage costs, all read at once. */
export const handler = httpHandler("GET /full/inventory", async ({ query }) => {
  const ref = table();
  const options = InventoryList.parseInventoryQuery(query);
  const reading = listInventory(ref);
  const [inventory, ads, metrics] = await Promise.all([
    reading,
    getAdsOfInventory(ref, reading.then(adIdsOf), ["title", "thumbnail", "permalink"]),
    listMetricsBySku(ref),
  ]);
  return ok(InventoryList.buildInventoryList(inventory, ads, metrics, options));
});
