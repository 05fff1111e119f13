import { randomUUID } from "node:crypto";
import { ListView, Overview, Replenishment, type Ad, type InventoryRecord, type LocalStockRow, type SkuMetric } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { countersOf, isCurrent, readState, watchedTopics, type ChangeTopic, type RecordKind, type StateItem } from "#storage/changes";
import { listInventory, listInventoryWithIndex, indexDailyRowsOf } from "#storage/inventory";
import { listDailyAvailability, listInventoriesWithDailyRows } from "#storage/daily-stock";
import { listAllAds } from "#storage/ads";
import { listMetricsBySku } from "#storage/metrics";
import { listLocalStock } from "#storage/local-stock";
import { acquireLease, releaseLease } from "#storage/lease";
import {
  adHeaderPartitions,
  adHeaderView,
  listPageItem,
  listPagePartitions,
  publishView,
  replaceCollection,
  replenishmentItem,
  replenishmentPartitions,
  answerKey,
  answerPages,
  gzipTrailerOf,
  answerPartitions,
  skuViewPages,
  skuViewPartitions,
  viewAttribute,
  type ViewName,
} from "#storage/read-model";
import { logger } from "#logging/logger";
import { listGroupEntries } from "#storage/settings";
import { listPlanning } from "#storage/planning";
import { listTariffsOn } from "#storage/tariffs";
import { Time } from "@fulfillment/core";
import { businessTimeZone } from "./business-time.js";
import { readWarningInputs } from "./overview-warnings.js";
import {
  AGED_INVENTORY_FIELDS,
  DEFAULT_RESTOCK_QUERY,
  agedAnswerInputs,
  agedEntries,
  agedStockOf,
  candidateAds,
  restockAnswerInputs,
  restockEntries,
  restockPlanOf,
  sellingSkus,
  stockoutDaysBySku,
  stockoutsFrom,
} from "./stock-views.js";

/**
 * The read model's views and the record kinds each is built from (key design in storage/keys.ts).
 * A view watches the change topics of its kinds (storage/changes.ts): it is current when the
 * counters it recorded equal the state's counters of these topics.
 */
export const VIEW_KINDS: Record<ViewName, readonly RecordKind[]> = {
  overview: ["inventory", "ad"],
  // The overview's warnings' inputs (services/overview-warnings.ts), kept on the state item beside its body.
  warnings: ["tariff", "tariff-version", "sync-run", "local_stock"],
  list: ["inventory", "ad", "metric"],
  replenishment: ["inventory", "ad", "local_stock"],
  ad_headers: ["inventory", "ad"],
  restock: ["inventory", "ad", "daily_stock", "daily_inventory", "local_stock"],
  aged_stock: ["inventory", "ad", "daily_stock"],
};
export const VIEW_TOPICS = watchedTopics(VIEW_KINDS);
const VIEWS = Object.keys(VIEW_TOPICS) as ViewName[];

/** A view's entry on the state item when it is current, else undefined. */
export function currentView(state: StateItem, view: ViewName): Record<string, unknown> | undefined {
  const entry = state[viewAttribute(view)] as { deps?: Record<string, unknown> } | undefined;
  return entry && isCurrent(state, entry.deps, VIEW_TOPICS[view]) ? (entry as Record<string, unknown>) : undefined;
}

const staleViews = (state: StateItem, among: readonly ViewName[] = VIEWS): ViewName[] => among.filter((view) => currentView(state, view) === undefined);

/** One rebuild at a time; a holder that dies lets go at expiry, and readers meanwhile use the live path. */
export const READ_MODEL_LEASE = "read-model";
const LEASE_MS = 10 * 60 * 1000;
/** Rounds of rebuilding when writes keep landing during a build: afterwards the views stay stale (correct, slower). */
const MAX_ROUNDS = 3;
/** A stored item holds at most 400 KB; a view with a larger item cannot be stored and stays stale. */
const MAX_ITEM_BYTES = 380_000;

export interface RefreshOptions {
  /** Epoch milliseconds after which no further step starts (a write path's time budget). */
  deadline?: number;
  now?: Date;
  /** Only these views (a write that changed only what they read); default every stale one. */
  views?: readonly ViewName[];
}

export interface RefreshOutcome {
  /** Views rebuilt and published by this call. */
  built: ViewName[];
  /** Views still stale when it returned: their reads take the live path until the next refresh. */
  stale: ViewName[];
  /** Another refresh held the lease: it rebuilds what it finds stale before it lets go; the rest is read live. */
  busy?: boolean;
}

interface Inputs {
  inventory: InventoryRecord[];
  indexedUnder: (string | undefined)[];
  ads: Ad[];
  adsById: Map<string, Ad>;
  metrics: Map<string, SkuMetric>;
  localStock: LocalStockRow[];
  /** Stockout days per selling SKU from `from` on, read once for the views that need them. */
  stockouts: () => Promise<{ from: string; bySku: Map<string, string[]> }>;
  /** The inventory with the fields of the aged-stock report (FIFO lots), read once when needed. */
  agedInventory: () => Promise<InventoryRecord[]>;
}

const once = <T>(read: () => Promise<T>): (() => Promise<T>) => {
  let reading: Promise<T> | undefined;
  return () => (reading ??= read());
};

/** Every collection the stale views read, strongly consistent: nothing written before the counters were read is missed. */
async function readInputs(ref: TableRef, views: readonly ViewName[], state: StateItem, now: Date): Promise<Inputs> {
  const needs = (topic: ChangeTopic): boolean => views.some((view) => VIEW_TOPICS[view].includes(topic));
  const [inventory, ads, metrics, localStock] = await Promise.all([
    listInventoryWithIndex(ref),
    listAllAds(ref, { consistent: true }),
    needs("metrics") ? listMetricsBySku(ref, { consistent: true }) : new Map<string, SkuMetric>(),
    needs("local_stock") ? listLocalStock(ref, { consistent: true }) : [],
  ]);
  const stockouts = once(async () => {
    const from = stockoutsFrom(now);
    const selling = sellingSkus(candidateAds(ads));
    const withRows = await listInventoriesWithDailyRows(ref, state);
    const ids = inventory.records.filter((record) => record.sku !== null && selling.has(record.sku) && withRows.has(record.inventory_id)).map((record) => record.inventory_id);
    const rows = await listDailyAvailability(ref, ids, from, "9999-12-31", { consistent: true });
    return { from, bySku: stockoutDaysBySku(inventory.records, rows) };
  });
  const agedInventory = once(() => listInventory(ref, [...AGED_INVENTORY_FIELDS], { consistent: true }));
  return {
    inventory: inventory.records,
    indexedUnder: inventory.indexedUnder,
    ads,
    adsById: new Map(ads.map((ad) => [ad.id, ad])),
    metrics,
    localStock,
    stockouts,
    agedInventory,
  };
}

/**
 * Stores a per-SKU view's pages and its answer computed today (with the inputs `answerInputs`
 * stands for), and publishes it with the first day its stockout days cover.
 */
async function publishSkuView(
  ref: TableRef,
  view: ViewName,
  built: { entries: readonly unknown[]; from: string; answer: string; answerInputs: unknown },
  counters: Record<string, number>,
): Promise<boolean> {
  const pages = skuViewPages(view, built.entries, MAX_ITEM_BYTES);
  const answer = answerPages(view, built.answer, MAX_ITEM_BYTES);
  if (!pages || !answer) return false;
  await replaceCollection(ref, skuViewPartitions(view), pages);
  await replaceCollection(ref, answerPartitions(view), answer);
  return publishView(ref, view, counters, {
    from: built.from,
    count: built.entries.length,
    pages: pages.map((page) => page.digest),
    // The text's gzip trailer: the stored pages are then sent gzip-encoded as they are (stock-reports.ts).
    answer: { key: answerKey(built.answerInputs), pages: answer.map((page) => page.digest), gzip: gzipTrailerOf(built.answer) },
  });
}

/** Today's business day, the zone read fresh (a stored answer serves only requests of the same day). */
const businessDay = async (ref: TableRef, now: Date): Promise<string> => Time.calendarDay(await businessTimeZone(ref, { fresh: true }), now);

type Builder = (ref: TableRef, inputs: Inputs, counters: Record<string, number>, now: Date) => Promise<boolean>;

/** The warnings' inputs are a few small reads of their own: built without the collections; `key` fingerprints them. */
async function buildWarnings(ref: TableRef, counters: Record<string, number>): Promise<boolean> {
  const inputs = await readWarningInputs(ref, { consistent: true });
  return publishView(ref, "warnings", counters, { inputs, key: answerKey(inputs) });
}

const BUILDERS: Record<Exclude<ViewName, "warnings">, Builder> = {
  overview: async (ref, { inventory, adsById }, counters) =>
    publishView(ref, "overview", counters, { body: JSON.stringify(Overview.computeOverview(inventory, adsById)) }),

  list: async (ref, { inventory, adsById, metrics }, counters) => {
    const entries = ListView.listEntries(inventory, adsById, metrics);
    const alerting = entries.filter((entry) => entry.alerting);
    const others = entries.filter((entry) => !entry.alerting);
    const parts = [
      { alerting: true, pages: ListView.packPages(alerting).map((page, n) => listPageItem(true, n, page)) },
      { alerting: false, pages: ListView.packPages(others).map((page, n) => listPageItem(false, n, page)) },
    ];
    if (parts.some((part) => part.pages.some((page) => ListView.utf8Bytes(String(page.item.docs)) > MAX_ITEM_BYTES))) return false;
    for (const part of parts) await replaceCollection(ref, listPagePartitions(part.alerting), part.pages);
    return publishView(ref, "list", counters, { count: entries.length, alerts: ListView.partSize(alerting), others: ListView.partSize(others) });
  },

  replenishment: async (ref, { inventory, ads, localStock }, counters) => {
    const candidates = ads
      .filter((ad) => ad.is_full === true && ad.sku !== null && ad.sku !== undefined)
      .sort((a, b) => Replenishment.byCandidateOrder(Replenishment.candidateOrder(a), Replenishment.candidateOrder(b)));
    const items = Replenishment.skuInputs({ inventory, localStock, candidates }).map(replenishmentItem);
    if (items.some((view) => ListView.utf8Bytes(String(view.item.doc)) > MAX_ITEM_BYTES)) return false;
    await replaceCollection(ref, replenishmentPartitions(), items);
    return publishView(ref, "replenishment", counters);
  },

  // The detail reads headers and daily rows without a counter check: this view repairs what a
  // write outside storage/ads.ts or an older version left behind (headers, unindexed rows).
  ad_headers: async (ref, { inventory, indexedUnder, ads, adsById }, counters, now) => {
    const adIds = new Set([...ads.map((ad) => ad.id), ...inventory.flatMap((record) => (record.ad_id ? [record.ad_id] : []))]);
    await replaceCollection(ref, adHeaderPartitions(), [...adIds].map((id) => adHeaderView(id, adsById.get(id))));
    const unindexed = inventory.flatMap((record, i) =>
      record.ad_id !== null && record.ad_id !== undefined && indexedUnder[i] !== record.ad_id ? [{ inventoryId: record.inventory_id, adId: record.ad_id }] : [],
    );
    await indexDailyRowsOf(ref, unindexed, now);
    return publishView(ref, "ad_headers", counters);
  },

  restock: async (ref, { inventory, ads, localStock, stockouts }, counters, now) => {
    const [{ from, bySku }, today, estoque, planning] = await Promise.all([
      stockouts(),
      businessDay(ref, now),
      listGroupEntries(ref, "estoque"),
      listPlanning(ref, { consistent: true }),
    ]);
    const entries = restockEntries({ candidates: candidateAds(ads), inventory, localStock, stockouts: bySku });
    const answer = JSON.stringify(restockPlanOf(entries, today, DEFAULT_RESTOCK_QUERY, estoque, planning));
    return publishSkuView(ref, "restock", { entries, from, answer, answerInputs: restockAnswerInputs(today, DEFAULT_RESTOCK_QUERY, estoque, planning) }, counters);
  },

  aged_stock: async (ref, { ads, stockouts, agedInventory }, counters, now) => {
    const day = businessDay(ref, now);
    const [{ from, bySku }, inventory, today, tariffs] = await Promise.all([
      stockouts(),
      agedInventory(),
      day,
      day.then((today) => listTariffsOn(ref, today, { consistent: true })),
    ]);
    const entries = agedEntries({ candidates: candidateAds(ads), inventory, stockouts: bySku });
    const answer = JSON.stringify(agedStockOf(entries, today, tariffs));
    return publishSkuView(ref, "aged_stock", { entries, from, answer, answerInputs: agedAnswerInputs(today, tariffs) }, counters);
  },
};

/**
 * Rebuilds the stale views, each from collections read after the counters it records, and
 * publishes a view only if none of its topics moved during the build. Write paths call it at
 * their end (after markChanged); whatever it leaves stale is still answered correctly, by the
 * live path. Never throws: a failure is logged and leaves views stale.
 */
export async function refreshReadModel(ref: TableRef, options: RefreshOptions = {}): Promise<RefreshOutcome> {
  const now = options.now ?? new Date();
  const outcome: RefreshOutcome = { built: [], stale: [] };
  const pastDeadline = (): boolean => options.deadline !== undefined && Date.now() >= options.deadline;
  let owner: string | undefined;
  try {
    let state = await readState(ref);
    if (staleViews(state, options.views).length === 0) return outcome;
    const lease = randomUUID();
    if (!(await acquireLease(ref, READ_MODEL_LEASE, lease, LEASE_MS))) {
      return { ...outcome, stale: staleViews(state, options.views), busy: true };
    }
    owner = lease;
    for (let round = 0; round < MAX_ROUNDS && !pastDeadline(); round++) {
      state = await readState(ref);
      const stale = staleViews(state, options.views);
      if (stale.length === 0) break;
      const collected = stale.filter((view) => view !== "warnings");
      const inputs = collected.length > 0 ? await readInputs(ref, collected, state, now) : undefined;
      for (const view of stale) {
        if (pastDeadline()) break;
        const counters = countersOf(state, VIEW_TOPICS[view]);
        const built = view === "warnings" ? await buildWarnings(ref, counters) : await BUILDERS[view](ref, inputs!, counters, now);
        if (built) outcome.built.push(view);
      }
    }
    outcome.stale = staleViews(await readState(ref), options.views);
  } catch (error) {
    logger.warn("Read model not refreshed; reads use the live path until the next refresh", { reason: (error as Error).message });
    outcome.stale = [...(options.views ?? VIEWS)];
  } finally {
    if (owner) {
      await releaseLease(ref, READ_MODEL_LEASE, owner).catch((error: Error) =>
        // Not silent: until the lease lapses no other refresh starts, and changed views are read live.
        logger.warn("Read model lease not released; views changed meanwhile are read through the live path until it lapses", {
          reason: error.message,
          lapses_in_s: LEASE_MS / 1000,
        }),
      );
    }
  }
  return outcome;
}
