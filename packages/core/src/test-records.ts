/** Inventory records for the calculators' tests: neutral defaults, so a test names only what it checks. */
import type { Ad, InventoryRecord } from "./records.js";

export function inventoryRecord(inventoryId: string, fields: Partial<InventoryRecord> = {}): InventoryRecord {
  return {
    inventory_id: inventoryId,
    ad_id: null,
    sku: null,
    variation_id: null,
    available_qty: 0,
    in_transit_qty: 0,
    not_available_qty: 0,
    total_qty: 0,
    days_of_stock: 30,
    oldest_stock_days: 10,
    updated_at: null,
    ...fields,
  };
}

/** A Full ad of a SKU with its 30-day sales, titled after the SKU. */
export function fullAd(id: string, sku: string, sales30d: number | null, fields: Partial<Ad> = {}): Ad {
  return { id, title: `Title ${sku}`, thumbnail: null, permalink: null, cost: null, sku, is_full: true, sales_30d: sales30d, ...fields };
}
