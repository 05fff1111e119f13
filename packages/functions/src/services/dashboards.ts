import { Detail, InventoryList, ListView, Messages, Overview, Replenishment, Time } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState } from "#storage/changes";
import { adIdsOf, listInventory, listInventoryOfAd } from "#storage/inventory";
import { getAd, getAdsOfInventory, listFullAdsWithSku } from "#storage/ads";
import { listMetricsBySku } from "#storage/metrics";
import { listLocalStock } from "#storage/local-stock";
import { listDailyStockSince } from "#storage/daily-stock";
import { readAdDetail, readListPages, readReplenishmentBelow } from "#storage/read-model";
import { NotFoundError } from "../errors.js";
import { JsonText } from "../json-text.js";
import { businessTimeZone, businessToday } from "#services/business-time";
import { currentView } from "#services/read-model";
import { describeWarnings, readWarningInputs, type WarningInputs } from "#services/overview-warnings";

/**
 * The answers of the four dashboard reads. Each takes the read model's view when the state
 * says it is current, and otherwise computes the answer from the collections (the live path,
 * also what the views are checked against in tests and measured against in the bench).
 */

// GET /full/overview

export async function liveOverview(ref: TableRef): Promise<Overview.OverviewBody> {
  const reading = listInventory(ref, ["ad_id", "available_qty", "in_transit_qty", "not_available_qty", "days_of_stock", "oldest_stock_days"]);
  const [inventory, ads] = await Promise.all([reading, getAdsOfInventory(ref, reading.then(adIdsOf), ["cost"])]);
  return Overview.computeOverview(inventory, ads);
}

/**
 * What the overview cannot count on (nothing silent), read from the records: no active tariff and
 * no local stock as they are now, ads without dimensions and no sales as the last successful sync
 * found the catalogue.
 */
export async function overviewWarnings(ref: TableRef, locale: Messages.Locale): Promise<Messages.DescribedMessage[]> {
  const [inputs, today] = await Promise.all([readWarningInputs(ref), businessToday(ref)]);
  return describeWarnings(inputs, today, locale);
}

/**
 * The overview with its warnings beside SPEC's fields (a stored view's text gets them spliced in).
 * One strongly consistent GetItem when both views are current: the state item holds the body and
 * the warnings' inputs; a stale one is read from the records.
 */
export async function readOverviewWithWarnings(ref: TableRef, locale: Messages.Locale): Promise<JsonText | Record<string, unknown>> {
  const state = await readState(ref);
  const view = currentView(state, "overview");
  const warningsView = currentView(state, "warnings");
  const inputs = warningsView?.inputs as WarningInputs | undefined;
  // Both views current (the usual case): nothing else to read but the business day, kept in the container.
  if (view && inputs) return withWarningsText(String(view.body), describedText(inputs, warningsView!.key, await businessToday(ref), locale));
  const [body, warnings] = await Promise.all([
    view ? new JsonText(String(view.body)) : liveOverview(ref),
    inputs ? businessToday(ref).then((today) => describeWarnings(inputs, today, locale)) : overviewWarnings(ref, locale),
  ]);
  if (body instanceof JsonText) return withWarnings(body.text, warnings);
  return { ...body, warnings };
}

/** A stored overview's text (an object) with `warnings` as its last field. */
const withWarnings = (body: string, warnings: Messages.DescribedMessage[]): JsonText => withWarningsText(body, JSON.stringify(warnings));
const withWarningsText = (body: string, warnings: string): JsonText => new JsonText(`${body.slice(0, body.lastIndexOf("}"))},"warnings":${warnings}}`);

/** Described warnings' texts by the fingerprint of their inputs, the day and the language: the same for every read until one changes. */
const described = new Map<string, string>();
const MAX_DESCRIBED = 16;

/** The warnings of the stored inputs described, as JSON; kept when the view fingerprints its inputs (`key`). */
function describedText(inputs: WarningInputs, key: unknown, today: string, locale: Messages.Locale): string {
  if (typeof key !== "string") return JSON.stringify(describeWarnings(inputs, today, locale));
  const id = `${key}\n${today}\n${locale}`;
  let text = described.get(id);
  if (text === undefined) {
    if (described.size >= MAX_DESCRIBED) described.clear();
    text = JSON.stringify(describeWarnings(inputs, today, locale));
    described.set(id, text);
  }
  return text;
}

// GET /full/inventory

export async function liveInventoryList(ref: TableRef, options: InventoryList.InventoryQuery): Promise<InventoryList.InventoryListBody> {
  const reading = listInventory(ref);
  const [inventory, ads, metrics] = await Promise.all([
    reading,
    getAdsOfInventory(ref, reading.then(adIdsOf), ["title", "thumbnail", "permalink"]),
    listMetricsBySku(ref),
  ]);
  return InventoryList.buildInventoryList(inventory, ads, metrics, options);
}

async function readPages(ref: TableRef, alertsOnly: boolean): Promise<ListView.ListPage[]> {
  const parts = await Promise.all(alertsOnly ? [readListPages(ref, true)] : [readListPages(ref, true), readListPages(ref, false)]);
  return parts.flat();
}

interface ListViewEntry {
  count: number;
  alerts: ListView.ListPartSize;
  others: ListView.ListPartSize;
}

/**
 * The list from its view: the alerting pages alone for alerts=1, both parts otherwise. With a
 * size check (a client that accepts no compression), the state is read first and an answer over
 * the payload limit is refused before any page is read; otherwise pages and state are read at once.
 */
export async function readInventoryList(
  ref: TableRef,
  options: InventoryList.InventoryQuery,
  checkSize?: (body: { rawBytes: number; escapedBytes: number }) => void,
): Promise<JsonText | InventoryList.InventoryListBody> {
  const early = checkSize ? undefined : readPages(ref, options.alertsOnly);
  early?.catch(() => undefined); // awaited below when used; a stale view drops it
  const view = currentView(await readState(ref), "list") as ListViewEntry | undefined;
  if (view) {
    const parts = options.alertsOnly ? [view.alerts] : [view.alerts, view.others];
    checkSize?.(ListView.bodySize(parts));
    const pages = await (early ?? readPages(ref, options.alertsOnly));
    const count = parts.reduce((n, part) => n + part.count, 0);
    const text = ListView.assembleList(pages, count, view.count, options);
    if (text !== undefined) return new JsonText(text);
  }
  return liveInventoryList(ref, options);
}

// GET /full/replenishment

export async function liveReplenishment(ref: TableRef, query: Replenishment.ReplenishmentQuery): Promise<Replenishment.ReplenishmentBody> {
  const [inventory, localStock, candidates] = await Promise.all([
    listInventory(ref, ["inventory_id", "sku", "available_qty"]),
    listLocalStock(ref),
    listFullAdsWithSku(ref, ["sku", "title", "is_full", "sales_30d"]),
  ]);
  return Replenishment.computeReplenishment({ inventory, localStock, candidates, ...query });
}

/** The state and the per-SKU records below the trigger, read at once. */
export async function readReplenishment(ref: TableRef, query: Replenishment.ReplenishmentQuery): Promise<Replenishment.ReplenishmentBody> {
  const [state, inputs] = await Promise.all([readState(ref), readReplenishmentBelow(ref, query.triggerDays)]);
  if (!currentView(state, "replenishment")) return liveReplenishment(ref, query);
  inputs.sort((a, b) => Replenishment.byCandidateOrder(a.order, b.order));
  return Replenishment.suggest(inputs, query);
}

// GET /full/inventory/{ad_id}

const noInventory = (adId: string): NotFoundError => new NotFoundError(`No fulfillment inventory for ad ${adId}`);

/** Two round trips: the records, ad and settings at once, then the records' daily rows. */
export async function liveDetail(ref: TableRef, adId: string, now = new Date()): Promise<Detail.DetailBody> {
  const [inventories, zone, ad] = await Promise.all([listInventoryOfAd(ref, adId), businessTimeZone(ref, { fresh: true }), getAd(ref, adId)]);
  if (inventories.length === 0) throw noInventory(adId);
  const today = Time.calendarDay(zone, now);
  const rows = await listDailyStockSince(ref, inventories.map((record) => record.inventory_id), Detail.seriesWindowStart(today));
  return Detail.buildDetail(adId, ad, inventories, rows, today);
}

/**
 * One query of the ad's index partition (daily rows of the window, header, records). When a
 * record's rows are not indexed under the ad, or no header is stored, the missing part is read
 * the chained way.
 */
export async function readDetail(ref: TableRef, adId: string, now = new Date()): Promise<Detail.DetailBody> {
  const today = await businessToday(ref, now);
  const start = Detail.seriesWindowStart(today);
  const { records, header, rows } = await readAdDetail(ref, adId, start);
  if (records.length === 0) throw noInventory(adId);
  const indexed = records.every((record) => record.daily_ad === adId);
  // The usual case, everything in the one query: no further read to wait for.
  if (indexed && header !== undefined) return Detail.buildDetail(adId, header ?? undefined, records, rows, today);
  const [ad, dailyRows] = await Promise.all([
    header === undefined ? getAd(ref, adId) : (header ?? undefined),
    indexed ? rows : listDailyStockSince(ref, records.map((record) => record.inventory_id), start),
  ]);
  return Detail.buildDetail(adId, ad, records, dailyRows, today);
}
