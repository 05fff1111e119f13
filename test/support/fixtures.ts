import type { Ad } from "@fulfillment/core/records";
import { adRecord, inventoryRecord } from "@fulfillment/core/test-records";
import type { TableRef } from "#storage/client";
import { loadDataset } from "@fulfillment/local/loader/load";

/** Dataset records (CONTRACTS section 3) with neutral defaults, so a test names only what it checks. */

export interface InventoryInput {
  inventory_id: string;
  ad_id?: string | null;
  sku?: string | null;
  variation_id?: string | number | null;
  available_qty?: number | null;
  in_transit_qty?: number | null;
  not_available_qty?: number | null;
  total_qty?: number;
  days_of_stock?: number | null;
  oldest_stock_days?: number | null;
  updated_at?: string | null;
  fifo_lots?: { day: string; units: number }[];
  unknown_age_units?: number;
}

export interface AdInput {
  id: string;
  title?: string | null;
  thumbnail?: string | null;
  permalink?: string | null;
  cost?: number | null;
  sku?: string | null;
  is_full?: boolean;
  sales_30d?: number | null;
  length_mm?: number | null;
  width_mm?: number | null;
  height_mm?: number | null;
}

/** A dataset inventory record from core's test record: quantities 0, ages and coverage unknown, total left to the loader. */
export function inventory(record: InventoryInput): InventoryInput {
  const { total_qty: _, ...neutral } = inventoryRecord(record.inventory_id, { days_of_stock: null, oldest_stock_days: null });
  return { ...neutral, ...record };
}

/** A Full ad as the storage layer stores it (for tests that write ads directly). */
export const fullAd = adRecord;

/** The same ad as a dataset record (for tests that load through the loader). */
export const ad = (record: AdInput): AdInput => fullAd(record.id, record);

export interface DatasetInput {
  ads?: AdInput[];
  inventory?: InventoryInput[];
  daily_stock?: {
    inventory_id: string;
    day: string;
    available_qty: number | null;
    in_transit_qty: number | null;
    not_available_qty: number | null;
  }[];
  local_stock?: { sku: string; available: number; warehouse?: string | null }[];
  metrics?: { sku: string; storage_cost: number | null; storage_risk_cost: number | null }[];
  tariffs?: object[];
  planning?: { sku: string; case_pack?: number | null; lead_time_days?: number | null; snooze_until?: string | null }[];
  settings?: { key: string; value: string; group: string | null }[];
}

/** Puts a dataset in the test table through the same loader as `npm run load`. */
export async function load(ref: TableRef, dataset: DatasetInput): Promise<void> {
  await loadDataset(ref, dataset);
}
