/**
 * The views a stock operation keeps current in its own write (storage/view-patch.ts):
 * the overview's sums move by the record's change, the list marks the inventory, the ad headers
 * need nothing. The others (replenishment, restock plan, aged stock) go stale and are read live
 * until the next rebuild.
 */
import type { InventoryRecord } from "@fulfillment/core";
import type { StateItem } from "#storage/changes";
import type { ViewPatch } from "#storage/view-patch";
import { adHeadersPatch } from "./detail.js";
import { listPatch } from "./inventory-list.js";
import { overviewPatch } from "./overview.js";

/**
 * The patches of the views `state` shows current, for one record going from `before` to `after`
 * (same ad). `state` was read before the ad whose `cost` is given.
 */
export function stockChangePatches(state: StateItem, before: InventoryRecord, after: InventoryRecord, cost: number | null | undefined): ViewPatch[] {
  return [overviewPatch(state, before, after, cost), listPatch(state, before.inventory_id), adHeadersPatch(state)].filter((patch) => patch !== undefined);
}
