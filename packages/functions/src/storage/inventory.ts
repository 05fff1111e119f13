import type { InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { GSI1, KeyConditions, Keys, fitsKey, shardNumbers } from "./keys.js";
import { batchWrite, queryAll, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";

export type InventoryField = keyof InventoryRecord;

export function inventoryItem(record: InventoryRecord): Record<string, unknown> {
  return {
    ...Keys.inventory(record.inventory_id),
    ...(record.ad_id !== null && record.ad_id !== undefined
      ? Keys.inventoryAdIndex(record.ad_id, record.inventory_id)
      : {}),
    kind: "inventory",
    ...record,
  };
}

// Every field of a record, checked complete by the compiler; reads name them so key attributes stay behind.
const RECORD_FIELDS: Record<InventoryField, true> = {
  inventory_id: true,
  ad_id: true,
  sku: true,
  variation_id: true,
  available_qty: true,
  in_transit_qty: true,
  not_available_qty: true,
  total_qty: true,
  days_of_stock: true,
  oldest_stock_days: true,
  updated_at: true,
  fifo_lots: true,
  unknown_age_units: true,
};
/** Every stored field, the first-in-first-out lots included. */
export const ALL_FIELDS = Object.keys(RECORD_FIELDS) as InventoryField[];
/** The fields SPEC's records have: the first-in-first-out lots are read only by who asks for them. */
const SPEC_FIELDS = ALL_FIELDS.filter((field) => field !== "fifo_lots" && field !== "unknown_age_units");

/** Every inventory record, optionally only some fields (the overview needs few). */
export async function listInventory(ref: TableRef, fields: InventoryField[] = SPEC_FIELDS): Promise<InventoryRecord[]> {
  const items = await queryPartitions(ref, shardNumbers().map(Keys.inventoryShard), { projection: fields });
  return toRecords<InventoryRecord>(items);
}

/** The ad ids records refer to (with repeats). */
export const adIdsOf = (records: readonly Pick<InventoryRecord, "ad_id">[]): string[] =>
  records.flatMap((record) => (record.ad_id === null || record.ad_id === undefined ? [] : [record.ad_id]));

/** The inventory records of one ad, through the ad index. */
export async function listInventoryOfAd(ref: TableRef, adId: string): Promise<InventoryRecord[]> {
  const partition = Keys.inventoryByAd(adId);
  if (!fitsKey({ pk: partition })) return [];
  const items = await queryAll(ref, KeyConditions.partition(partition, GSI1));
  return toRecords<InventoryRecord>(items);
}

export async function putInventory(ref: TableRef, records: InventoryRecord[]): Promise<void> {
  await batchWrite(ref, records.map((record) => ({ put: inventoryItem(record) })));
}
