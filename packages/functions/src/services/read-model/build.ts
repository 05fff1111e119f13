/** What a view's builder gets: the collections the stale views share, read once per round of a refresh. */
import { Time, type Ad, type InventoryRecord, type LocalStockRow, type SkuMetric } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import type { ChangeTopic, StateItem } from "#storage/changes";
import { listInventoryWithIndex } from "#storage/inventory";
import { listAllAds } from "#storage/ads";
import { listMetricsBySku } from "#storage/metrics";
import { listLocalStock } from "#storage/local-stock";
import { businessTimeZone } from "../business-time.js";
import { readStockouts } from "./stockouts.js";

/** A stored item holds at most 400 KB; a view with a larger item cannot be stored and stays stale. */
export const MAX_ITEM_BYTES = 380_000;

export interface Inputs {
  inventory: InventoryRecord[];
  indexedUnder: (string | undefined)[];
  ads: Ad[];
  adsById: Map<string, Ad>;
  metrics: Map<string, SkuMetric>;
  localStock: LocalStockRow[];
  /** Stockout days per selling SKU from `from` on, read once for the views that need them. */
  stockouts: () => Promise<{ from: string; bySku: Map<string, string[]> }>;
}

export interface BuildContext {
  ref: TableRef;
  now: Date;
  /** The view's name: its entry on the state item, its stored pages. */
  name: string;
  /** The counters of the view's topics the build starts from: read before any collection. */
  counters: Record<string, number>;
  /** The shared collections, read after the counters (once per round, by the first builder that asks). */
  inputs: () => Promise<Inputs>;
  /** Records the view as built from `counters`, with its fields, unless one of them moved since: false then. */
  publish: (fields?: Record<string, unknown>) => Promise<boolean>;
}

/** Builds a view and publishes it; false when it is not published and stays stale. */
export type Builder = (build: BuildContext) => Promise<boolean>;

/** A read started by the first call and shared by the later ones. */
export const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read());
};

/** Every collection views of these topics read, strongly consistent: nothing written before the counters were read is missed. */
export async function readInputs(ref: TableRef, topics: readonly ChangeTopic[], state: StateItem, now: Date): Promise<Inputs> {
  const [inventory, ads, metrics, localStock] = await Promise.all([
    listInventoryWithIndex(ref),
    listAllAds(ref, { consistent: true }),
    topics.includes("metrics") ? listMetricsBySku(ref, { consistent: true }) : new Map<string, SkuMetric>(),
    topics.includes("local_stock") ? listLocalStock(ref, { consistent: true }) : [],
  ]);
  return {
    inventory: inventory.records,
    indexedUnder: inventory.indexedUnder,
    ads,
    adsById: new Map(ads.map((ad) => [ad.id, ad])),
    metrics,
    localStock,
    stockouts: once(() => readStockouts(ref, state, inventory.records, ads, now)),
  };
}

/** Today's business day, the zone read fresh (a stored answer serves only requests of the same day). */
export const businessDay = async (ref: TableRef, now: Date): Promise<string> => Time.calendarDay(await businessTimeZone(ref, { fresh: true }), now);
