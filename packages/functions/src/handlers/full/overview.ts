import { Overview } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { listInventory } from "../../storage/inventory.js";
import { getAdsById } from "../../storage/ads.js";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record. */
export const handler = httpHandler("has_data", async () => {
  const ref = table();
  const inventory = await listInventory(ref, [
    "inventory_id",
    "ad_id",
    "available_qty",
    "in_transit_qty",
    "not_available_qty",
    "days_of_stock",
    "oldest_stock_days",
  ]);
  const adIds = inventory.flatMap((record) => (record.ad_id ? [record.ad_id] : []));
  const ads = await getAdsById(ref, adIds, ["cost"]);
  return ok(Overview.computeOverview(inventory, ads));
});
