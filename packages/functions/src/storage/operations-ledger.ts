/**
 * An inventory's operations ledger (core sync/operations-ledger.ts) beside its record: read with
 * it, and written in one transaction with the record's stock and today's daily row, conditioned on
 * both being as they were read. A writer that lost the race reads again.
 */
import { TransactGetCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import type { DailyStockRow, InventoryRecord, Sync } from "@fulfillment/core";
import type { TableRef } from "./client.js";
import { markChanged, refusedWhole, topicsOf, type RecordKind } from "./changes.js";
import { cancelledConditions, isTransactionConflict } from "./conditions.js";
import { dailyMark, dailyStockItem } from "./daily-stock.js";
import { toRecord } from "./items.js";
import { Entities, expiresAt, fitsKey, ITEM_PRESENT } from "./keys.js";
import { stateUpdate, type ViewPatch } from "./view-patch.js";

/** The ledger goes when its inventory has had no operation for this long (a sync rebuilds it anyway). */
const LEDGER_RETENTION_MS = 30 * 24 * 60 * 60 * 1000;

export interface StoredLedger {
  ledger: Sync.InventoryLedger;
  /** The updated_at this ledger last wrote on the record: any other value means the record was stored again since. */
  writtenAt: string | null;
  revision: number;
}

export interface LedgerRead {
  record: InventoryRecord | undefined;
  stored: StoredLedger | undefined;
}

/** A snapshot read refused because a write of the same items was in flight is read again, shortly after. */
const SNAPSHOT_ATTEMPTS = 5;

async function readAgainOnConflict<T>(read: () => Promise<T>): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await read();
    } catch (error) {
      if (attempt >= SNAPSHOT_ATTEMPTS || !isTransactionConflict(error, -1)) throw error;
      await new Promise((resolve) => setTimeout(resolve, 10 * attempt));
    }
  }
}

const ledgerKey = (inventoryId: string) => Entities.stock_ledger.key({ inventoryId });

/**
 * The inventory's record and its ledger as one snapshot. Two separate reads could see the record
 * before a ledger write and the ledger after it, and take the ledger's own write for a sync's.
 */
export async function readInventoryLedger(ref: TableRef, inventoryId: string): Promise<LedgerRead> {
  const recordKey = Entities.inventory.key({ inventoryId });
  if (!fitsKey(recordKey) || !fitsKey(ledgerKey(inventoryId))) return { record: undefined, stored: undefined };
  const snapshot = new TransactGetCommand({ TransactItems: [{ Get: { TableName: ref.table, Key: recordKey } }, { Get: { TableName: ref.table, Key: ledgerKey(inventoryId) } }] });
  const { Responses: [record, ledger] = [] } = await readAgainOnConflict(() => ref.doc.send(snapshot));
  const item = ledger?.Item;
  return {
    record: record?.Item ? toRecord<InventoryRecord>(record.Item) : undefined,
    stored: item
      ? {
          ledger: { base: item.base, latest: item.latest ?? null, receptions: item.receptions ?? {} } as Sync.InventoryLedger,
          writtenAt: (item.written_at as string | null | undefined) ?? null,
          revision: Number(item.revision ?? 0),
        }
      : undefined,
  };
}

export interface LedgerWrite {
  /** The record and ledger as read: the write holds only if neither changed since. */
  read: { record: InventoryRecord; stored: StoredLedger | undefined };
  ledger: Sync.InventoryLedger;
  stock: Sync.LedgerStock;
  day: string;
  /** The record's new updated_at. */
  updatedAt: string;
  /** The views kept current by this write (storage/view-patch.ts): those current when read. */
  patches?: ViewPatch[];
}

/** What the write stores: the topics it bumps, in the same transaction. */
const LEDGER_KINDS: readonly RecordKind[] = ["inventory", "daily_stock", "daily_inventory", "stock_ledger"];

/**
 * written; or not written because the record, the ledger or the patched view changed since they
 * were read (`changed`), or another transaction held one of the items (`conflict`): read again.
 */
export type LedgerWriteOutcome = "written" | "changed" | "conflict";

/**
 * Writes the record's stock, its ledger and today's daily row together with the change counters
 * of what it writes (the views that read them go stale, but for the patched view, which moves with
 * the write and stays current). Nothing is written unless everything read is as it was.
 */
export async function writeInventoryLedger(ref: TableRef, write: LedgerWrite): Promise<LedgerWriteOutcome> {
  const { record, stored } = write.read;
  const { figures } = write.stock;
  const inventoryId = record.inventory_id;
  const row: DailyStockRow = {
    inventory_id: inventoryId,
    day: write.day,
    available_qty: figures.available_qty,
    in_transit_qty: figures.in_transit_qty,
    not_available_qty: figures.not_available_qty,
  };
  const recordValues: Record<string, unknown> = {
    ":available": figures.available_qty,
    ":transit": figures.in_transit_qty,
    ":unavailable": figures.not_available_qty,
    ":total": figures.total_qty,
    ":days": figures.days_of_stock,
    ":oldest": write.stock.oldest_stock_days,
    ":updated": write.updatedAt,
    ":lots": write.stock.fifo_lots,
    ":unknown": write.stock.unknown_age_units,
  };
  const wasUpdated = record.updated_at ?? null;
  if (wasUpdated !== null) recordValues[":was"] = wasUpdated;
  const ledgerItem = {
    ...ledgerKey(inventoryId),
    kind: "stock_ledger",
    inventory_id: inventoryId,
    base: write.ledger.base,
    latest: write.ledger.latest,
    receptions: write.ledger.receptions,
    written_at: write.updatedAt,
    revision: (stored?.revision ?? 0) + 1,
    ...expiresAt(Date.parse(write.updatedAt) + LEDGER_RETENTION_MS),
  };
  const adId = record.ad_id ?? null;
  const transaction = new TransactWriteCommand({
    TransactItems: [
      {
        Update: {
          TableName: ref.table,
          Key: Entities.inventory.key({ inventoryId }),
          UpdateExpression:
            "SET available_qty = :available, in_transit_qty = :transit, not_available_qty = :unavailable, total_qty = :total, " +
            "days_of_stock = :days, oldest_stock_days = :oldest, updated_at = :updated, fifo_lots = :lots, unknown_age_units = :unknown",
          ConditionExpression: `${ITEM_PRESENT} AND ${wasUpdated === null ? "(attribute_not_exists(updated_at) OR updated_at = :null)" : "updated_at = :was"}`,
          ExpressionAttributeValues: { ...recordValues, ...(wasUpdated === null ? { ":null": null } : {}) },
        },
      },
      {
        Put: {
          TableName: ref.table,
          Item: ledgerItem,
          ConditionExpression: stored ? "revision = :revision" : "attribute_not_exists(revision)",
          ...(stored ? { ExpressionAttributeValues: { ":revision": stored.revision } } : {}),
        },
      },
      { Put: { TableName: ref.table, Item: dailyStockItem(row, adId) } },
      { Put: { TableName: ref.table, Item: dailyMark(inventoryId) } },
      // A row no record places under an ad waits, marked, for putInventory to index it.
      ...(adId === null ? [{ Put: { TableName: ref.table, Item: { ...Entities.daily_unindexed.key({ inventoryId }), kind: "daily_unindexed", inventory_id: inventoryId } } }] : []),
      // The counters move in the same transaction: no read sees the write with the views it made stale still current.
      { Update: stateUpdate(ref.table, topicsOf(LEDGER_KINDS), write.patches) },
    ],
  });
  try {
    await ref.doc.send(transaction);
    return "written";
  } catch (error) {
    if (cancelledConditions(error).some(Boolean)) return "changed";
    if (isTransactionConflict(error, -1)) return "conflict";
    // An outcome not known (the transaction may have landed): the views that read the kinds go stale.
    if (!refusedWhole(error)) await markChanged(ref, topicsOf(LEDGER_KINDS)).catch(() => undefined);
    throw error;
  }
}
