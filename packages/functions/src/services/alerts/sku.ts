/**
 * One SKU's alerts derived again: that SKU's records are read (its Full ads from its shard of the
 * sparse index, its inventories through those ads, their daily rows of the velocity window, its
 * local stock and planning, the stock policy and today's tariffs), core Alerts.skuAlerts derives
 * them, and they are compared with that SKU's stored open alerts. The reads do not grow with the
 * catalogue. An inventory counts when one of the SKU's Full ads holds it, as the sync stores them.
 */
import { Alerts, Restock, Settings } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listFullAdsOfSku } from "#storage/ads";
import { listDailyAvailability } from "#storage/daily-stock";
import { getInventoryRecords, listInventoryOfAd } from "#storage/inventory";
import { listLocalStockOfSku } from "#storage/local-stock";
import { getPlanning } from "#storage/planning";
import { sellerGroupEntries } from "#storage/settings";
import { listTariffsOn } from "#storage/tariffs";
import { applyAlertDiff, listOpenAlertsOfSku } from "#storage/alerts/state";
import { businessToday } from "../business-time.js";

/** What every SKU's derivation at one instant shares: the business day, the stock policy and the day's tariffs. */
export type SharedInputs = Pick<Alerts.SkuRecords, "today" | "policy" | "tariffs">;

export async function readSharedInputs(ref: TableRef, now: Date): Promise<SharedInputs> {
  const day = businessToday(ref, now);
  const [today, estoque, tariffs] = await Promise.all([day, sellerGroupEntries(ref, "estoque"), day.then((today) => listTariffsOn(ref, today, { consistent: true }))]);
  return { today, policy: Restock.stockPolicy(Settings.readGroup("estoque", estoque)), tariffs };
}

/** What the SKU's alerts are derived from, read strongly consistent where an operation writes. */
export async function readSkuRecords(ref: TableRef, sku: string, now: Date, shared?: SharedInputs): Promise<Alerts.SkuRecords> {
  const { today, policy, tariffs } = shared ?? (await readSharedInputs(ref, now));
  const ads = listFullAdsOfSku(ref, sku);
  // The index names the SKU's inventories; their stock is read from the records themselves.
  const inventory = ads
    .then((found) => Promise.all(found.map((ad) => listInventoryOfAd(ref, ad.id))))
    .then((indexed) => getInventoryRecords(ref, [...new Set(indexed.flat().map((record) => record.inventory_id))]));
  const [skuAds, records, localStock, planning] = await Promise.all([ads, inventory, listLocalStockOfSku(ref, sku), getPlanning(ref, sku)]);
  const ids = records.filter((record) => record.sku === sku).map((record) => record.inventory_id);
  const dailyRows = await listDailyAvailability(ref, ids, Restock.velocityWindowStart(today), today, { consistent: true });
  return {
    sku,
    today,
    ads: skuAds,
    inventory: records,
    dailyRows,
    localStock,
    planning: planning ? [planning] : [],
    policy,
    tariffs,
  };
}

/** Derives and records one SKU's alerts at `now`; the caller holds the alert lease (lease.ts). Returns the events recorded. */
export async function recordSkuAlerts(ref: TableRef, sku: string, now: Date, shared?: SharedInputs): Promise<Alerts.AlertEvent[]> {
  const [previous, records] = await Promise.all([listOpenAlertsOfSku(ref, sku), readSkuRecords(ref, sku, now, shared)]);
  const diff = Alerts.diffAlerts(previous, Alerts.skuAlerts(records), now.toISOString());
  await applyAlertDiff(ref, diff);
  return diff.events;
}
