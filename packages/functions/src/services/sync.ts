import { StorageCost, Sync, Time, type Ad, type Credential, type DailyStockRow, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listAllAds, putAds } from "#storage/ads";
import { listInventory, putInventory } from "#storage/inventory";
import { putDailyStock } from "#storage/daily-stock";
import { listTariffs } from "#storage/tariffs";
import { putMetrics } from "#storage/metrics";
import { getCredential } from "#storage/credentials";
import {
  MarketplaceAuthError,
  MarketplaceConfigError,
  MarketplaceError,
  MarketplaceNetworkError,
  MissingCredentialError,
  type FulfillmentStock,
  type MarketplaceClient,
  type MarketplaceItem,
  type StockOperation,
} from "../marketplace/index.js";
import { logger } from "#http/logger";
import { businessTimeZone } from "./business-time.js";
import { refreshReadModel } from "./read-model.js";
import { SyncFailedError, SyncLeaseLostError, SyncRunningError } from "./sync-errors.js";
import { startRun, SYNC_HEARTBEAT_MS, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS, type RunHandle } from "./sync-run.js";
import { discoverCatalogue, type DiscoveryResult } from "./discovery.js";
import { sellerIdOf } from "./seller.js";

export { SyncFailedError, SyncLeaseLostError, SyncRunningError, SYNC_HEARTBEAT_MS, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS };

const RECEPTION = "INBOUND_RECEPTION";

export interface SyncResult {
  success: true;
  run_id: string;
  stock: {
    ads_full: number;
    inventories: number;
    dimensions_updated: number;
    failed: Sync.FailedAd[];
  };
  cost: { updated: number; skipped: number; tariffs_active: number };
  /** Catalogue discovery at the start of the run; `error` set makes the run partial. */
  discovery: DiscoveryResult;
}

export interface SyncOptions {
  trigger: Sync.RunTrigger;
  /** The client, or how to make it: made inside the run, so a configuration failure is recorded with it. */
  marketplace: MarketplaceClient | (() => Promise<MarketplaceClient>);
  /** The run's clock: lease, heartbeat, records and the business day. */
  clock?: () => Date;
  heartbeatMs?: number;
}

interface Target {
  ad: Ad;
  inventoryId: string;
  variationId: string | number | null;
}

/** An ad that could not be synchronised, with the error behind it (for naming a failed run's cause). */
interface AdFailure extends Sync.FailedAd {
  cause: unknown;
}

const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/**
 * CONTRACTS section 5: reads Full stock from the marketplace (never writes to it), stores the
 * inventory records and today's daily rows, then recomputes storage costs. Every run is recorded
 * (services/sync-run.ts) and holds the lease, renewed by a heartbeat, while it works.
 *
 * Outcomes: `succeeded`; `partial` when some ads failed (each ad is written whole or not at all);
 * `failed` — thrown as SyncFailedError — when the marketplace or its configuration fails the run
 * or no Full ad could be read at all, with stored records left as they were.
 */
export async function runSync(ref: TableRef, options: SyncOptions): Promise<SyncResult> {
  const clock = options.clock ?? (() => new Date());
  const timeZone = await businessTimeZone(ref, { fresh: true });
  const run = await startRun(ref, { trigger: options.trigger, clock, timeZone, heartbeatMs: options.heartbeatMs });
  let failures: AdFailure[] = [];
  try {
    const marketplace = typeof options.marketplace === "function" ? await options.marketplace() : options.marketplace;
    const outcome = await syncSteps(ref, marketplace, run, timeZone, clock(), (found) => (failures = found));
    const failed = outcome.failed.map(({ ad_id, error }) => ({ ad_id, error }));
    const { error: discoveryError } = outcome.discovery;
    await run.finish({ state: failed.length > 0 || discoveryError ? "partial" : "succeeded", result: outcome.result, failed, error: discoveryError });
    return {
      success: true,
      run_id: run.id,
      stock: { ads_full: outcome.result.ads_full, inventories: outcome.result.inventories, dimensions_updated: outcome.result.dimensions_updated, failed },
      cost: { updated: outcome.result.cost_updated, skipped: outcome.result.cost_skipped, tariffs_active: outcome.result.tariffs_active },
      discovery: outcome.discovery,
    };
  } catch (error) {
    const failure = asSyncFailure(error, run.id);
    const reason = failure instanceof SyncFailedError ? failure.reason : `unexpected failure: ${errorText(error)}`;
    await run.finish({ state: "failed", error: reason, failed: failures.map(({ ad_id, error }) => ({ ad_id, error })) }).catch((finishError: unknown) =>
      logger.warn("Sync run outcome not stored", { run_id: run.id, reason: errorText(finishError) }),
    );
    throw failure;
  }
}

/** A failure the operator can act on becomes SyncFailedError with its cause in words; anything else stays unexpected. */
function asSyncFailure(error: unknown, runId: string): unknown {
  if (error instanceof SyncFailedError) return error;
  if (error instanceof MarketplaceAuthError) return new SyncFailedError(authFailureText(error), { cause: error, runId });
  if (error instanceof MarketplaceError || error instanceof MissingCredentialError || error instanceof MarketplaceConfigError || error instanceof SyncLeaseLostError) {
    return new SyncFailedError(error.message, { cause: error, runId });
  }
  return error;
}

function authFailureText(error: MarketplaceAuthError): string {
  if (error.endpoint === "POST /oauth/token") return `token refresh rejected: ${error.code ?? `HTTP ${error.status}`} (${error.message})`;
  return `the marketplace refused the access token even after a refresh (${error.message})`;
}

interface StepsOutcome {
  result: Sync.RunResult;
  failed: AdFailure[];
  discovery: DiscoveryResult;
}

/** The steps of one run, in order; each is a small function that hands its result to the next. */
async function syncSteps(
  ref: TableRef,
  marketplace: MarketplaceClient,
  run: RunHandle,
  zone: string,
  now: Date,
  reportFailures: (failed: AdFailure[]) => void,
): Promise<StepsOutcome> {
  const today = Time.calendarDay(zone, now);
  // ---- Catalogue discovery, the plan step: the seller's Full listings become the ads read below.
  run.step("discoverCatalogue");
  const discovery = await discoverCatalogue(ref, marketplace, now);
  // ---- end of discovery
  run.step("readCatalogue");
  const catalogue = await readCatalogue(ref);
  const sellerId = sellerIdOf(catalogue.credential);
  run.setAdsTotal(catalogue.fullAds.length);
  await run.saveProgress();

  run.step("readFullItems");
  const items = await readFullItems(marketplace, catalogue.fullAds);
  run.adsDone(items.failed.length);
  run.step("readStock");
  const stock = await readStock(marketplace, items.targetsByAd, () => run.adsDone());
  const failed = sortFailures([...items.failed, ...stock.failed]);
  reportFailures(failed);
  if (catalogue.fullAds.length > 0 && stock.readAds.size === 0) throw new SyncFailedError(nothingReadText(failed), { runId: run.id });

  run.step("readReceptions");
  const receptions = await readReceptions(marketplace, sellerId, availableByInventory(stock.readAds), today);
  const { records, rows } = buildRecords(stock.readAds, receptions, catalogue.previousById, { today, zone, updatedAt: now.toISOString() });
  const resized = [...stock.readAds.keys()].flatMap((adId) => items.resized.get(adId) ?? []);
  run.step("storeStock");
  await storeStock(ref, resized, records, rows);

  run.step("recomputeCosts");
  const cost = await recomputeCosts(ref, withDimensions(catalogue.allAds, resized), now);
  // The dashboards' views are rebuilt before the run ends (reads use the live path meanwhile).
  run.step("refreshReadModel");
  await refreshReadModel(ref, { now });
  return {
    result: {
      ads_full: catalogue.fullAds.length,
      inventories: records.length,
      dimensions_updated: resized.length,
      cost_updated: cost.updated,
      cost_skipped: cost.skipped,
      tariffs_active: cost.tariffsActive,
    },
    failed,
    discovery,
  };
}

// ---------------------------------------------------------------------------
// Steps

interface Catalogue {
  allAds: Ad[];
  fullAds: Ad[];
  previousById: Map<string, InventoryRecord>;
  credential: Credential | undefined;
}

/** The stored ads, the previous inventory records (for carrying ages forward) and the marketplace credential. */
async function readCatalogue(ref: TableRef): Promise<Catalogue> {
  const [allAds, previous, credential] = await Promise.all([
    listAllAds(ref),
    listInventory(ref, ["inventory_id", "oldest_stock_days", "updated_at"]),
    getCredential(ref, "mercadolivre"),
  ]);
  return {
    allAds,
    fullAds: allAds.filter((ad) => ad.is_full === true),
    previousById: new Map(previous.map((record) => [record.inventory_id, record])),
    credential,
  };
}

interface FullItems {
  targetsByAd: Map<string, Target[]>;
  /** Ads whose package dimensions differ from the stored ones, as they should be stored. */
  resized: Map<string, Ad>;
  failed: AdFailure[];
}

/** Step 1: the items, 20 per multiget: their inventory ids (item level and per variation) and package dimensions. */
async function readFullItems(marketplace: MarketplaceClient, fullAds: readonly Ad[]): Promise<FullItems> {
  const { items, failed: itemFailures } = await marketplace.getItems(fullAds.map((ad) => ad.id));
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
  return { targetsByAd, resized, failed };
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
async function readStock(marketplace: MarketplaceClient, targetsByAd: ReadonlyMap<string, Target[]>, onAdDone: () => void): Promise<StockRead> {
  const readAds: StockRead["readAds"] = new Map();
  const failed: AdFailure[] = [];
  await Promise.all(
    [...targetsByAd].map(async ([adId, targets]) => {
      // Every read of the ad settles before the ad is judged: none is left running after the run ends.
      const settled = await Promise.allSettled(targets.map((target) => marketplace.getStock(target.inventoryId)));
      onAdDone();
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

interface Receptions {
  byInventory: Map<string, Sync.Reception[]>;
  /** Oldest day the search covered for each inventory it asked about; absent: no search answered for it. */
  searchedFrom: Map<string, string>;
}

/**
 * Step 3: inbound receptions for ageing, walking back window by window (core sync/ageing.ts)
 * and asking only for inventories whose available units are not covered yet. A failed search
 * ends the walk; what it found so far still counts, and ages carry forward for the rest.
 */
async function readReceptions(marketplace: MarketplaceClient, sellerId: string | number, available: ReadonlyMap<string, number>, today: string): Promise<Receptions> {
  const byInventory = new Map<string, Sync.Reception[]>();
  const searchedFrom = new Map<string, string>();
  let pending = [...available].filter(([, units]) => units > 0).map(([inventoryId]) => inventoryId);
  for (const window of Sync.searchWindows(today)) {
    if (pending.length === 0) break;
    let operations: StockOperation[];
    try {
      operations = await marketplace.searchOperations({ sellerId, inventoryIds: pending, dateFrom: window.from, dateTo: window.to, type: RECEPTION.toLowerCase() });
    } catch (error) {
      if (error instanceof MarketplaceAuthError) throw error;
      logger.warn("Receptions search failed; ages of the inventories not covered yet carry forward", { window, reason: errorText(error) });
      break;
    }
    for (const [inventoryId, receptions] of receptionsByInventory(operations)) byInventory.set(inventoryId, [...(byInventory.get(inventoryId) ?? []), ...receptions]);
    for (const inventoryId of pending) searchedFrom.set(inventoryId, window.from);
    pending = pending.filter((inventoryId) => !Sync.covers(available.get(inventoryId)!, byInventory.get(inventoryId) ?? []));
  }
  return { byInventory, searchedFrom };
}

function receptionsByInventory(operations: readonly StockOperation[]): Map<string, Sync.Reception[]> {
  const byInventory = new Map<string, Sync.Reception[]>();
  for (const operation of operations) {
    if (operation.type.toUpperCase() !== RECEPTION) continue;
    const quantity = operation.detail?.available_quantity ?? operation.detail?.total ?? 0;
    byInventory.set(operation.inventory_id, [...(byInventory.get(operation.inventory_id) ?? []), { date: operation.date_created, quantity }]);
  }
  return byInventory;
}

/** Step 4: the inventory records (stock figures, age and first-in-first-out lots) and today's daily rows. */
function buildRecords(
  readAds: StockRead["readAds"],
  receptions: Receptions,
  previousById: ReadonlyMap<string, InventoryRecord>,
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
function previousAge(previous: InventoryRecord | undefined, zone: string): Sync.KnownAge | null {
  const known = previous?.updated_at ? Time.timestampToInstant(zone, previous.updated_at) : undefined;
  return previous && known ? { oldestStockDays: previous.oldest_stock_days, asOfDay: Time.calendarDay(zone, known) } : null;
}

/** Step 5: the resized ads (in batches), the inventory records and today's daily rows. */
async function storeStock(ref: TableRef, resized: Ad[], records: InventoryRecord[], rows: DailyStockRow[]): Promise<void> {
  await putAds(ref, resized);
  await putInventory(ref, records);
  await putDailyStock(ref, rows, new Map(records.map((record) => [record.inventory_id, record.ad_id])));
}

const withDimensions = (ads: readonly Ad[], resized: readonly Ad[]): Ad[] => {
  const byId = new Map(resized.map((ad) => [ad.id, ad]));
  return ads.map((ad) => byId.get(ad.id) ?? ad);
};

/**
 * Step 6: storage costs from the active tariffs over every stored record, so a run that
 * completes leaves every SKU's cost consistent with the stock it reads, whatever an earlier run
 * left behind when it died.
 */
async function recomputeCosts(ref: TableRef, ads: readonly Ad[], now: Date): Promise<{ updated: number; skipped: number; tariffsActive: number }> {
  const [tariffs, inventory] = await Promise.all([listTariffs(ref), listInventory(ref, ["inventory_id", "sku", "ad_id", "days_of_stock", "oldest_stock_days"])]);
  const active = StorageCost.activeTariffs(tariffs);
  if (active.length === 0) return { updated: 0, skipped: 0, tariffsActive: 0 };
  const costs = StorageCost.computeCosts({ ads, inventory, tariffs: active, now });
  await putMetrics(ref, costs.metrics);
  return { updated: costs.metrics.length, skipped: costs.skipped, tariffsActive: active.length };
}

// ---------------------------------------------------------------------------
// Failures

const sortFailures = (failed: AdFailure[]): AdFailure[] => [...failed].sort((a, b) => (a.ad_id < b.ad_id ? -1 : a.ad_id > b.ad_id ? 1 : 0));

/** Why no Full ad could be read: the marketplace unreachable when every failure was a network one, else the first failure. */
function nothingReadText(failed: readonly AdFailure[]): string {
  const network = failed.map((failure) => failure.cause);
  if (network.length > 0 && network.every((cause) => cause instanceof MarketplaceNetworkError)) {
    const first = network[0] as MarketplaceNetworkError;
    return `marketplace unreachable at ${first.host}: ${MarketplaceNetworkError.describe(first.reason, first.detail)}`;
  }
  const first = failed[0];
  return `no Full ad could be read (${failed.length} of ${failed.length} failed)${first ? `; ${first.ad_id}: ${first.error}` : ""}`;
}
