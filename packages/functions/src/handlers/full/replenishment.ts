import { Replenishment } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listInventory } from "#storage/inventory";
import { listLocalStock } from "#storage/local-stock";
import { listFullAdsWithSku } from "#storage/ads";

/** GET /full/replenishment: what to send from the local warehouses to Full, per SKU. */
export const handler = httpHandler("GET /full/replenishment", async ({ query }) => {
  const ref = table();
  const { targetDays, triggerDays } = Replenishment.parseReplenishmentQuery(query);
  const [inventory, localStock, candidates] = await Promise.all([
    listInventory(ref, ["inventory_id", "sku", "available_qty"]),
    listLocalStock(ref),
    listFullAdsWithSku(ref, ["sku", "title", "is_full", "sales_30d"]),
  ]);
  return ok(Replenishment.computeReplenishment({ inventory, localStock, candidates, targetDays, triggerDays }));
});
