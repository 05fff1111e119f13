import { ScanCommand, UpdateCommand } from "@aws-sdk/lib-dynamodb";
import { Detail, Time, type DailyStockRow } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { DAILY_MARKS_FLAG, Entities, fitsKey, PARTITION_KEY_NAME } from "./keys.js";
import { batchGet, batchWrite, queryAll, queryPartitions, forEachConcurrently } from "./operations.js";
import { toRecords } from "./items.js";
import { writeChanging } from "./changes.js";

/** A daily row, indexed under its inventory's ad when it has one (the detail's single query). */
export function dailyStockItem(row: DailyStockRow, adId?: string | null): Record<string, unknown> {
  return {
    ...Entities.daily_stock.key({ inventoryId: row.inventory_id, day: row.day }),
    ...(adId === null || adId === undefined ? {} : Entities.daily_stock.indexKey({ adId, day: row.day, inventoryId: row.inventory_id })),
    kind: "daily_stock",
    ...row,
  };
}

/** Marks an inventory that has daily rows. */
export const dailyMark = (inventoryId: string): Record<string, unknown> => ({ ...Entities.daily_inventory.key({ inventoryId }), kind: "daily_inventory", inventory_id: inventoryId });

const MARKS_FLAG = DAILY_MARKS_FLAG;

/**
 * The inventories that have daily rows, strongly consistent. A table written before
 * putDailyStock marked them is scanned once for its daily rows' inventories, and marked.
 */
export async function listInventoriesWithDailyRows(ref: TableRef, state: Record<string, unknown>): Promise<Set<string>> {
  if (state[MARKS_FLAG] !== true) {
    const found = new Set<string>();
    let startKey: Record<string, unknown> | undefined;
    do {
      const page = await ref.doc.send(
        new ScanCommand({
          TableName: ref.table,
          FilterExpression: "begins_with(#pk, :daily)",
          ExpressionAttributeNames: PARTITION_KEY_NAME,
          ExpressionAttributeValues: { ":daily": Entities.daily_stock.pk.prefix },
          ProjectionExpression: "inventory_id",
          ConsistentRead: true,
          ExclusiveStartKey: startKey,
        }),
      );
      for (const item of page.Items ?? []) if (typeof item.inventory_id === "string") found.add(item.inventory_id);
      startKey = page.LastEvaluatedKey;
    } while (startKey);
    await batchWrite(ref, [...found].map((inventoryId) => ({ put: dailyMark(inventoryId) })));
    await ref.doc.send(
      new UpdateCommand({ TableName: ref.table, Key: Entities.read_model.key(), UpdateExpression: "SET #flag = :true", ExpressionAttributeNames: { "#flag": MARKS_FLAG }, ExpressionAttributeValues: { ":true": true } }),
    );
  }
  const marks = await queryPartitions(ref, Entities.daily_inventory.query.shards(), { projection: ["inventory_id"], consistent: true });
  return new Set(marks.map((item) => String(item.inventory_id)));
}

/** Daily rows of the given inventories from a day onwards: one key-condition query per inventory. */
export async function listDailyStockSince(ref: TableRef, inventoryIds: string[], fromDay: string): Promise<DailyStockRow[]> {
  const perInventory = await Promise.all(
    inventoryIds.map((inventoryId) =>
      queryAll(ref, Entities.daily_stock.query.from({ inventoryId }, fromDay)),
    ),
  );
  return toRecords<DailyStockRow>(perInventory.flat());
}

/** The ad each stored inventory record names (null: none); inventories without a record are absent. */
async function storedAdsOf(ref: TableRef, inventoryIds: Iterable<string>): Promise<Map<string, string | null>> {
  const items = await batchGet(ref, [...new Set(inventoryIds)].map((inventoryId) => Entities.inventory.key({ inventoryId })), ["inventory_id", "ad_id"]);
  return new Map(items.map((item) => [String(item.inventory_id), (item.ad_id as string | null | undefined) ?? null]));
}

/**
 * Stores daily rows (one per inventory and day: a second write replaces the first). Each row is
 * indexed under its inventory's ad: from `adByInventory` when the caller knows it (the sync),
 * else from the stored inventory record. A row of an inventory with no record yet stays
 * unindexed until putInventory stores the record and re-indexes it.
 */
export async function putDailyStock(ref: TableRef, rows: DailyStockRow[], adByInventory?: ReadonlyMap<string, string | null>): Promise<void> {
  if (rows.length === 0) return;
  const unknown = rows.map((row) => row.inventory_id).filter((id) => !adByInventory?.has(id));
  const stored = unknown.length > 0 ? await storedAdsOf(ref, unknown) : new Map<string, string | null>();
  const adOf = (inventoryId: string): string | null | undefined => adByInventory?.get(inventoryId) ?? stored.get(inventoryId);
  // Rows no record places yet: putInventory indexes them when a record names their ad.
  const unplaced = new Set(rows.map((row) => row.inventory_id).filter((id) => adOf(id) === null || adOf(id) === undefined));
  await writeChanging(ref, ["daily_stock", "daily_unindexed", "daily_inventory"], () =>
    batchWrite(ref, [
      ...rows.map((row) => ({ put: dailyStockItem(row, adOf(row.inventory_id)) })),
      ...[...unplaced].map((inventoryId) => ({ put: { ...Entities.daily_unindexed.key({ inventoryId }), kind: "daily_unindexed", inventory_id: inventoryId } })),
      ...[...new Set(rows.map((row) => row.inventory_id))].map((inventoryId) => ({ put: dailyMark(inventoryId) })),
    ]),
  );
}

/**
 * The first day whose rows an ad's index must hold: the oldest day any detail can still show
 * (60 days back from today in the business zone, which is at most a day behind UTC), less a day.
 */
export const indexedFromDay = (now = new Date()): string =>
  Time.addDays(Time.calendarDay("UTC", now), -(Detail.SERIES_WINDOW_DAYS + 2));

const REINDEX_CONCURRENCY = 8;

/** Moves the recent daily rows of each inventory under the given ad's index partition. */
export async function reindexDailyRows(ref: TableRef, targets: readonly { inventoryId: string; adId: string }[], now = new Date()): Promise<void> {
  const fromDay = indexedFromDay(now);
  await forEachConcurrently(targets, REINDEX_CONCURRENCY, async ({ inventoryId, adId }) => {
    const rows = toRecords<DailyStockRow>(await queryAll(ref, { ...Entities.daily_stock.query.from({ inventoryId }, fromDay), ConsistentRead: true }));
    if (rows.length > 0) await batchWrite(ref, rows.map((row) => ({ put: dailyStockItem(row, adId) })));
  });
}

/** Queries in flight at once when reading many inventories' rows. */
const DAILY_QUERIES_IN_FLIGHT = 16;

/**
 * Available units per day of many inventories between two days inclusive: one Query per
 * inventory (the rows are keyed by inventory), a bounded number in flight so a large catalogue
 * does not open thousands of connections at once.
 */
export async function listDailyAvailability(
  ref: TableRef,
  inventoryIds: readonly string[],
  fromDay: string,
  toDay: string,
  { consistent = false } = {},
): Promise<Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[]> {
  const rows: Pick<DailyStockRow, "inventory_id" | "day" | "available_qty">[] = [];
  const ids = [...new Set(inventoryIds)].filter((id) => fitsKey({ pk: Entities.daily_stock.partition({ inventoryId: id }) }));
  await forEachConcurrently(ids, DAILY_QUERIES_IN_FLIGHT, async (inventoryId) => {
    const condition = Entities.daily_stock.query.between({ inventoryId }, [fromDay, toDay]);
    const items = await queryAll(ref, {
      ...condition,
      ExpressionAttributeNames: { ...condition.ExpressionAttributeNames, "#day": "day", "#available": "available_qty" },
      ProjectionExpression: "#day, #available",
      ...(consistent ? { ConsistentRead: true } : {}),
    });
    for (const item of items) rows.push({ inventory_id: inventoryId, day: String(item.day), available_qty: (item.available_qty as number | null) ?? null });
  });
  return rows;
}
