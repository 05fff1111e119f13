import { InventoryList } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { listInventory } from "../../storage/inventory.js";
import { getAdsById } from "../../storage/ads.js";
import { getMetricsBySku } from "../../storage/metrics.js";

/** GET /full/inventory: every inventory record with its ad and unit storage costs. */
export const handler = httpHandler("has_data", async ({ query }) => {
  const ref = table();
  const options = InventoryList.parseInventoryQuery(query);
  const inventory = await listInventory(ref);
  const [ads, metrics] = await Promise.all([
    getAdsById(ref, inventory.flatMap((r) => (r.ad_id ? [r.ad_id] : [])), ["title", "thumbnail", "permalink"]),
    getMetricsBySku(ref, inventory.flatMap((r) => (r.sku ? [r.sku] : []))),
  ]);
  return ok(InventoryList.buildInventoryList(inventory, ads, metrics, options));
});
