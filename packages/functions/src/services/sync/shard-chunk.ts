/**
 * One part of a shard: its ads' sales, stock and receptions read, their records and today's daily
 * rows stored, and the part recorded as stored. The storage work runs again while storage slows
 * down (storage-pace.ts) with what the marketplace answered kept: no ad is read twice for it.
 */
import { Catalogue, Sync, Time, type Ad, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { putAds, setLedgerSales } from "#storage/ads";
import { getInventoryAges, putInventory, type InventoryAge } from "#storage/inventory";
import { putDailyStock } from "#storage/daily-stock";
import { putChunk, type ChunkOutcome } from "#storage/sync/chunks";
import type { MarketplaceClient } from "../../marketplace/index.js";
import { ledgerSalesOrError } from "./ledger-sales.js";
import { byAdId, SyncLeaseLostError } from "./errors.js";
import { SYNC_LEASE_TTL_MS, type HeldLease } from "./lease.js";
import { readReceptions, type Receptions } from "./receptions.js";
import { shardDrift, storedBeforeRead } from "./reconcile.js";
import { availableByInventory, inventoryIdsOf, readStock, unreachableText, withLedgerSales, type FullItems, type StockRead } from "./shard-reads.js";
import type { StoragePace } from "./storage-pace.js";

export interface ChunkInput {
  runId: string;
  shard: number;
  chunk: number;
  /** The part's ads, and what the shard read of their items. */
  ads: readonly Ad[];
  read: FullItems;
  marketplace: MarketplaceClient;
  sellerId: string | number;
  now: Date;
  timeZone: string;
  lease: HeldLease;
  pace: StoragePace;
}

/** Reads and stores one part of a shard, then records it stored: what it found. */
export async function syncChunk(ref: TableRef, input: ChunkInput): Promise<ChunkOutcome> {
  const { marketplace, pace, lease } = input;
  const zone = input.timeZone;
  const today = Time.calendarDay(zone, input.now);
  // What notifications built, read before the marketplace is: the reconciliation compares the two.
  const storedBefore = await pace.storing(() => storedBeforeRead(ref, inventoryIdsOf(input.read.targetsByAd)));
  // sales_30d from the ledger (ads without an imported figure) before the stock figures use it.
  lease.step("readLedgerSales");
  const ledger = await ledgerSalesOrError(marketplace, input.sellerId, input.read.items, input.ads, input.now);
  const items = withLedgerSales(input.read, ledger.ledger);
  lease.step("readStock");
  const stock = await readStock(marketplace, items.targetsByAd);
  const failed = byAdId([...items.failed, ...stock.failed]);
  lease.step("readReceptions");
  const receptions = await readReceptions(marketplace, input.sellerId, availableByInventory(stock.readAds), today, input.now);
  // Read once: a stored record a failed attempt rewrote must not pass for the one before the run.
  const previousById = await pace.storing(() => previousRecords(ref, stock.readAds));
  const { records, rows } = buildRecords(stock.readAds, receptions, previousById, { today, zone, updatedAt: input.now.toISOString() });
  const drift = shardDrift({ records, before: storedBefore, after: previousById, searchedFrom: receptions.searchedFrom, timeZone: zone });
  const resized = [...stock.readAds.keys()].flatMap((adId) => items.resized.get(adId) ?? []);
  return pace.storing(async () => {
    lease.step("storeStock");
    if (!(await lease.renew())) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
    const salesFromLedger = await storeLedgerSales(ref, input.ads, ledger.ledger);
    await putAds(ref, resized);
    await putInventory(ref, records);
    // The rows' ads are the records' just stored: no read of them again.
    await putDailyStock(ref, rows, new Map(records.map((record) => [record.inventory_id, record.ad_id ?? null])));
    const outcome: ChunkOutcome = {
      ads_read: stock.readAds.size,
      inventories: records.length,
      dimensions_updated: resized.length,
      failed: failed.map(({ ad_id, error }) => ({ ad_id, error })),
      unreachable: unreachableText(failed),
      sales_from_ledger: salesFromLedger,
      ledger_error: ledger.error,
      drift,
    };
    await putChunk(ref, input.runId, input.shard, input.chunk, outcome);
    return outcome;
  });
}

/** The stored age of each inventory read (for carrying ages forward). */
async function previousRecords(ref: TableRef, readAds: StockRead["readAds"]): Promise<Map<string, InventoryAge>> {
  const inventoryIds = [...readAds.values()].flatMap((entries) => entries.map(({ target }) => target.inventoryId));
  const previous = await getInventoryAges(ref, inventoryIds);
  return new Map(previous.map((record) => [record.inventory_id, record]));
}

/** The ledger's sales of the ads that differ from the stored ones (field updates: an import landed meanwhile wins). */
async function storeLedgerSales(ref: TableRef, ads: readonly Ad[], ledger: ReadonlyMap<string, number>): Promise<number> {
  const changed = ads
    .filter((ad) => ledger.has(ad.id) && Catalogue.salesFromLedger(ad) && (ad.sales_30d !== ledger.get(ad.id) || ad.sales_30d_source !== "ledger"))
    .map((ad) => ({ adId: ad.id, sales30d: ledger.get(ad.id)! }));
  await setLedgerSales(ref, changed);
  return ledger.size;
}

/** Step 4: the inventory records (stock figures, age and first-in-first-out lots) and today's daily rows. */
function buildRecords(
  readAds: StockRead["readAds"],
  receptions: Receptions,
  previousById: ReadonlyMap<string, InventoryAge>,
  at: { today: string; zone: string; updatedAt: string },
): { records: InventoryRecord[]; rows: DailyStockRow[] } {
  const records: InventoryRecord[] = [];
  const rows: DailyStockRow[] = [];
  for (const [adId, entries] of readAds) {
    for (const { target, stock } of entries) {
      const figures = Sync.stockFromFulfillment(stock, target.ad.sales_30d);
      const ageing = Sync.ageStock({
        available: figures.available_qty,
        receptions: receptions.byInventory.get(target.inventoryId) ?? [],
        searchedFrom: receptions.searchedFrom.get(target.inventoryId) ?? null,
        today: at.today,
        previous: previousAge(previousById.get(target.inventoryId), at.zone),
        timeZone: at.zone,
      });
      records.push({
        inventory_id: target.inventoryId,
        ad_id: adId,
        sku: target.ad.sku,
        variation_id: target.variationId,
        ...figures,
        oldest_stock_days: ageing.oldest_stock_days,
        updated_at: at.updatedAt,
        fifo_lots: ageing.fifo_lots,
        unknown_age_units: ageing.unknown_age_units,
      });
      rows.push({
        inventory_id: target.inventoryId,
        day: at.today,
        available_qty: figures.available_qty,
        in_transit_qty: figures.in_transit_qty,
        not_available_qty: figures.not_available_qty,
      });
    }
  }
  return { records, rows };
}

/** The stored age and the business day it was computed for. */
function previousAge(previous: InventoryAge | undefined, zone: string): Sync.KnownAge | null {
  const known = previous?.updated_at ? Time.timestampToInstant(zone, previous.updated_at) : undefined;
  return previous && known ? { oldestStockDays: previous.oldest_stock_days, asOfDay: Time.calendarDay(zone, known) } : null;
}
