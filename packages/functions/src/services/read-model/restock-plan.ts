/** GET /full/restock-plan: the `restock` view, its builder and its reader. */
import { Replenishment, Restock, Settings, type Ad, type InventoryRecord, type LocalStockRow, type SettingEntry } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { readState, type StateItem } from "#storage/changes";
import { listFullAdsWithSku } from "#storage/ads";
import { listInventory } from "#storage/inventory";
import { listLocalStock } from "#storage/local-stock";
import { listPlanning } from "#storage/planning";
import { readAnswer } from "#storage/read-model";
import { sellerGroupEntries } from "#storage/settings";
import type { StoredBody } from "../../json-text.js";
import { businessToday } from "../business-time.js";
import { businessDay } from "./build.js";
import { candidatesBySku, dailyWindow, pick, publishSkuView, skuViewAnswer, type EntrySources, type ReportOptions } from "./sku-views.js";
import { groupBySku } from "./stockouts.js";
import { defineView, viewElseLive, type ViewEntry } from "./view.js";

/** The fields of the Full ads with a SKU and of the inventory the plan reads (the live path's projections). */
export const RESTOCK_AD_FIELDS = ["sku", "title", "is_full", "sales_30d"] as const satisfies readonly (keyof Ad)[];
export const RESTOCK_INVENTORY_FIELDS = ["inventory_id", "sku", "available_qty", "in_transit_qty"] as const satisfies readonly (keyof InventoryRecord)[];

/** A selling SKU's entry: its ads, Full stock, local stock and stockout days. */
export interface RestockEntry {
  sku: string;
  ads: Partial<Ad>[];
  inventory: Partial<InventoryRecord>[];
  local: LocalStockRow[];
  stockouts: string[];
}

export function restockEntries(input: EntrySources & { localStock: readonly LocalStockRow[] }): RestockEntry[] {
  const { selling, adsBySku } = candidatesBySku(input.candidates);
  const inventoryBySku = groupBySku(input.inventory, (record) => record.sku);
  const localBySku = groupBySku(input.localStock, (row) => row.sku);
  return [...selling].map((sku) => ({
    sku,
    ads: adsBySku.get(sku)!.map((ad) => pick(ad, ["id", ...RESTOCK_AD_FIELDS])),
    inventory: (inventoryBySku.get(sku) ?? []).map((record) => pick(record, RESTOCK_INVENTORY_FIELDS)),
    local: localBySku.get(sku) ?? [],
    stockouts: input.stockouts.get(sku) ?? [],
  }));
}

/** The restock plan's inputs from the view's entries, for the business day `today`. */
export function restockInputs(entries: readonly RestockEntry[], today: string) {
  const candidates: Ad[] = [];
  const inventory: Pick<InventoryRecord, "inventory_id" | "sku" | "available_qty" | "in_transit_qty">[] = [];
  const localStock: LocalStockRow[] = [];
  const stockouts = new Map<string, number>();
  for (const entry of entries) {
    for (const ad of entry.ads) candidates.push(ad as Ad);
    for (const record of entry.inventory) inventory.push(record as InventoryRecord);
    for (const row of entry.local) localStock.push(row);
    stockouts.set(entry.sku, Restock.stockoutsInWindow(entry.stockouts, today));
  }
  return { candidates, inventory, localStock, stockouts };
}

export interface RestockQuery {
  targetDays: number;
  horizonDays: number;
}

/** The plan a view stores computed (the console's first request): the query's defaults. */
export const DEFAULT_RESTOCK_QUERY: RestockQuery = { targetDays: Restock.DEFAULT_TARGET_DAYS, horizonDays: Restock.DEFAULT_HORIZON_DAYS };
export const isDefaultRestockQuery = (query: RestockQuery): boolean =>
  query.targetDays === DEFAULT_RESTOCK_QUERY.targetDays && query.horizonDays === DEFAULT_RESTOCK_QUERY.horizonDays;

/** What the restock plan depends on beside the view's entries: a stored answer serves a request only when all of it is equal. */
export const restockAnswerInputs = (today: string, query: RestockQuery, estoque: readonly SettingEntry[], planning: readonly Restock.SkuPlanning[]) => ({
  today,
  query,
  estoque,
  planning,
});

/** The plan's whole input from the view's entries. */
export const restockInputOf = (
  entries: readonly RestockEntry[],
  today: string,
  query: RestockQuery,
  estoque: readonly SettingEntry[],
  planning: readonly Restock.SkuPlanning[],
): Restock.RestockPlanInput => ({
  today,
  targetDays: query.targetDays,
  horizonDays: query.horizonDays,
  policy: Restock.stockPolicy(Settings.readGroup("estoque", [...estoque])),
  planning,
  ...restockInputs(entries, today),
});

export const restockPlanOf = (...args: Parameters<typeof restockInputOf>): Restock.RestockPlanBody => Restock.computeRestockPlan(restockInputOf(...args));

/** Per selling SKU, what the plan needs of the collections, and the plan for the default query. */
export const restockView = defineView("restock", ["inventory", "ad", "daily_stock", "daily_inventory", "local_stock"], async (build) => {
  const { ref, now } = build;
  const { inventory, ads, localStock, stockouts } = await build.inputs();
  const [{ from, bySku }, today, estoque, planning] = await Promise.all([
    stockouts(),
    businessDay(ref, now),
    sellerGroupEntries(ref, "estoque"),
    listPlanning(ref, { consistent: true }),
  ]);
  const entries = restockEntries({ candidates: Replenishment.candidateAds(ads), inventory, localStock, stockouts: bySku });
  const answer = JSON.stringify(restockPlanOf(entries, today, DEFAULT_RESTOCK_QUERY, estoque, planning));
  return publishSkuView(build, { entries, from, answer, answerInputs: restockAnswerInputs(today, DEFAULT_RESTOCK_QUERY, estoque, planning) });
});

/**
 * The restock plan: the stored answer when the view is current and the request's day, query,
 * stock policy and planning parameters are the ones it was computed with; else computed from the
 * view's entries; else (a stale view) the live path. State, stored answer and small inputs are read at once.
 */
export function readRestockPlan(ref: TableRef, query: RestockQuery, options: ReportOptions & { text: false }): Promise<Restock.RestockPlanBody>;
export function readRestockPlan(ref: TableRef, query: RestockQuery, options?: ReportOptions): Promise<StoredBody<Restock.RestockPlanBody>>;
export async function readRestockPlan(ref: TableRef, query: RestockQuery, { now = new Date(), text = true }: ReportOptions = {}): Promise<StoredBody<Restock.RestockPlanBody>> {
  const [state, answer, today, estoque, planning] = await Promise.all([
    readState(ref),
    text && isDefaultRestockQuery(query) ? readAnswer(ref, restockView.name) : undefined,
    businessToday(ref, now),
    sellerGroupEntries(ref, "estoque"),
    listPlanning(ref, { consistent: true }),
  ]);
  return viewElseLive(
    state,
    restockView,
    (entry) =>
      skuViewAnswer(ref, {
        view: restockView.name,
        entry,
        today,
        answer,
        answerInputs: restockAnswerInputs(today, query, estoque, planning),
        compute: (entries: RestockEntry[]) => restockPlanOf(entries, today, query, estoque, planning),
      }),
    () => liveRestockPlan(ref, query, now),
  );
}

/** What a plan of the current scope is computed from beside the view's entries, read at once. */
export interface RestockReads {
  state: StateItem;
  today: string;
  estoque: SettingEntry[];
  planning: Restock.SkuPlanning[];
}

/**
 * The current scope's plan input, as readRestockPlan would compute its plan (the view's entries
 * when current, else the collections): what the consolidated plan of several accounts starts
 * from. `entry` is the view's entry it came from; absent when it came from the collections.
 */
export async function readRestockInput(
  ref: TableRef,
  query: RestockQuery,
  reads: RestockReads,
  now = new Date(),
): Promise<{ input: Restock.RestockPlanInput; entry?: ViewEntry }> {
  const { state, today, estoque, planning } = reads;
  return viewElseLive(
    state,
    restockView,
    async (entry) => {
      const input = (await skuViewAnswer(ref, {
        view: restockView.name,
        entry,
        today,
        answer: undefined,
        answerInputs: undefined,
        compute: (entries: RestockEntry[]) => restockInputOf(entries, today, query, estoque, planning),
      })) as Restock.RestockPlanInput | undefined;
      return input === undefined ? undefined : { input, entry };
    },
    async () => ({ input: await liveRestockInput(ref, query, now) }),
  );
}

/** Inventory ids of the SKUs with sales: the only ones whose stockout days matter. */
function sellingInventoryIds(sales: ReadonlyMap<string, Restock.SkuSales>, inventory: readonly { inventory_id: string; sku: string | null }[]): string[] {
  return inventory.filter((record) => record.sku !== null && (sales.get(record.sku)?.sales30d ?? 0) > 0).map((record) => record.inventory_id);
}

/**
 * The restock plan from the collections (also what the view is checked against in tests and
 * measured against in the bench): every input in one round of parallel queries, then the last 30
 * days of daily rows of the inventories whose SKU sells (their stockout days adjust the velocity).
 */
export const liveRestockPlan = async (ref: TableRef, query: RestockQuery, now = new Date()): Promise<Restock.RestockPlanBody> =>
  Restock.computeRestockPlan(await liveRestockInput(ref, query, now));

/** The plan's whole input from the collections. */
async function liveRestockInput(ref: TableRef, query: RestockQuery, now: Date): Promise<Restock.RestockPlanInput> {
  const [today, estoque, candidates, inventory, localStock, planning] = await Promise.all([
    businessToday(ref, now),
    sellerGroupEntries(ref, "estoque"),
    listFullAdsWithSku(ref, [...RESTOCK_AD_FIELDS]),
    listInventory(ref, [...RESTOCK_INVENTORY_FIELDS]),
    listLocalStock(ref),
    listPlanning(ref),
  ]);
  const dailyRows = await dailyWindow(ref, sellingInventoryIds(Restock.salesBySku(candidates), inventory), today);
  return {
    today,
    targetDays: query.targetDays,
    horizonDays: query.horizonDays,
    policy: Restock.stockPolicy(Settings.readGroup("estoque", estoque)),
    candidates,
    inventory,
    dailyRows,
    localStock,
    planning,
  };
}
