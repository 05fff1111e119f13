/** The shard's inbound receptions, for ageing its stock first-in-first-out (core sync/ageing.ts). */
import { Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import { MarketplaceAuthError, type MarketplaceClient, type StockOperation } from "../../marketplace/index.js";
import { errorText } from "./errors.js";

const RECEPTION = "INBOUND_RECEPTION";

export interface Receptions {
  byInventory: Map<string, Sync.Reception[]>;
  /** Oldest day the search covered for each inventory it asked about; absent: no search answered for it. */
  searchedFrom: Map<string, string>;
}

/**
 * Step 3: inbound receptions for ageing, walking back window by window (core sync/ageing.ts)
 * and asking only for inventories whose available units are not covered yet. A failed search
 * ends the walk; what it found so far still counts, and ages carry forward for the rest.
 */
export async function readReceptions(marketplace: MarketplaceClient, sellerId: string | number, available: ReadonlyMap<string, number>, today: string, now: Date): Promise<Receptions> {
  const byInventory = new Map<string, Sync.Reception[]>();
  const searchedFrom = new Map<string, string>();
  let pending = [...available].filter(([, units]) => units > 0).map(([inventoryId]) => inventoryId);
  for (const window of Sync.searchWindows(today, Sync.RETENTION_DAYS, Sync.SEARCH_WINDOW_DAYS, Sync.lastOperationDay(today, now))) {
    if (pending.length === 0) break;
    let operations: StockOperation[];
    try {
      operations = await marketplace.searchOperations({ sellerId, inventoryIds: pending, dateFrom: window.from, dateTo: window.to, type: RECEPTION.toLowerCase() });
    } catch (error) {
      if (error instanceof MarketplaceAuthError) throw error;
      logger.warn("Receptions search failed; ages of the inventories not covered yet carry forward", { window, reason: errorText(error) });
      break;
    }
    for (const [inventoryId, receptions] of receptionsByInventory(operations)) byInventory.set(inventoryId, [...(byInventory.get(inventoryId) ?? []), ...receptions]);
    for (const inventoryId of pending) searchedFrom.set(inventoryId, window.from);
    pending = pending.filter((inventoryId) => !Sync.covers(available.get(inventoryId)!, byInventory.get(inventoryId) ?? []));
  }
  return { byInventory, searchedFrom };
}

function receptionsByInventory(operations: readonly StockOperation[]): Map<string, Sync.Reception[]> {
  const byInventory = new Map<string, Sync.Reception[]>();
  for (const operation of operations) {
    if (operation.type.toUpperCase() !== RECEPTION) continue;
    const quantity = operation.detail?.available_quantity ?? operation.detail?.total ?? 0;
    byInventory.set(operation.inventory_id, [...(byInventory.get(operation.inventory_id) ?? []), { date: operation.date_created, quantity }]);
  }
  return byInventory;
}
