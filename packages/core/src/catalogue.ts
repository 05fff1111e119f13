/**
 * Catalogue discovery rules: how a listed marketplace item becomes a stored ad, and which stored
 * ads stop being Full. Discovery owns the marketplace's fields of an ad (title, thumbnail,
 * permalink, sku, is_full) and never touches what the seller imports (cost, an imported sales_30d).
 */
import type { Ad } from "./records.js";

/** The fields of a marketplace item that discovery reads (GET /items multiget). */
export interface ListedItem {
  id: string;
  title?: string | null;
  thumbnail?: string | null;
  secure_thumbnail?: string | null;
  permalink?: string | null;
  seller_custom_field?: string | null;
  attributes?: readonly { id: string; value_name?: string | null }[] | null;
}

const present = (value: string | null | undefined): string | null => {
  const trimmed = value?.trim();
  return trimmed ? trimmed : null;
};

/** The seller's SKU of an item: the SELLER_SKU attribute, else the older seller_custom_field. */
export function skuOfItem(item: ListedItem): string | null {
  const attribute = item.attributes?.find((entry) => entry.id === "SELLER_SKU");
  return present(attribute?.value_name) ?? present(item.seller_custom_field);
}

/**
 * The ad a listed Full item makes: the marketplace's fields where it gives them, the stored ones
 * where it does not, and everything else (cost, sales, dimensions) as stored.
 */
export function discoveredAd(item: ListedItem, stored: Ad | undefined): Ad {
  return {
    ...(stored ?? { cost: null, sales_30d: null }),
    id: item.id,
    title: present(item.title) ?? stored?.title ?? null,
    thumbnail: present(item.secure_thumbnail) ?? present(item.thumbnail) ?? stored?.thumbnail ?? null,
    permalink: present(item.permalink) ?? stored?.permalink ?? null,
    sku: skuOfItem(item) ?? stored?.sku ?? null,
    is_full: true,
  };
}

const DISCOVERED_FIELDS = ["title", "thumbnail", "permalink", "sku", "is_full"] as const;

/** True when discovery changes a field it owns. */
export const discoveryChanges = (stored: Ad | undefined, next: Ad): boolean =>
  !stored || DISCOVERED_FIELDS.some((field) => (stored[field] ?? null) !== (next[field] ?? null));

/** Stored Full ads the listing no longer names: they stay stored, with is_full false. */
export const unlistedFullAds = (stored: readonly Ad[], listed: ReadonlySet<string>): Ad[] =>
  stored.filter((ad) => ad.is_full === true && !listed.has(ad.id));

/** An imported sales_30d wins until cleared; a value without a source is an older import. */
export const salesFromLedger = (ad: Pick<Ad, "sales_30d" | "sales_30d_source">): boolean =>
  ad.sales_30d_source === "ledger" || ad.sales_30d === null || ad.sales_30d === undefined;
