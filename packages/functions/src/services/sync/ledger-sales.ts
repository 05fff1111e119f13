/**
 * sales_30d from the fulfillment ledger, for the ads without an imported figure: read by discovery
 * when it runs alone, and by each shard for its own inventories in a distributed sync.
 */
import { Catalogue, Sync, Time, type Ad } from "@fulfillment/core";
import type { MarketplaceClient, MarketplaceItem } from "../../marketplace/index.js";
import { errorText, stopsTheSync } from "./errors.js";

/** The fulfillment inventories of each item: the item's own and one per variation. */
const inventoriesOf = (item: MarketplaceItem): string[] =>
  [item.inventory_id, ...(item.variations ?? []).map((variation) => variation.inventory_id)].filter((id): id is string => Boolean(id));

/**
 * sales_30d from the ledger for the ads without an imported value: SALE_CONFIRMATION units of
 * the last 30 days minus cancellations and returns, per ad id. Reads only.
 */
export async function readLedgerSales(
  marketplace: MarketplaceClient,
  sellerId: string | number,
  items: readonly MarketplaceItem[],
  ads: readonly Ad[],
  now: Date,
): Promise<Map<string, number>> {
  const wanted = new Set(ads.filter(Catalogue.salesFromLedger).map((ad) => ad.id));
  const inventoriesByAd = new Map(items.filter((item) => wanted.has(item.id)).map((item) => [item.id, inventoriesOf(item)]));
  const inventoryIds = [...inventoriesByAd.values()].flat();
  if (inventoryIds.length === 0) return new Map();
  const today = now.toISOString().slice(0, 10);
  const operations = await marketplace.searchOperations({
    sellerId,
    inventoryIds,
    // UTC days around the 30-day window; the count keeps exactly the operations inside it.
    dateFrom: Time.addDays(today, -(Sync.SALES_WINDOW_DAYS + 1)),
    dateTo: Time.addDays(today, 1),
  });
  return Sync.ledgerSales(inventoriesByAd, operations, now);
}

/**
 * The ledger's sales (readLedgerSales); a failed read is returned as `error` (the run is then
 * partial and sales stay as stored), a refused token is thrown.
 */
export async function ledgerSalesOrError(
  marketplace: MarketplaceClient,
  sellerId: string | number,
  items: readonly MarketplaceItem[],
  ads: readonly Ad[],
  now: Date,
): Promise<{ ledger: Map<string, number>; error: string | null }> {
  try {
    return { ledger: await readLedgerSales(marketplace, sellerId, items, ads, now), error: null };
  } catch (error) {
    if (stopsTheSync(error)) throw error;
    return { ledger: new Map(), error: `Reading sales from the fulfillment ledger failed: ${errorText(error)}` };
  }
}

/** The ad with the ledger's sales, where the ledger has a figure for it. */
export const adWithLedgerSales = (ad: Ad, ledger: ReadonlyMap<string, number>): Ad =>
  ledger.has(ad.id) ? { ...ad, sales_30d: ledger.get(ad.id)!, sales_30d_source: "ledger" } : ad;
