/**
 * The reads behind the restock plan and the aged-stock report. From the read model: the state,
 * the view's pages and the small inputs that are not in it (settings, planning parameters,
 * tariffs) in one round of parallel reads, then the core calculator. When the view is stale (a
 * write came after its build) or does not reach back to today's window, the live path: every
 * input gathered in one round of parallel collection queries, then the last 30 days of daily rows
 * of the inventories whose SKU sells (their stockout days adjust the velocity; the aged-stock
 * report only needs those of SKUs with units near the threshold), then the core calculator.
 */
import { AgedStock, Restock, Settings } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listFullAdsWithSku } from "#storage/ads";
import { listDailyAvailability } from "#storage/daily-stock";
import { listInventory } from "#storage/inventory";
import { listLocalStock } from "#storage/local-stock";
import { listPlanning } from "#storage/planning";
import { listGroupEntries } from "#storage/settings";
import { listTariffs } from "#storage/tariffs";
import { readState } from "#storage/changes";
import { readSkuView, type ViewName } from "#storage/read-model";
import { businessToday } from "./business-time.js";
import { currentView } from "./read-model.js";
import {
  AGED_AD_FIELDS,
  AGED_INVENTORY_FIELDS,
  RESTOCK_AD_FIELDS,
  RESTOCK_INVENTORY_FIELDS,
  agedInputs,
  restockInputs,
  type AgedEntry,
  type RestockEntry,
} from "./stock-views.js";

export interface RestockQuery {
  targetDays: number;
  horizonDays: number;
}

/** Inventory ids of the SKUs with sales: the only ones whose stockout days matter. */
function sellingInventoryIds(sales: ReadonlyMap<string, Restock.SkuSales>, inventory: readonly { inventory_id: string; sku: string | null }[]): string[] {
  return inventory.filter((record) => record.sku !== null && (sales.get(record.sku)?.sales30d ?? 0) > 0).map((record) => record.inventory_id);
}

const dailyWindow = (ref: TableRef, inventoryIds: string[], today: string) =>
  listDailyAvailability(ref, inventoryIds, Restock.velocityWindowStart(today), today);

const samePages = (published: unknown, read: readonly string[]): boolean =>
  Array.isArray(published) && published.length === read.length && published.every((digest, i) => digest === read[i]);

/**
 * A per-SKU view's entries when it is current, holds the stockout days of today's window and the
 * pages read are the ones it was published with; undefined otherwise (the caller takes the live
 * path). Pages and state are read at once.
 */
async function viewEntries<T>(ref: TableRef, view: ViewName, today: Promise<string>): Promise<T[] | undefined> {
  const [state, pages, day] = await Promise.all([readState(ref), readSkuView<T>(ref, view), today]);
  const entry = currentView(state, view);
  if (!entry || !(typeof entry.from === "string" && entry.from <= Restock.velocityWindowStart(day))) return undefined;
  return samePages(entry.pages, pages.digests) ? pages.entries() : undefined;
}

export async function readRestockPlan(ref: TableRef, query: RestockQuery, now = new Date()): Promise<Restock.RestockPlanBody> {
  const today = businessToday(ref, now);
  const [entries, day, estoque, planning] = await Promise.all([
    viewEntries<RestockEntry>(ref, "restock", today),
    today,
    listGroupEntries(ref, "estoque"),
    listPlanning(ref),
  ]);
  if (!entries) return liveRestockPlan(ref, query, now);
  return Restock.computeRestockPlan({
    today: day,
    targetDays: query.targetDays,
    horizonDays: query.horizonDays,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", estoque)),
    planning,
    ...restockInputs(entries, day),
  });
}

/** The restock plan from the collections (also what the view is checked against in tests and measured against in the bench). */
export async function liveRestockPlan(ref: TableRef, query: RestockQuery, now = new Date()): Promise<Restock.RestockPlanBody> {
  const [today, estoque, candidates, inventory, localStock, planning] = await Promise.all([
    businessToday(ref, now),
    listGroupEntries(ref, "estoque"),
    listFullAdsWithSku(ref, [...RESTOCK_AD_FIELDS]),
    listInventory(ref, [...RESTOCK_INVENTORY_FIELDS]),
    listLocalStock(ref),
    listPlanning(ref),
  ]);
  const dailyRows = await dailyWindow(ref, sellingInventoryIds(Restock.salesBySku(candidates), inventory), today);
  return Restock.computeRestockPlan({
    today,
    targetDays: query.targetDays,
    horizonDays: query.horizonDays,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", estoque)),
    candidates,
    inventory,
    dailyRows,
    localStock,
    planning,
  });
}

export async function readAgedStock(ref: TableRef, now = new Date()): Promise<AgedStock.AgedStockBody> {
  const today = businessToday(ref, now);
  const [entries, day, tariffs] = await Promise.all([viewEntries<AgedEntry>(ref, "aged_stock", today), today, listTariffs(ref)]);
  if (!entries) return liveAgedStock(ref, now);
  return AgedStock.computeAgedStock(agedInputs(entries, day, tariffs));
}

/** The aged-stock report from the collections (also what the view is checked against in tests and measured against in the bench). */
export async function liveAgedStock(ref: TableRef, now = new Date()): Promise<AgedStock.AgedStockBody> {
  const [today, ads, inventory, tariffs] = await Promise.all([
    businessToday(ref, now),
    listFullAdsWithSku(ref, [...AGED_AD_FIELDS]),
    listInventory(ref, [...AGED_INVENTORY_FIELDS]),
    listTariffs(ref),
  ]);
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const dailyRows = await dailyWindow(ref, inventory.filter((record) => needing.has(record.sku ?? "")).map((record) => record.inventory_id), today);
  return AgedStock.computeAgedStock({ today, inventory, ads, tariffs, dailyRows });
}
