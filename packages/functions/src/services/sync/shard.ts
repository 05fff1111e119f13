import { Catalogue, Sync, Time, type Ad, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getAdsById, putAds, setLedgerSales } from "#storage/ads";
import { getInventoryAges, putInventory, type InventoryAge } from "#storage/inventory";
import { putDailyStock } from "#storage/daily-stock";
import { shardMetrics } from "../../observability/sync-metrics.js";
import { closeShard, countAttempt, getShard, type ShardOutcome } from "#storage/sync/shards";
import {
  MarketplaceAuthError,
  MarketplaceNetworkError,
  type FulfillmentStock,
  type MarketplaceClient,
  type MarketplaceItem,
} from "../../marketplace/index.js";
import { logger } from "#logging/logger";
import { businessTimeZone } from "../business-time.js";
import { sellerId } from "../seller.js";
import { SHARD_ATTEMPTS } from "./bounds.js";
import { adWithLedgerSales, ledgerSalesOrError } from "./ledger-sales.js";
import { byAdId, errorText, isFatal, SyncLeaseLostError, syncFailureText } from "./errors.js";
import { SYNC_LEASE_TTL_MS, whileHoldingLease, type HeldLease } from "./lease.js";
import { runMarketplaceClient } from "./marketplace-calls.js";
import { readReceptions, type Receptions } from "./receptions.js";
import { shardDrift, storedBeforeRead } from "./reconcile.js";

interface Target {
  ad: Ad;
  inventoryId: string;
  variationId: string | number | null;
}

/** An ad that could not be synchronised, with the error behind it (for naming a failed run's cause). */
export interface AdFailure extends Sync.FailedAd {
  cause: unknown;
}

export interface ShardInput {
  runId: string;
  shard: number;
  marketplace: MarketplaceClient;
  /** The run's business day and zone, and the instant stored on the records. */
  now: Date;
  timeZone: string;
  /** The run's lease: each part of the shard checks it, and it is renewed right before the shard writes. */
  lease: HeldLease;
}

/** What the state machine's shard step answers (the map discards it). */
export interface ShardStepOutput {
  shard: number;
  state: "done" | "failed" | "lease lost";
}

/**
 * The state machine's shard step (one item of the map), holding the run's lease. A failure worth
 * retrying is thrown for the definition's retry policy until the shard's last attempt, which
 * records it failed and returns: the map never fails for a shard, and the others go on. A fatal
 * one (a refused token, a lost lease) is recorded at once.
 */
export async function shardStep(ref: TableRef, runId: string, shard: number): Promise<ShardStepOutput> {
  const now = new Date();
  const done = await whileHoldingLease(ref, runId, async (lease): Promise<ShardStepOutput> => {
    try {
      const marketplace = await runMarketplaceClient(ref, runId);
      await runShard(ref, { runId, shard, marketplace, now, timeZone: await businessTimeZone(ref), lease });
      return { shard, state: "done" };
    } catch (error) {
      const reason = syncFailureText(error);
      const fatal = isFatal(error);
      const attempts = (await getShard(ref, runId, shard))?.attempts ?? SHARD_ATTEMPTS;
      if (!fatal && attempts < SHARD_ATTEMPTS) {
        logger.info(`Sync shard ${shard} failed (attempt ${attempts}); the state machine retries it`, { run_id: runId, shard, reason });
        throw error;
      }
      logger.warn(`Sync shard ${shard} failed; the other shards go on`, { run_id: runId, shard, reason });
      await failShard(ref, runId, shard, reason, fatal ? reason : null);
      return { shard, state: "failed" };
    }
  });
  if (done) return done;
  await failShard(ref, runId, shard, new SyncLeaseLostError(SYNC_LEASE_TTL_MS).message, null);
  return { shard, state: "lease lost" };
}

/**
 * The shard step: items, stock and ageing of the shard's ads, their records and today's daily rows
 * (writes keyed by inventory and day, so a retry rewrites the same items), then the shard closed and
 * its counters added to the run in one transaction. A shard already closed is left as it is.
 * A refused token is thrown: no other ad would fare better.
 */
export async function runShard(ref: TableRef, input: ShardInput): Promise<ShardOutcome | null> {
  const definition = await getShard(ref, input.runId, input.shard);
  if (!definition || definition.state !== "pending") return definition?.outcome ?? null;
  await countAttempt(ref, input.runId, input.shard);
  const zone = input.timeZone;
  const today = Time.calendarDay(zone, input.now);
  const [adsById, seller] = await Promise.all([getAdsById(ref, definition.ad_ids), sellerId(ref)]);
  const ads = definition.ad_ids.map((id) => adsById.get(id)).filter((ad): ad is Ad => ad !== undefined);

  const step = (name: string) => input.lease.step(name);
  step("readFullItems");
  const read = await readFullItems(input.marketplace, ads, definition.items as MarketplaceItem[]);
  // sales_30d from the ledger (ads without an imported figure) before the stock figures use it.
  step("readLedgerSales");
  const ledger = await ledgerSalesOrError(input.marketplace, seller, read.items, ads, input.now);
  const items = withLedgerSales(read, ledger.ledger);
  // What notifications built, read before the marketplace is: the reconciliation compares the two.
  const storedBefore = await storedBeforeRead(ref, inventoryIdsOf(items.targetsByAd));
  step("readStock");
  const stock = await readStock(input.marketplace, items.targetsByAd);
  const failed = byAdId([...items.failed, ...stock.failed]);
  step("readReceptions");
  const receptions = await readReceptions(input.marketplace, seller, availableByInventory(stock.readAds), today);
  const previousById = await previousRecords(ref, stock.readAds);
  const { records, rows } = buildRecords(stock.readAds, receptions, previousById, { today, zone, updatedAt: input.now.toISOString() });
  const drift = shardDrift({ records, before: storedBefore, after: previousById, searchedFrom: receptions.searchedFrom, timeZone: zone });
  const resized = [...stock.readAds.keys()].flatMap((adId) => items.resized.get(adId) ?? []);
  step("storeStock");
  if (!(await input.lease.renew())) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
  const salesFromLedger = await storeLedgerSales(ref, ads, ledger.ledger);
  await storeStock(ref, resized, records, rows);

  const outcome: ShardOutcome = {
    ads_read: stock.readAds.size,
    inventories: records.length,
    dimensions_updated: resized.length,
    failed: failed.map(({ ad_id, error }) => ({ ad_id, error })),
    unreachable: unreachableText(failed),
    fatal: null,
    sales_from_ledger: salesFromLedger,
    ledger_error: ledger.error,
    drift,
  };
  if (await closeShard(ref, input.runId, input.shard, { state: "done", outcome, error: null, adsDone: definition.ad_ids.length })) shardMetrics("done", outcome);
  return outcome;
}

/** Records a shard that still failed after its retries: its ads count as failed, the others go on. */
export async function failShard(ref: TableRef, runId: string, shard: number, error: string, fatal: string | null): Promise<void> {
  const definition = await getShard(ref, runId, shard);
  if (!definition || definition.state !== "pending") return;
  const outcome: ShardOutcome = {
    ads_read: 0,
    inventories: 0,
    dimensions_updated: 0,
    failed: definition.ad_ids.map((ad_id) => ({ ad_id, error: `shard ${shard} failed: ${error}` })),
    unreachable: null,
    fatal,
  };
  if (await closeShard(ref, runId, shard, { state: "failed", outcome, error, adsDone: definition.ad_ids.length })) shardMetrics("failed", outcome);
}

const inventoryIdsOf = (targetsByAd: ReadonlyMap<string, Target[]>): string[] => [...targetsByAd.values()].flatMap((targets) => targets.map((target) => target.inventoryId));

/** The stored age of each inventory the shard read (for carrying ages forward). */
async function previousRecords(ref: TableRef, readAds: StockRead["readAds"]): Promise<Map<string, InventoryAge>> {
  const inventoryIds = [...readAds.values()].flatMap((entries) => entries.map(({ target }) => target.inventoryId));
  const previous = await getInventoryAges(ref, inventoryIds);
  return new Map(previous.map((record) => [record.inventory_id, record]));
}

/** When every failure was an unreachable marketplace, that cause in words. */
function unreachableText(failed: readonly AdFailure[]): string | null {
  const causes = failed.map((failure) => failure.cause);
  if (causes.length === 0 || !causes.every((cause) => cause instanceof MarketplaceNetworkError)) return null;
  const first = causes[0] as MarketplaceNetworkError;
  return `marketplace unreachable at ${first.host}: ${MarketplaceNetworkError.describe(first.reason, first.detail)}`;
}

/**
 * The shard's ads with the ledger's sales where the ledger owns the figure (no imported value):
 * the stock figures (days of stock) and any resized ad stored use them.
 */
function withLedgerSales(read: FullItems, ledger: ReadonlyMap<string, number>): FullItems {
  if (ledger.size === 0) return read;
  const update = (ad: Ad): Ad => adWithLedgerSales(ad, ledger);
  const targetsByAd = new Map([...read.targetsByAd].map(([adId, targets]) => [adId, targets.map((target) => ({ ...target, ad: update(target.ad) }))]));
  const resized = new Map([...read.resized].map(([adId, ad]) => [adId, update(ad)]));
  return { ...read, targetsByAd, resized };
}

/** The ledger's sales of the shard's ads that differ from the stored ones (field updates: an import landed meanwhile wins). */
async function storeLedgerSales(ref: TableRef, ads: readonly Ad[], ledger: ReadonlyMap<string, number>): Promise<number> {
  const changed = ads
    .filter((ad) => ledger.has(ad.id) && Catalogue.salesFromLedger(ad) && (ad.sales_30d !== ledger.get(ad.id) || ad.sales_30d_source !== "ledger"))
    .map((ad) => ({ adId: ad.id, sales30d: ledger.get(ad.id)! }));
  await setLedgerSales(ref, changed);
  return ledger.size;
}

interface FullItems {
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
async function readFullItems(marketplace: MarketplaceClient, fullAds: readonly Ad[], handed: readonly MarketplaceItem[]): Promise<FullItems> {
  const known = new Set(handed.map((item) => item.id));
  const unread = fullAds.filter((ad) => !known.has(ad.id)).map((ad) => ad.id);
  const fetched = unread.length > 0 ? await marketplace.getItems(unread) : { items: [], failed: [] };
  const items = [...handed, ...fetched.items];
  const itemFailures = fetched.failed;
  const itemsById = new Map(items.map((item) => [item.id, item]));
  const failed: AdFailure[] = itemFailures.map((failure) => ({ ad_id: failure.id, error: failure.error, cause: failure.cause }));
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

/** The inventory ids of an item: the item's own and one per variation. */
function targetsOf(ad: Ad, item: MarketplaceItem): Target[] {
  const targets: Target[] = [];
  if (item.inventory_id) targets.push({ ad, inventoryId: item.inventory_id, variationId: null });
  for (const variation of item.variations ?? []) {
    if (variation.inventory_id) targets.push({ ad, inventoryId: variation.inventory_id, variationId: variation.id });
  }
  return targets;
}

interface StockRead {
  /** Ads whose every inventory was read, with each inventory's stock. */
  readAds: Map<string, { target: Target; stock: FulfillmentStock }[]>;
  failed: AdFailure[];
}

/** Step 2: the fulfillment stock of every inventory. An ad counts as read only when all its inventories were. */
async function readStock(marketplace: MarketplaceClient, targetsByAd: ReadonlyMap<string, Target[]>): Promise<StockRead> {
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

function availableByInventory(readAds: StockRead["readAds"]): Map<string, number> {
  const available = new Map<string, number>();
  for (const entries of readAds.values()) for (const { target, stock } of entries) available.set(target.inventoryId, stock.available_quantity ?? 0);
  return available;
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

/** Step 5: the resized ads (in batches), the inventory records and today's daily rows. */
async function storeStock(ref: TableRef, resized: Ad[], records: InventoryRecord[], rows: DailyStockRow[]): Promise<void> {
  await putAds(ref, resized);
  await putInventory(ref, records);
  await putDailyStock(ref, rows);
}

