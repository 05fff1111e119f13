/**
 * The aged-stock report as CSV: one row per inventory, in the report's order (SKUs by projected
 * surcharge, their inventories by id), each with its own figures and its SKU's action and reason.
 */
import { BUCKET_KEYS } from "./buckets.js";
import { CROSSING_WINDOWS } from "./projection.js";
import type { AgedSku } from "./report.js";

const CASES = ["no_sales", "at_velocity"] as const;

export const AGED_INVENTORY_COLUMNS = [
  "sku",
  "title",
  "action",
  "inventory_id",
  "ad_id",
  "variation_id",
  "available_qty",
  ...BUCKET_KEYS.map((bucket) => `units_${bucket}`),
  "unknown_age_units",
  "aged_units_now",
  ...CASES.flatMap((sales) => CROSSING_WINDOWS.map((days) => `crossing_${days}d_${sales}`)),
  ...CASES.map((sales) => `surcharge_30d_${sales}`),
  "reason",
] as const;

export function agedInventoryRows(skus: readonly AgedSku[]): (string | number | null)[][] {
  return skus.flatMap((sku) =>
    sku.inventories.map((inventory) => [
      sku.sku,
      sku.title,
      sku.action,
      inventory.inventory_id,
      inventory.ad_id,
      inventory.variation_id,
      inventory.available_qty,
      ...BUCKET_KEYS.map((bucket) => inventory.buckets[bucket]),
      inventory.unknown_age_units,
      inventory.aged_units_now,
      ...CASES.flatMap((sales) => CROSSING_WINDOWS.map((days) => inventory.crossing[sales][`days_${days}`])),
      ...CASES.map((sales) => inventory.projected_surcharge_30d[sales]),
      sku.reason,
    ]),
  );
}
