/**
 * The aged-stock report on screen (GET /full/aged-stock): bucket and action labels, and the CSV
 * with the same columns and rows as the API's `format=csv` answer (one row per inventory, in the
 * report's order, each with its own figures and its SKU's action and reason).
 */
import { AGED_INVENTORY_CSV, agedInventoryPairs, type AgedInventoryRow } from "@fulfillment/core/aged-stock/inventory-rows";
import type { CsvColumn } from "./csv.js";
import { messageTexts } from "./messages.js";
import type { Tone } from "./restock-view.js";

import type { Schema } from "@fulfillment/client";

export type AgedStockReport = Schema<"AgedStockResponse">;
export type AgedSku = Schema<"AgedSku">;
export type AgedInventory = Schema<"AgedInventory">;
export type Buckets = Schema<"AgeBuckets">;
/** Units crossing the aged threshold within 7, 14 and 30 days (one case of a `Crossing`). */
export type Crossing = Schema<"CrossingWindows">;
export type AgeBucket = keyof Buckets;
export type AgedAction = AgedSku["action"];

/** The API's age buckets, youngest first, with their pt-BR labels. */
export const AGE_BUCKETS: readonly { key: AgeBucket; label: string }[] = [
  { key: "0-30", label: "0–30 dias" },
  { key: "31-60", label: "31–60" },
  { key: "61-90", label: "61–90" },
  { key: "91-120", label: "91–120" },
  { key: "121-180", label: "121–180" },
  { key: "181-365", label: "181–365" },
  { key: "over_365", label: "+365" },
];

export const CROSSING_WINDOWS = [7, 14, 30] as const;
export const SALES_CASES = ["no_sales", "at_velocity"] as const;
export type SalesCase = (typeof SALES_CASES)[number];

export const ACTION_BADGES: Record<AgedAction, { label: string; tone: Tone }> = {
  withdraw: { label: "Retirar", tone: "error" },
  promote: { label: "Promover", tone: "warning" },
  none: { label: "Nenhuma ação", tone: "ok" },
};

export const SALES_CASE_LABELS: Record<SalesCase, string> = { no_sales: "sem vendas", at_velocity: "no ritmo de vendas" };

/** Units per bucket as shares of all units with a known age or not (for the bar), in percent. */
export function bucketShares(figures: { buckets: Buckets; unknown_age_units: number }): { key: AgeBucket | "unknown"; percent: number }[] {
  const parts: { key: AgeBucket | "unknown"; units: number }[] = [
    ...AGE_BUCKETS.map((bucket) => ({ key: bucket.key, units: figures.buckets[bucket.key] })),
    { key: "unknown", units: figures.unknown_age_units },
  ];
  const total = parts.reduce((sum, part) => sum + part.units, 0);
  return parts.filter((part) => part.units > 0).map((part) => ({ key: part.key, percent: (part.units / total) * 100 }));
}

/** One row per inventory, in the report's order; the SKU's reason in pt-BR from its codes. */
export const agedInventoryRows = (skus: readonly AgedSku[]): AgedInventoryRow[] => agedInventoryPairs(skus.map((sku) => ({ ...sku, reason: skuReason(sku) })));

/** The API's aged-stock CSV columns, in its order (one definition, in the core). */
export const AGED_CSV_COLUMNS: readonly CsvColumn<AgedInventoryRow>[] = AGED_INVENTORY_CSV;

/** The SKU's reasons in pt-BR, from their codes. */
export const skuReason = (sku: Pick<AgedSku, "reason_details">): string => messageTexts(sku.reason_details).join("; ");
