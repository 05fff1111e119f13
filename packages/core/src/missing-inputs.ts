/**
 * Nothing silent: what the service could not compute for want of an input, as warnings that say
 * what is missing and where to add it (the catalogue's texts). Each is worked out from counts, so
 * the sync, its run record and the overview give the same ones.
 */
import type { Ad } from "./records.js";
import { message, type Message } from "./messages/index.js";
import { volumeLitres } from "./storage-cost.js";

export interface InputCounts {
  activeTariffs: number;
  /** Full ads, and of them those without package dimensions and those with sales in 30 days. */
  fullAds?: number;
  fullAdsWithoutDimensions?: number;
  fullAdsWithSales?: number;
  /** Local stock rows; undefined when not looked at. */
  localStockRows?: number;
}

/** The warnings of the counts, in a fixed order: tariffs, dimensions, sales, local stock. */
export function missingInputWarnings(counts: InputCounts): Message[] {
  const warnings: Message[] = [];
  if (counts.activeTariffs === 0) warnings.push(message("no_active_tariffs"));
  if ((counts.fullAdsWithoutDimensions ?? 0) > 0) warnings.push(message("no_dimensions", { ads: counts.fullAdsWithoutDimensions! }));
  if ((counts.fullAds ?? 0) > 0 && counts.fullAdsWithSales === 0) warnings.push(message("no_sales_data"));
  if (counts.localStockRows === 0) warnings.push(message("no_local_stock"));
  return warnings;
}

/** Full ads, those without a package volume and those with sales in 30 days. */
export function fullAdCounts(ads: readonly Ad[]): Required<Pick<InputCounts, "fullAds" | "fullAdsWithoutDimensions" | "fullAdsWithSales">> {
  let fullAds = 0;
  let fullAdsWithoutDimensions = 0;
  let fullAdsWithSales = 0;
  for (const ad of ads) {
    if (!ad.is_full) continue;
    fullAds += 1;
    if (volumeLitres(ad) === null) fullAdsWithoutDimensions += 1;
    if ((ad.sales_30d ?? 0) > 0) fullAdsWithSales += 1;
  }
  return { fullAds, fullAdsWithoutDimensions, fullAdsWithSales };
}

/** The codes that describe the catalogue as the last sync saw it (the overview keeps them from its run). */
export const CATALOGUE_WARNING_CODES = ["no_dimensions", "no_sales_data"] as const;
