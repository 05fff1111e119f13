import { randomUUID } from "node:crypto";
import { StorageCost, Sync, Time, type Ad, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "../storage/client.js";
import { listAllAds, putAds } from "../storage/ads.js";
import { listInventory, putInventory } from "../storage/inventory.js";
import { putDailyStock } from "../storage/daily-stock.js";
import { listTariffs } from "../storage/tariffs.js";
import { putMetrics } from "../storage/metrics.js";
import { getCredential } from "../storage/credentials.js";
import { acquireLease, releaseLease } from "../storage/lease.js";
import { MissingCredentialError } from "../marketplace/errors.js";
import { SyncFailedError, SyncRunningError } from "./sync-errors.js";

export { SyncFailedError, SyncRunningError };
import { MarketplaceAuthError, MarketplaceError, type MarketplaceClient, type MarketplaceItem, type StockOperation } from "../marketplace/index.js";
import { businessTimeZone } from "./business-time.js";
import { discoverCatalogue, type DiscoveryResult } from "./discovery.js";

/** Days of inbound receptions read for ageing: the operations search allows at most 60. */
export const AGEING_WINDOW_DAYS = 60;
/** A sync holds the lease at most this long; a crashed one frees it at expiry. */
export const SYNC_LEASE_MS = 15 * 60 * 1000;
/** The lease every sync (POST /full/sync and the daily job) takes. */
export const SYNC_LEASE_NAME = "full-sync";
const RECEPTION = "INBOUND_RECEPTION";

export interface SyncResult {
  success: true;
  stock: {
    ads_full: number;
    inventories: number;
    dimensions_updated: number;
    failed: { ad_id: string; error: string }[];
  };
  cost: { updated: number; skipped: number; tariffs_active: number };
  /** Catalogue discovery at the start of the run; `error` set means the run is partial. */
  discovery: DiscoveryResult;
}

interface Target {
  ad: Ad;
  inventoryId: string;
  variationId: string | number | null;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** The inventory ids of an item: the item's own and one per variation. */
function targetsOf(ad: Ad, item: MarketplaceItem): Target[] {
  const targets: Target[] = [];
  if (item.inventory_id) targets.push({ ad, inventoryId: item.inventory_id, variationId: null });
  for (const variation of item.variations ?? []) {
    if (variation.inventory_id) targets.push({ ad, inventoryId: variation.inventory_id, variationId: variation.id });
  }
  return targets;
}

function receptionsByInventory(operations: StockOperation[]): Map<string, Sync.Reception[]> {
  const byInventory = new Map<string, Sync.Reception[]>();
  for (const op of operations) {
    if (op.type.toUpperCase() !== RECEPTION) continue;
    const quantity = op.detail?.available_quantity ?? op.detail?.total ?? 0;
    const list = byInventory.get(op.inventory_id) ?? [];
    list.push({ date: op.date_created, quantity });
    byInventory.set(op.inventory_id, list);
  }
  return byInventory;
}

/**
 * CONTRACTS section 5: reads Full stock from the marketplace (never writes to it), stores the
 * inventory records and today's daily rows, then recomputes storage costs. One ad's failure is
 * recorded and the others go on; an ad's records are written only when all of them were read,
 * so each ad is either fully old or fully new.
 */
export async function runSync(ref: TableRef, marketplace: MarketplaceClient, now = new Date()): Promise<SyncResult> {
  const owner = randomUUID();
  if (!(await acquireLease(ref, SYNC_LEASE_NAME, owner, SYNC_LEASE_MS, now.getTime()))) throw new SyncRunningError();
  try {
    return await syncOnce(ref, marketplace, now);
  } catch (error) {
    if (error instanceof MarketplaceError || error instanceof MissingCredentialError) throw new SyncFailedError(error);
    throw error;
  } finally {
    await releaseLease(ref, SYNC_LEASE_NAME, owner);
  }
}

async function syncOnce(ref: TableRef, marketplace: MarketplaceClient, now: Date): Promise<SyncResult> {
  const zone = await businessTimeZone(ref);
  const today = Time.calendarDay(zone, now);
  // ---- Catalogue discovery (the plan step): the seller's Full listings become the ads read below.
  const discovery = await discoverCatalogue(ref, marketplace, now);
  // ---- end of discovery
  const [allAds, previousInventory, credential] = await Promise.all([
    listAllAds(ref),
    listInventory(ref, ["inventory_id", "oldest_stock_days", "updated_at"]),
    getCredential(ref, "mercadolivre"),
  ]);
  const fullAds = allAds.filter((ad) => ad.is_full === true);
  const failed: SyncResult["stock"]["failed"] = [];

  // 1. Items: inventory ids and package dimensions, 20 per multiget.
  const { items, failed: itemFailures } = await marketplace.getItems(fullAds.map((ad) => ad.id));
  const itemsById = new Map(items.map((item) => [item.id, item]));
  for (const failure of itemFailures) failed.push({ ad_id: failure.id, error: failure.error });

  const targetsByAd = new Map<string, Target[]>();
  const resized: Ad[] = [];
  for (const ad of fullAds) {
    const item = itemsById.get(ad.id);
    if (!item) continue;
    const targets = targetsOf(ad, item);
    if (targets.length === 0) failed.push({ ad_id: ad.id, error: "The item has no fulfillment inventory id" });
    else targetsByAd.set(ad.id, targets);
    const dimensions = Sync.packageDimensions(item);
    if (
      dimensions &&
      (dimensions.length_mm !== ad.length_mm || dimensions.width_mm !== ad.width_mm || dimensions.height_mm !== ad.height_mm)
    ) {
      Object.assign(ad, dimensions);
      resized.push(ad);
    }
  }
  // The ads were read whole: the changed ones are written back in batches, not one call each.
  await putAds(ref, resized);

  // 2. Receptions for ageing: one paged search for all inventories; without it ages carry forward.
  const targets = [...targetsByAd.values()].flat();
  const firstSearchedDay = Time.addDays(today, -(AGEING_WINDOW_DAYS - 1));
  // Stock the search does not cover arrived before its first day, so it is at least AGEING_WINDOW_DAYS old.
  const windowStartDay = Time.addDays(today, -AGEING_WINDOW_DAYS);
  let receptions = new Map<string, Sync.Reception[]>();
  let receptionsKnown = false;
  if (targets.length > 0 && credential?.user_id !== undefined && credential?.user_id !== null) {
    try {
      const operations = await marketplace.searchOperations({
        sellerId: credential.user_id,
        inventoryIds: targets.map((t) => t.inventoryId),
        dateFrom: firstSearchedDay,
        dateTo: Time.addDays(today, 1),
        type: RECEPTION.toLowerCase(),
      });
      receptions = receptionsByInventory(operations);
      receptionsKnown = true;
    } catch (error) {
      if (error instanceof MarketplaceAuthError) throw error;
    }
  }
  const previousById = new Map(previousInventory.map((r) => [r.inventory_id, r]));

  // 3. Stock per inventory; an ad is written only when every one of its inventories was read.
  const records: InventoryRecord[] = [];
  const rows: DailyStockRow[] = [];
  const updatedAt = now.toISOString();
  await Promise.all(
    [...targetsByAd].map(async ([adId, adTargets]) => {
      try {
        const stocks = await Promise.all(adTargets.map((t) => marketplace.getStock(t.inventoryId)));
        adTargets.forEach((target, i) => {
          const figures = Sync.stockFromFulfillment(stocks[i]!, target.ad.sales_30d);
          const previous = previousById.get(target.inventoryId);
          const known = previous?.updated_at ? Time.timestampToInstant(zone, previous.updated_at) : undefined;
          const previousAge = previous && known ? { oldestStockDays: previous.oldest_stock_days, asOfDay: Time.calendarDay(zone, known) } : null;
          const oldest = receptionsKnown
            ? Sync.oldestStockDays({
                available: figures.available_qty,
                receptions: receptions.get(target.inventoryId) ?? [],
                windowStartDay,
                today,
                previous: previousAge,
                timeZone: zone,
              })
            : figures.available_qty > 0
              ? Sync.carriedForward(previousAge, today)
              : null;
          records.push({
            inventory_id: target.inventoryId,
            ad_id: adId,
            sku: target.ad.sku,
            variation_id: target.variationId,
            ...figures,
            oldest_stock_days: oldest,
            updated_at: updatedAt,
          });
          rows.push({
            inventory_id: target.inventoryId,
            day: today,
            available_qty: figures.available_qty,
            in_transit_qty: figures.in_transit_qty,
            not_available_qty: figures.not_available_qty,
          });
        });
      } catch (error) {
        if (error instanceof MarketplaceAuthError) throw error;
        failed.push({ ad_id: adId, error: errorText(error) });
      }
    }),
  );
  await putInventory(ref, records);
  await putDailyStock(ref, rows);

  // 4. Storage costs from the active tariffs over every stored record.
  const [tariffs, inventory] = await Promise.all([listTariffs(ref), listInventory(ref, ["inventory_id", "sku", "ad_id", "days_of_stock", "oldest_stock_days"])]);
  const active = StorageCost.activeTariffs(tariffs);
  let updated = 0;
  let skipped = 0;
  if (active.length > 0) {
    const costs = StorageCost.computeCosts({ ads: allAds, inventory, tariffs: active, now });
    await putMetrics(ref, costs.metrics);
    updated = costs.metrics.length;
    skipped = costs.skipped;
  }

  failed.sort((a, b) => (a.ad_id < b.ad_id ? -1 : a.ad_id > b.ad_id ? 1 : 0));
  return {
    success: true,
    stock: { ads_full: fullAds.length, inventories: records.length, dimensions_updated: resized.length, failed },
    cost: { updated, skipped, tariffs_active: active.length },
    discovery,
  };
}
