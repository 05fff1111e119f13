import type { InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { GSI1, Keys, shardNumbers } from "./keys.js";
import { batchWrite, queryAll, queryPartitions } from "./operations.js";
import { toRecords } from "./items.js";

export type InventoryField = keyof InventoryRecord;

export function inventoryItem(record: InventoryRecord): Record<string, unknown> {
  return {
    ...Keys.inventory(record.inventory_id),
    ...(record.ad_id !== null && record.ad_id !== undefined
      ? { gsi1pk: Keys.inventoryByAd(record.ad_id), gsi1sk: record.inventory_id }
      : {}),
    kind: "inventory",
    ...record,
  };
}

/** Every inventory record, optionally only some fields (the overview needs few). */
export async function listInventory(ref: TableRef, fields?: InventoryField[]): Promise<InventoryRecord[]> {
  const items = await queryPartitions(ref, shardNumbers().map(Keys.inventoryShard), { projection: fields });
  return toRecords<InventoryRecord>(items);
}

/** The inventory records of one ad, through the ad index. */
export async function listInventoryOfAd(ref: TableRef, adId: string): Promise<InventoryRecord[]> {
  const items = await queryAll(ref, {
    IndexName: GSI1,
    KeyConditionExpression: "gsi1pk = :pk",
    ExpressionAttributeValues: { ":pk": Keys.inventoryByAd(adId) },
  });
  return toRecords<InventoryRecord>(items);
}

export async function putInventory(ref: TableRef, records: InventoryRecord[]): Promise<void> {
  await batchWrite(ref, records.map((record) => ({ put: inventoryItem(record) })));
}
