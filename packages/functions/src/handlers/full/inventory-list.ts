import { InventoryList } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { adIdsOf, listInventory } from "../../storage/inventory.js";
import { getAdsOfInventory } from "../../storage/ads.js";
import { listMetricsBySku } from "../../storage/metrics.js";

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
