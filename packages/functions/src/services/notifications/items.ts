/**
 * A notification of topic `items`: the listing read again, and the ad's title, thumbnail, status
 * and SKU stored (with its header, and the SKU of its inventory records; a new SKU has both SKUs'
 * alerts derived after the batch). An item the service has
 * no ad for is left to the next sync's discovery.
 */
import { Catalogue, type Ad } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getAd, updateDiscoveredAds } from "#storage/ads";
import { setSkuOfAdInventories } from "#storage/inventory";
import { markSkusChanged } from "#services/alerts/after-operation";
import type { MarketplaceItem } from "../../marketplace/index.js";

export type ItemOutcome = "applied" | "unchanged" | "unknown_ad";

/** The ad as the item now describes it; Full as long as the item's logistic type says so. */
export function listedAd(item: MarketplaceItem, stored: Ad): Ad {
  const logistic = item.shipping?.logistic_type;
  return {
    ...Catalogue.discoveredAd(item, stored),
    is_full: logistic ? logistic === "fulfillment" : stored.is_full,
    status: item.status ?? stored.status ?? null,
  };
}

export async function applyItemChange(ref: TableRef, item: MarketplaceItem): Promise<ItemOutcome> {
  const stored = await getAd(ref, item.id);
  if (!stored) return "unknown_ad";
  const next = listedAd(item, stored);
  if (!Catalogue.discoveryChanges(stored, next) && (stored.status ?? null) === next.status) return "unchanged";
  await updateDiscoveredAds(ref, [next]);
  if ((stored.sku ?? null) !== next.sku) {
    await setSkuOfAdInventories(ref, next.id, next.sku);
    // The stock moved from one SKU to another: both SKUs' coverage and stockout alerts may change.
    await markSkusChanged(ref, [stored.sku, next.sku]);
  }
  return "applied";
}
