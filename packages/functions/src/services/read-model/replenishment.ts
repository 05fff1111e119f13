/**
 * GET /full/replenishment: the `replenishment` view, its builder and its reader. One record per
 * candidate SKU (its first ad and title, sales, Full and local stock, warehouses), sorted by
 * coverage band, so a request reads just the SKUs below its trigger (storage/read-model.ts).
 */
import { ListView, Replenishment } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState } from "#storage/changes";
import { listInventory } from "#storage/inventory";
import { listFullAdsWithSku } from "#storage/ads";
import { listLocalStock } from "#storage/local-stock";
import { readReplenishmentBelow, replaceCollection, replenishmentItem, replenishmentPartitions } from "#storage/read-model";
import { MAX_ITEM_BYTES } from "./build.js";
import { defineView, viewElseLive } from "./view.js";

export const replenishmentView = defineView("replenishment", ["inventory", "ad", "local_stock"], async ({ ref, inputs, publish }) => {
  const { inventory, ads, localStock } = await inputs();
  const items = Replenishment.skuInputs({ inventory, localStock, candidates: Replenishment.candidateAds(ads) }).map(replenishmentItem);
  if (items.some((view) => ListView.utf8Bytes(String(view.item.doc)) > MAX_ITEM_BYTES)) return false;
  await replaceCollection(ref, replenishmentPartitions(), items);
  return publish();
});

export async function liveReplenishment(ref: TableRef, query: Replenishment.ReplenishmentQuery): Promise<Replenishment.ReplenishmentBody> {
  const [inventory, localStock, candidates] = await Promise.all([
    listInventory(ref, ["inventory_id", "sku", "available_qty"]),
    listLocalStock(ref),
    listFullAdsWithSku(ref, ["sku", "title", "is_full", "sales_30d"]),
  ]);
  return Replenishment.computeReplenishment({ inventory, localStock, candidates, ...query });
}

/** The state and the per-SKU records below the trigger, read at once. */
export async function readReplenishment(ref: TableRef, query: Replenishment.ReplenishmentQuery): Promise<Replenishment.ReplenishmentBody> {
  const [state, inputs] = await Promise.all([readState(ref), readReplenishmentBelow(ref, query.triggerDays)]);
  return viewElseLive(
    state,
    replenishmentView,
    () => Replenishment.suggest(inputs.sort((a, b) => Replenishment.byCandidateOrder(a.order, b.order)), query),
    () => liveReplenishment(ref, query),
  );
}
