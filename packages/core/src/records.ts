// Plain records as the storage layer hands them to the calculators.
// Field names follow SPEC.md section 2 and CONTRACTS.md section 3.
import type { FifoLot } from "./sync/ageing.js";

export type VariationId = string | number | null;

export interface InventoryRecord {
  inventory_id: string;
  ad_id: string | null;
  sku: string | null;
  variation_id: VariationId;
  available_qty: number | null;
  in_transit_qty: number | null;
  not_available_qty: number | null;
  total_qty: number;
  days_of_stock: number | null;
  oldest_stock_days: number | null;
  /** ISO 8601 text, or null when unknown. */
  updated_at: string | null;
  /** Receptions still in stock, oldest first, written by the sync; absent on records written before it kept them. */
  fifo_lots?: FifoLot[];
  /** Available units no reception found by the sync covers (older than its search, or never seen). */
  unknown_age_units?: number;
}

/** The stock figures of an inventory record, as both the list and the detail show them. */
export type StockFigures = Pick<
  InventoryRecord,
  "available_qty" | "in_transit_qty" | "not_available_qty" | "total_qty" | "days_of_stock" | "oldest_stock_days"
>;

/** A record's stock figures in SPEC order, unset ones as null. */
export function stockFigures(record: InventoryRecord): StockFigures {
  return {
    available_qty: record.available_qty ?? null,
    in_transit_qty: record.in_transit_qty ?? null,
    not_available_qty: record.not_available_qty ?? null,
    total_qty: record.total_qty,
    days_of_stock: record.days_of_stock ?? null,
    oldest_stock_days: record.oldest_stock_days ?? null,
  };
}

export interface DailyStockRow {
  inventory_id: string;
  /** YYYY-MM-DD */
  day: string;
  available_qty: number | null;
  in_transit_qty: number | null;
  not_available_qty: number | null;
}

export interface Ad {
  id: string;
  title: string | null;
  thumbnail: string | null;
  permalink: string | null;
  cost: number | null;
  sku: string | null;
  is_full: boolean;
  sales_30d: number | null;
  /**
   * Where sales_30d came from: `import` (an import or the loader; it wins until cleared) or
   * `ledger` (derived by the sync from the fulfillment operations). Absent on older records: a
   * value without a source counts as imported.
   */
  sales_30d_source?: SalesSource | null;
  length_mm?: number | null;
  width_mm?: number | null;
  height_mm?: number | null;
  /** The listing's status on the marketplace (active, paused, closed), kept from its item notifications. */
  status?: string | null;
}

export type SalesSource = "import" | "ledger";

/**
 * A Full ad with a SKU: a candidate of the replenishment and of the planning reports, and exactly
 * what the ads' sparse index holds.
 */
export const isFullWithSku = <A extends Pick<Ad, "is_full" | "sku">>(ad: A): ad is A & { sku: string } =>
  ad.is_full === true && ad.sku !== null && ad.sku !== undefined;

export interface LocalStockRow {
  sku: string;
  available: number;
  warehouse?: string | null;
}

export interface SkuMetric {
  sku: string;
  storage_cost: number | null;
  storage_risk_cost: number | null;
  daily_storage_fee?: number | null;
  inbound_freight_cost?: number | null;
  /** ISO 8601 instant of the cost calculation that wrote it. */
  calculated_at?: string | null;
}

export interface Tariff {
  id: number;
  name: string | null;
  min_volume_l: number;
  max_volume_l: number | null;
  daily_fee: number | null;
  inbound_fee: number | null;
  aged_days_threshold: number;
  aged_daily_factor: number;
  active: boolean;
}

export interface SettingEntry {
  key: string;
  value: string;
  group: string | null;
  description?: string | null;
}

export interface SystemLogEntry {
  id: number;
  timestamp: string;
  message: string;
  level: string;
  details: string | null;
  module: string;
}

export type CredentialProvider = "mercadolivre" | "erp";

export interface Credential {
  provider: CredentialProvider;
  access_token: string;
  refresh_token: string;
  user_id?: string | number | null;
  expires_at?: string | null;
  updated_at?: string | null;
  /** The seller's marketplace nickname and site, read when the account is connected. */
  nickname?: string | null;
  site_id?: string | null;
  /** Who connected the account (the actor of GET /marketplace/connect) and the requests of the connection: the start and the callback. */
  connected_by?: string | null;
  connect_request_id?: string | null;
  request_id?: string | null;
}
