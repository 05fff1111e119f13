/** Records for the tests (core's and the service's): neutral defaults, so a test names only what it checks. */
import type { Ad, InventoryRecord, Tariff } from "./records.js";

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

/** A Full ad with no SKU, cost, sales or dimensions. */
export function adRecord(id: string, fields: Partial<Ad> = {}): Ad {
  return { id, title: null, thumbnail: null, permalink: null, cost: null, sku: null, is_full: true, sales_30d: null, ...fields };
}

/** A Full ad of a SKU with its 30-day sales, titled after the SKU. */
export const fullAd = (id: string, sku: string, sales30d: number | null, fields: Partial<Ad> = {}): Ad =>
  adRecord(id, { title: `Title ${sku}`, sku, sales_30d: sales30d, ...fields });

/** An active tariff for all volumes, with SPEC's defaults. */
export function tariffRecord(id: number, fields: Partial<Tariff> = {}): Tariff {
  return {
    id,
    name: null,
    min_volume_l: 0,
    max_volume_l: null,
    daily_fee: 0,
    inbound_fee: 0,
    aged_days_threshold: 90,
    aged_daily_factor: 3,
    active: true,
    ...fields,
  };
}
