/** GET /full/aged-stock: the `aged_stock` view, its builder and its reader. */
import { AgedStock, Replenishment, Restock, type Ad, type InventoryRecord, type Tariff } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState } from "#storage/changes";
import { listFullAdsWithSku } from "#storage/ads";
import { listInventory } from "#storage/inventory";
import { readAnswer } from "#storage/read-model";
import { listTariffsOn } from "#storage/tariffs";
import type { StoredBody } from "../../json-text.js";
import { businessToday } from "../business-time.js";
import { businessDay } from "./build.js";
import { candidatesBySku, dailyWindow, pick, publishSkuView, skuViewAnswer, type EntrySources, type ReportOptions } from "./sku-views.js";
import { groupBySku } from "./stockouts.js";
import { defineView, viewElseLive } from "./view.js";

/** The fields of the Full ads with a SKU and of the inventory (its FIFO lots) the report reads (the live path's projections). */
export const AGED_AD_FIELDS = ["sku", "title", "is_full", "sales_30d", "length_mm", "width_mm", "height_mm"] as const satisfies readonly (keyof Ad)[];
export const AGED_INVENTORY_FIELDS = [
  "inventory_id",
  "ad_id",
  "sku",
  "variation_id",
  "available_qty",
  "fifo_lots",
  "unknown_age_units",
] as const satisfies readonly (keyof InventoryRecord)[];

/** A SKU's entry: its ads, its inventory records with their lots, and its stockout days. */
export interface AgedEntry {
  sku: string;
  ads: Partial<Ad>[];
  records: Partial<InventoryRecord>[];
  /** Only for SKUs with sales: the others' velocity is 0 whatever their rows say. */
  stockouts?: string[];
}

const hasUnits = (record: Pick<InventoryRecord, "available_qty">): boolean => typeof record.available_qty === "number" && record.available_qty > 0;

/** SKUs with units in Full, in the order their first record comes in the inventory (the live order). */
export function agedEntries(input: EntrySources): AgedEntry[] {
  const { selling, adsBySku } = candidatesBySku(input.candidates);
  const entries: AgedEntry[] = [];
  for (const [sku, records] of groupBySku(input.inventory, (record) => record.sku)) {
    if (!records.some(hasUnits)) continue;
    entries.push({
      sku,
      ads: (adsBySku.get(sku) ?? []).map((ad) => pick(ad, ["id", ...AGED_AD_FIELDS])),
      records: records.map((record) => pick(record, AGED_INVENTORY_FIELDS)),
      ...(selling.has(sku) ? { stockouts: input.stockouts.get(sku) ?? [] } : {}),
    });
  }
  return entries;
}

/** The aged-stock report's inputs from the view's entries: stockout days count only for the SKUs that need a velocity. */
export function agedInputs(entries: readonly AgedEntry[], today: string, tariffs: AgedStock.AgedStockInput["tariffs"]): AgedStock.AgedStockInput {
  const ads: Ad[] = [];
  const inventory: InventoryRecord[] = [];
  for (const entry of entries) {
    for (const ad of entry.ads) ads.push(ad as Ad);
    for (const record of entry.records) inventory.push(record as InventoryRecord);
  }
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const stockouts = new Map<string, number>();
  for (const entry of entries) if (entry.stockouts && needing.has(entry.sku)) stockouts.set(entry.sku, Restock.stockoutsInWindow(entry.stockouts, today));
  return { today, inventory, ads, tariffs, stockouts };
}

/** What the report depends on beside the view's entries: a stored answer serves a request only when all of it is equal. */
export const agedAnswerInputs = (today: string, tariffs: readonly Tariff[]) => ({ today, tariffs });

export const agedStockOf = (entries: readonly AgedEntry[], today: string, tariffs: readonly Tariff[]): AgedStock.AgedStockBody =>
  AgedStock.computeAgedStock(agedInputs(entries, today, tariffs));

/** Per SKU with units in Full, what the report needs of the collections, and today's report. */
export const agedStockView = defineView("aged_stock", ["inventory", "ad", "daily_stock"], async (build) => {
  const { ref, now } = build;
  const { ads, stockouts } = await build.inputs();
  const day = businessDay(ref, now);
  const [{ from, bySku }, inventory, today, tariffs] = await Promise.all([
    stockouts(),
    listInventory(ref, [...AGED_INVENTORY_FIELDS], { consistent: true }),
    day,
    day.then((today) => listTariffsOn(ref, today, { consistent: true })),
  ]);
  const entries = agedEntries({ candidates: Replenishment.candidateAds(ads), inventory, stockouts: bySku });
  const answer = JSON.stringify(agedStockOf(entries, today, tariffs));
  return publishSkuView(build, { entries, from, answer, answerInputs: agedAnswerInputs(today, tariffs) });
});

/** The aged-stock report: the stored answer, or computed from the view's entries, or the live path (as the restock plan). */
export function readAgedStock(ref: TableRef, options: ReportOptions & { text: false }): Promise<AgedStock.AgedStockBody>;
export function readAgedStock(ref: TableRef, options?: ReportOptions): Promise<StoredBody<AgedStock.AgedStockBody>>;
export async function readAgedStock(ref: TableRef, { now = new Date(), text = true }: ReportOptions = {}): Promise<StoredBody<AgedStock.AgedStockBody>> {
  const day = businessToday(ref, now);
  const [state, answer, today, tariffs] = await Promise.all([
    readState(ref),
    text ? readAnswer(ref, agedStockView.name) : undefined,
    day,
    day.then((today) => listTariffsOn(ref, today, { consistent: true })),
  ]);
  return viewElseLive(
    state,
    agedStockView,
    (entry) =>
      skuViewAnswer(ref, {
        view: agedStockView.name,
        entry,
        today,
        answer,
        answerInputs: agedAnswerInputs(today, tariffs),
        compute: (entries: AgedEntry[]) => agedStockOf(entries, today, tariffs),
      }),
    () => liveAgedStock(ref, now),
  );
}

/**
 * The aged-stock report from the collections (also what the view is checked against in tests and
 * measured against in the bench): the Full ads with a SKU and the inventory at once, then the last
 * 30 days of daily rows of the SKUs with units near the threshold (their velocity counts).
 */
export async function liveAgedStock(ref: TableRef, now = new Date()): Promise<AgedStock.AgedStockBody> {
  const today = await businessToday(ref, now);
  const [ads, inventory, tariffs] = await Promise.all([
    listFullAdsWithSku(ref, [...AGED_AD_FIELDS]),
    listInventory(ref, [...AGED_INVENTORY_FIELDS]),
    listTariffsOn(ref, today),
  ]);
  const needing = AgedStock.skusNeedingVelocity({ today, inventory, ads, tariffs });
  const dailyRows = await dailyWindow(ref, inventory.filter((record) => needing.has(record.sku ?? "")).map((record) => record.inventory_id), today);
  return AgedStock.computeAgedStock({ today, inventory, ads, tariffs, dailyRows });
}
