/** What a shard reads from the marketplace: its items' inventories and dimensions, then each inventory's stock. */
import { Sync, type Ad } from "@fulfillment/core";
import { MarketplaceAuthError, MarketplaceNetworkError, type FulfillmentStock, type MarketplaceClient, type MarketplaceItem } from "../../marketplace/index.js";
import { adWithLedgerSales } from "./ledger-sales.js";
import { errorText } from "./errors.js";

export interface Target {
  ad: Ad;
  inventoryId: string;
  variationId: string | number | null;
}

/** An ad that could not be synchronised, with the error behind it (for naming a failed run's cause). */
export interface AdFailure extends Sync.FailedAd {
  cause: unknown;
}

export interface FullItems {
  items: MarketplaceItem[];
  targetsByAd: Map<string, Target[]>;
  /** Ads whose package dimensions differ from the stored ones, as they should be stored. */
  resized: Map<string, Ad>;
  failed: AdFailure[];
}

/**
 * Step 1: the items' inventory ids (item level and per variation) and package dimensions: as the
 * plan handed them over, the others read 20 per multiget.
 */
export async function readFullItems(marketplace: MarketplaceClient, fullAds: readonly Ad[], handed: readonly MarketplaceItem[]): Promise<FullItems> {
  const wanted = new Set(fullAds.map((ad) => ad.id));
  const given = handed.filter((item) => wanted.has(item.id));
  const known = new Set(given.map((item) => item.id));
  const unread = fullAds.filter((ad) => !known.has(ad.id)).map((ad) => ad.id);
  const fetched = unread.length > 0 ? await marketplace.getItems(unread) : { items: [], failed: [] };
  const items = [...given, ...fetched.items];
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const failed: AdFailure[] = fetched.failed.map((failure) => ({ ad_id: failure.id, error: failure.error, cause: failure.cause }));
  const targetsByAd = new Map<string, Target[]>();
  const resized = new Map<string, Ad>();
  for (const ad of fullAds) {
    const item = itemsById.get(ad.id);
    if (!item) continue;
    const targets = targetsOf(ad, item);
    if (targets.length === 0) {
      failed.push({ ad_id: ad.id, error: "The item has no fulfillment inventory id", cause: undefined });
      continue;
    }
    targetsByAd.set(ad.id, targets);
    const dimensions = Sync.packageDimensions(item);
    if (dimensions && (dimensions.length_mm !== ad.length_mm || dimensions.width_mm !== ad.width_mm || dimensions.height_mm !== ad.height_mm)) {
      resized.set(ad.id, { ...ad, ...dimensions });
    }
  }
  return { items, targetsByAd, resized, failed };
}

/** What the shard read of some of its ads only (one part of the shard). */
export function itemsOf(read: FullItems, adIds: ReadonlySet<string>): FullItems {
  const keep = <V>(entries: Map<string, V>): Map<string, V> => new Map([...entries].filter(([adId]) => adIds.has(adId)));
  return {
    items: read.items.filter((item) => adIds.has(item.id)),
    targetsByAd: keep(read.targetsByAd),
    resized: keep(read.resized),
    failed: read.failed.filter((failure) => adIds.has(failure.ad_id)),
  };
}

/** The inventory ids of an item: the item's own and one per variation. */
function targetsOf(ad: Ad, item: MarketplaceItem): Target[] {
  const targets: Target[] = [];
  if (item.inventory_id) targets.push({ ad, inventoryId: item.inventory_id, variationId: null });
  for (const variation of item.variations ?? []) {
    if (variation.inventory_id) targets.push({ ad, inventoryId: variation.inventory_id, variationId: variation.id });
  }
  return targets;
}

/**
 * The ads with the ledger's sales where the ledger owns the figure (no imported value): the stock
 * figures (days of stock) and any resized ad stored use them.
 */
export function withLedgerSales(read: FullItems, ledger: ReadonlyMap<string, number>): FullItems {
  if (ledger.size === 0) return read;
  const update = (ad: Ad): Ad => adWithLedgerSales(ad, ledger);
  const targetsByAd = new Map([...read.targetsByAd].map(([adId, targets]) => [adId, targets.map((target) => ({ ...target, ad: update(target.ad) }))]));
  const resized = new Map([...read.resized].map(([adId, ad]) => [adId, update(ad)]));
  return { ...read, targetsByAd, resized };
}

export interface StockRead {
  /** Ads whose every inventory was read, with each inventory's stock. */
  readAds: Map<string, { target: Target; stock: FulfillmentStock }[]>;
  failed: AdFailure[];
}

/** Step 2: the fulfillment stock of every inventory. An ad counts as read only when all its inventories were. */
export async function readStock(marketplace: MarketplaceClient, targetsByAd: ReadonlyMap<string, Target[]>): Promise<StockRead> {
  const readAds: StockRead["readAds"] = new Map();
  const failed: AdFailure[] = [];
  await Promise.all(
    [...targetsByAd].map(async ([adId, targets]) => {
      // Every read of the ad settles before the ad is judged: none is left running after the run ends.
      const settled = await Promise.allSettled(targets.map((target) => marketplace.getStock(target.inventoryId)));
      const rejected = settled.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
      if (!rejected) {
        readAds.set(adId, targets.map((target, i) => ({ target, stock: (settled[i] as PromiseFulfilledResult<FulfillmentStock>).value })));
        return;
      }
      // A refused token stops the whole sync: no other ad would fare better.
      if (rejected.reason instanceof MarketplaceAuthError) throw rejected.reason;
      failed.push({ ad_id: adId, error: errorText(rejected.reason), cause: rejected.reason });
    }),
  );
  return { readAds, failed };
}

export function availableByInventory(readAds: StockRead["readAds"]): Map<string, number> {
  const available = new Map<string, number>();
  for (const entries of readAds.values()) for (const { target, stock } of entries) available.set(target.inventoryId, stock.available_quantity ?? 0);
  return available;
}

export const inventoryIdsOf = (targetsByAd: ReadonlyMap<string, Target[]>): string[] =>
  [...targetsByAd.values()].flatMap((targets) => targets.map((target) => target.inventoryId));

/** When every failure was an unreachable marketplace, that cause in words. */
export function unreachableText(failed: readonly AdFailure[]): string | null {
  const causes = failed.map((failure) => failure.cause);
  if (causes.length === 0 || !causes.every((cause) => cause instanceof MarketplaceNetworkError)) return null;
  const first = causes[0] as MarketplaceNetworkError;
  return `marketplace unreachable at ${first.host}: ${MarketplaceNetworkError.describe(first.reason, first.detail)}`;
}
