/**
 * Catalogue discovery, the first part of the plan step: the seller's Full listings become the ads
 * the sync reads. Reads the marketplace only.
 */
import type * as z from "zod/mini";
import { Catalogue, type Ad } from "@fulfillment/core";
import type { SyncDiscovery } from "../../contract/sync.js";
import type { MarketplaceClient, MarketplaceItem } from "../../marketplace/index.js";
import type { TableRef } from "#storage/client";
import { listAllAds, markAdsNotFull, putAds, setLedgerSales, updateDiscoveredAds } from "#storage/ads";
import { getCredential } from "#storage/credentials";
import { sellerIdOf } from "../seller.js";
import { errorText, stopsTheSync } from "./errors.js";
import { adWithLedgerSales, ledgerSalesOrError } from "./ledger-sales.js";

/** Catalogue discovery's counts and failures: the `discovery` of POST /full/sync's body. */
export type DiscoveryResult = z.output<typeof SyncDiscovery>;

/**
 * Writes what discovery found: new ads whole (with their ledger sales), the marketplace's fields
 * of known ads, the unlisted Full ads unflagged, and the ledger's sales of known ads where no
 * import has landed meanwhile. Cost is never written.
 */
export async function storeDiscoveredAds(
  ref: TableRef,
  ads: readonly Ad[],
  stored: readonly Ad[],
  listed: ReadonlySet<string>,
  ledger: ReadonlyMap<string, number>,
): Promise<Pick<DiscoveryResult, "added" | "updated" | "no_longer_full">> {
  const storedById = new Map(stored.map((ad) => [ad.id, ad]));
  const fresh = ads.filter((ad) => !storedById.has(ad.id)).map((ad) => adWithLedgerSales(ad, ledger));
  const changed = ads.filter((ad) => storedById.has(ad.id) && Catalogue.discoveryChanges(storedById.get(ad.id), ad));
  const unlisted = Catalogue.unlistedFullAds(stored, listed).map((ad) => ad.id);
  const sales = [...ledger]
    .filter(([adId, units]) => storedById.has(adId) && (storedById.get(adId)!.sales_30d !== units || storedById.get(adId)!.sales_30d_source !== "ledger"))
    .map(([adId, sales30d]) => ({ adId, sales30d }));
  // New ads have no field another writer could lose: whole puts in batches. Known ads: field updates.
  await putAds(ref, fresh);
  await updateDiscoveredAds(ref, changed);
  await markAdsNotFull(ref, unlisted);
  await setLedgerSales(ref, sales);
  return { added: fresh.length, updated: changed.length, no_longer_full: unlisted.length };
}

export interface DiscoveryOptions {
  /**
   * Derive sales_30d from the ledger here (default). The distributed sync's plan step leaves it to
   * the shards, each reading the ledger of its own inventories (shard.ts).
   */
  ledger?: boolean;
}

/**
 * Lists the seller's Full items (a scan past 1,000), reads them 20 per call, upserts their ads,
 * unflags the Full ads no longer listed and derives sales from the ledger. A listing that fails
 * changes nothing and is returned as `error`: the sync goes on with the ads already stored.
 */
export async function discoverCatalogue(ref: TableRef, marketplace: MarketplaceClient, now: Date, options: DiscoveryOptions = {}): Promise<DiscoveryResult> {
  return (await discoverListedItems(ref, marketplace, now, options)).discovery;
}

/** discoverCatalogue, with the listed items it read (none when the listing failed): the plan hands them to the shards. */
export async function discoverListedItems(
  ref: TableRef,
  marketplace: MarketplaceClient,
  now: Date,
  options: DiscoveryOptions = {},
): Promise<{ discovery: DiscoveryResult; items: MarketplaceItem[] }> {
  const result: DiscoveryResult = { listed: 0, added: 0, updated: 0, no_longer_full: 0, sales_from_ledger: 0, failed: [], error: null };
  let sellerId: string | number;
  let listed: string[];
  try {
    sellerId = sellerIdOf(await getCredential(ref, "mercadolivre"));
    listed = await marketplace.listFullItemIds(sellerId);
  } catch (error) {
    if (stopsTheSync(error)) throw error;
    return { discovery: { ...result, error: `Listing the seller's Full items failed: ${errorText(error)}` }, items: [] };
  }
  const [{ items, failed }, stored] = await Promise.all([marketplace.getItems(listed), listAllAds(ref)]);
  const storedById = new Map(stored.map((ad) => [ad.id, ad]));
  const ads = items.map((item) => Catalogue.discoveredAd(item, storedById.get(item.id)));
  const { ledger, error } = options.ledger === false ? { ledger: new Map<string, number>(), error: null } : await ledgerSalesOrError(marketplace, sellerId, items, ads, now);
  result.error = error;
  const written = await storeDiscoveredAds(ref, ads, stored, new Set(listed), ledger);
  Object.assign(result, written, { listed: listed.length, sales_from_ledger: ledger.size });
  result.failed = failed.map((failure) => ({ ad_id: failure.id, error: failure.error }));
  return { discovery: result, items };
}

/**
 * What a shard needs of an item the plan read: its inventory ids (item and variations) and its
 * package dimensions, so the shard does not read the item again.
 */
export const itemForShard = (item: MarketplaceItem): MarketplaceItem => ({
  id: item.id,
  inventory_id: item.inventory_id,
  variations: item.variations?.map((variation) => ({ id: variation.id, inventory_id: variation.inventory_id })),
  attributes: item.attributes?.filter((attribute) => attribute.id.startsWith("SELLER_PACKAGE_")),
  shipping: item.shipping?.dimensions ? { dimensions: item.shipping.dimensions } : undefined,
});
