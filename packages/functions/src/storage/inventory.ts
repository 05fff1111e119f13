import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { AD_RECORDS_FROM, Entities, fitsKey, TABLE_SCHEMA } from "./keys.js";
import { batchGet, batchWrite, queryAll, queryPartitions, transactUpdates } from "./operations.js";
import { toRecords } from "./items.js";
import { writeChanging } from "./changes.js";
import { reindexDailyRows } from "./daily-stock.js";
import { conditionalWrite } from "./conditions.js";

export type InventoryField = keyof InventoryRecord;

/**
 * The stored record. `daily_ad` says that the record's recent daily rows are indexed under its
 * ad: only putInventory sets it, after it has made that true.
 */
export function inventoryItem(record: InventoryRecord): Record<string, unknown> {
  const adId = record.ad_id ?? null;
  return {
    ...Entities.inventory.key({ inventoryId: record.inventory_id }),
    ...(adId !== null ? Entities.inventory.indexKey({ adId, inventoryId: record.inventory_id }) : {}),
    kind: "inventory",
    ...record,
    ...(adId !== null ? { daily_ad: adId } : {}),
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
export async function listInventory(ref: TableRef, fields: InventoryField[] = SPEC_FIELDS, { consistent = false } = {}): Promise<InventoryRecord[]> {
  const items = await queryPartitions(ref, Entities.inventory.query.shards(), { projection: fields, consistent });
  return toRecords<InventoryRecord>(items);
}

/** Every record (strongly consistent) with the ad its daily rows are indexed under: what the read model is built from. */
export async function listInventoryWithIndex(ref: TableRef): Promise<{ records: InventoryRecord[]; indexedUnder: (string | undefined)[] }> {
  const items = await queryPartitions(ref, Entities.inventory.query.shards(), { projection: [...SPEC_FIELDS, "daily_ad"], consistent: true });
  return { records: toRecords<InventoryRecord>(items), indexedUnder: items.map((item) => item.daily_ad as string | undefined) };
}

/**
 * Re-indexes the recent daily rows of records stored before their rows were indexed under
 * their ad, then marks them; a record changed meanwhile is left for its own write to handle.
 */
export async function indexDailyRowsOf(ref: TableRef, targets: readonly { inventoryId: string; adId: string }[], now = new Date()): Promise<number> {
  await reindexDailyRows(ref, targets, now);
  let marked = 0;
  for (const { inventoryId, adId } of targets) {
    const written = await conditionalWrite(
      ref.doc.send(
        new UpdateCommand({
          TableName: ref.table,
          Key: Entities.inventory.key({ inventoryId }),
          UpdateExpression: "SET daily_ad = :ad",
          ConditionExpression: "ad_id = :ad",
          ExpressionAttributeValues: { ":ad": adId },
        }),
      ),
    );
    if (written) marked++;
  }
  return marked;
}

/** The ad ids records refer to (with repeats). */
export const adIdsOf = (records: readonly Pick<InventoryRecord, "ad_id">[]): string[] =>
  records.flatMap((record) => (record.ad_id === null || record.ad_id === undefined ? [] : [record.ad_id]));

/** A stored record's age and when it was computed: what the next sync carries forward. */
export type InventoryAge = Pick<InventoryRecord, "inventory_id" | "oldest_stock_days" | "updated_at">;

/**
 * The stored ages of these inventories (those with no record left out), read strongly consistent:
 * the sync's reconciliation tells by their updated_at whether a notification wrote them meanwhile.
 */
export async function getInventoryAges(ref: TableRef, inventoryIds: readonly string[]): Promise<InventoryAge[]> {
  return batchGet<InventoryAge>(ref, inventoryIds.map((inventoryId) => Entities.inventory.key({ inventoryId })), ["inventory_id", "oldest_stock_days", "updated_at"], { consistent: true });
}

/** A stored record's stock by state, lots and when it was written: what the sync's reconciliation compares. */
export type InventoryStock = Pick<InventoryRecord, "inventory_id" | "available_qty" | "in_transit_qty" | "not_available_qty" | "total_qty" | "fifo_lots" | "updated_at">;

/** The stored stock of these inventories (those with no record left out). */
export async function getInventoryStock(ref: TableRef, inventoryIds: readonly string[]): Promise<InventoryStock[]> {
  const fields: InventoryField[] = ["inventory_id", "available_qty", "in_transit_qty", "not_available_qty", "total_qty", "fifo_lots", "updated_at"];
  return batchGet<InventoryStock>(ref, inventoryIds.map((inventoryId) => Entities.inventory.key({ inventoryId })), fields, { consistent: true });
}

/** Records by inventory id, read strongly consistent (the index's copies can lag a write); ids without a record are left out. */
export async function getInventoryRecords(ref: TableRef, inventoryIds: readonly string[]): Promise<InventoryRecord[]> {
  const keys = inventoryIds.map((inventoryId) => Entities.inventory.key({ inventoryId })).filter(fitsKey);
  return toRecords<InventoryRecord>(await batchGet(ref, keys, undefined, { consistent: true }));
}

/** The inventory records of one ad, through the ad index. */
export async function listInventoryOfAd(ref: TableRef, adId: string): Promise<InventoryRecord[]> {
  const partition = Entities.inventory.indexPartition({ adId });
  if (!fitsKey({ pk: partition })) return [];
  // The ad's index partition also holds its daily rows and header, which sort before any record.
  const items = await queryAll(ref, Entities.inventory.indexQuery.from({ adId }, AD_RECORDS_FROM));
  return toRecords<InventoryRecord>(items);
}

/**
 * Upserts records. A record whose recent daily rows are not all indexed under its ad first gets
 * them re-indexed: its stored copy has no `daily_ad` or another one (records stored before the
 * index existed, records moved to another ad), or it is new and rows of its inventory were
 * stored before any record (marked by putDailyStock).
 */
export async function putInventory(ref: TableRef, records: InventoryRecord[], now = new Date()): Promise<void> {
  if (records.length === 0) return;
  // The last record of an inventory wins, as in a sequence of writes; its rows follow that one.
  const latest = [...new Map(records.map((record) => [record.inventory_id, record])).values()];
  const ids = latest.map((record) => record.inventory_id);
  const keys = [...ids.map((inventoryId) => Entities.inventory.key({ inventoryId })), ...ids.map((inventoryId) => Entities.daily_unindexed.key({ inventoryId }))];
  const found = await batchGet(ref, keys, [TABLE_SCHEMA.partitionKey, "inventory_id", "daily_ad"]);
  const stored = new Map<string, unknown>();
  const unindexed = new Set<string>();
  for (const item of found) {
    if (Entities.daily_unindexed.pk.read(item[TABLE_SCHEMA.partitionKey]) !== undefined) unindexed.add(String(item.inventory_id));
    else stored.set(String(item.inventory_id), item.daily_ad);
  }
  const moved = latest.flatMap((record) => {
    if (record.ad_id === null || record.ad_id === undefined) return [];
    const id = record.inventory_id;
    const indexed = stored.has(id) ? stored.get(id) === record.ad_id : !unindexed.has(id);
    return indexed ? [] : [{ inventoryId: id, adId: record.ad_id }];
  });
  await writeChanging(ref, "inventory", async () => {
    await reindexDailyRows(ref, moved, now);
    await batchWrite(ref, [
      ...latest.map((record) => ({ put: inventoryItem(record) })),
      ...moved.filter(({ inventoryId }) => unindexed.has(inventoryId)).map(({ inventoryId }) => ({ delete: Entities.daily_unindexed.key({ inventoryId }) })),
    ]);
  });
}

/** The SKU of an ad's inventory records, after the ad's own changed (a record moved to another ad meanwhile keeps its own). */
export async function setSkuOfAdInventories(ref: TableRef, adId: string, sku: string | null): Promise<number> {
  const records = (await listInventoryOfAd(ref, adId)).filter((record) => record.sku !== sku);
  if (records.length === 0) return 0;
  return writeChanging(ref, "inventory", () =>
    transactUpdates(
      ref,
      records.map((record) => ({
        Key: Entities.inventory.key({ inventoryId: record.inventory_id }),
        UpdateExpression: "SET sku = :sku",
        ConditionExpression: "ad_id = :ad",
        ExpressionAttributeValues: { ":sku": sku, ":ad": adId },
      })),
    ),
  );
}
