/**
 * The reads behind the restock plan and the aged-stock report: every input gathered in one round
 * of parallel collection queries, then the last 30 days of daily rows of the inventories whose
 * SKU sells (their stockout days adjust the velocity; the aged-stock report only needs those of
 * SKUs with units near the threshold), then the core calculator.
 */
import { AgedStock, Restock, Settings } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { listFullAdsWithSku } from "#storage/ads";
import { listDailyAvailability } from "#storage/daily-stock";
import { listInventory } from "#storage/inventory";
import { listLocalStock } from "#storage/local-stock";
import { listPlanning } from "#storage/planning";
import { listGroupEntries } from "#storage/settings";
import { listTariffsOn } from "#storage/tariffs";
import { businessToday } from "./business-time.js";

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

export async function readRestockPlan(ref: TableRef, query: RestockQuery, now = new Date()): Promise<Restock.RestockPlanBody> {
  const [today, estoque, candidates, inventory, localStock, planning] = await Promise.all([
    businessToday(ref, now),
    listGroupEntries(ref, "estoque"),
    listFullAdsWithSku(ref, ["sku", "title", "is_full", "sales_30d"]),
    listInventory(ref, ["inventory_id", "sku", "available_qty", "in_transit_qty"]),
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
  const today = await businessToday(ref, now);
  const [ads, inventory, tariffs] = await Promise.all([
    listFullAdsWithSku(ref, ["sku", "title", "is_full", "sales_30d", "length_mm", "width_mm", "height_mm"]),
    listInventory(ref, ["inventory_id", "ad_id", "sku", "variation_id", "available_qty", "fifo_lots", "unknown_age_units"]),
    listTariffsOn(ref, today),
  ]);
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const dailyRows = await dailyWindow(ref, inventory.filter((record) => needing.has(record.sku ?? "")).map((record) => record.inventory_id), today);
  return AgedStock.computeAgedStock({ today, inventory, ads, tariffs, dailyRows });
}
