/**
 * The aged-stock report as CSV: one row per inventory, in the report's order (SKUs by projected
 * surcharge, their inventories by id), each with its own figures and its SKU's action and reason.
 */
import { cellsOf, headersOf, type CsvCell, type CsvColumn } from "../csv-columns.js";
import { BUCKET_KEYS } from "./buckets.js";
import { CROSSING_WINDOWS } from "./projection.js";
import type { AgedInventory, AgedSku } from "./report.js";

const CASES = ["no_sales", "at_velocity"] as const;

/** What a row reads of its SKU. */
export type AgedRowSku = Pick<AgedSku, "sku" | "title" | "action" | "reason" | "seller_id">;

/** An inventory and its SKU. */
export interface AgedInventoryRow {
  sku: AgedRowSku;
  inventory: AgedInventory;
}

const skuField = (field: "sku" | "title" | "action"): CsvColumn<AgedInventoryRow> => ({ header: field, value: ({ sku }) => sku[field] });
const inventoryField = (field: "inventory_id" | "ad_id" | "variation_id" | "available_qty" | "unknown_age_units" | "aged_units_now"): CsvColumn<AgedInventoryRow> => ({
  header: field,
  value: ({ inventory }): CsvCell => inventory[field],
});

/** The report's columns, in order: the API's CSV (format=csv) and the console's download. */
export const AGED_INVENTORY_CSV: readonly CsvColumn<AgedInventoryRow>[] = [
  skuField("sku"),
  skuField("title"),
  skuField("action"),
  inventoryField("inventory_id"),
  inventoryField("ad_id"),
  inventoryField("variation_id"),
  inventoryField("available_qty"),
  ...BUCKET_KEYS.map((bucket): CsvColumn<AgedInventoryRow> => ({ header: `units_${bucket}`, value: ({ inventory }) => inventory.buckets[bucket] })),
  inventoryField("unknown_age_units"),
  inventoryField("aged_units_now"),
  ...CASES.flatMap((sales) =>
    CROSSING_WINDOWS.map((days): CsvColumn<AgedInventoryRow> => ({ header: `crossing_${days}d_${sales}`, value: ({ inventory }) => inventory.crossing[sales][`days_${days}`] })),
  ),
  ...CASES.map((sales): CsvColumn<AgedInventoryRow> => ({ header: `surcharge_30d_${sales}`, value: ({ inventory }) => inventory.projected_surcharge_30d[sales] })),
  { header: "reason", value: ({ sku }) => sku.reason },
];

export const AGED_INVENTORY_COLUMNS = headersOf(AGED_INVENTORY_CSV);

/** The report of several accounts (seller_id=all): each row first names its account. */
export const CONSOLIDATED_AGED_INVENTORY_CSV: readonly CsvColumn<AgedInventoryRow>[] = [{ header: "seller_id", value: ({ sku }) => sku.seller_id ?? "" }, ...AGED_INVENTORY_CSV];

/** One row per inventory, in the report's order. */
export const agedInventoryPairs = (skus: readonly (AgedRowSku & { inventories: readonly AgedInventory[] })[]): AgedInventoryRow[] =>
  skus.flatMap((sku) => sku.inventories.map((inventory) => ({ sku, inventory })));

export const agedInventoryRows = (skus: readonly AgedSku[], columns: readonly CsvColumn<AgedInventoryRow>[] = AGED_INVENTORY_CSV): CsvCell[][] =>
  cellsOf(columns, agedInventoryPairs(skus));
