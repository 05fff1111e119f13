/**
 * The shard's reconciliation (core sync/drift.ts): the stored stock of its inventories read before
 * the marketplace is, then compared with the records the shard is about to store.
 */
import { Sync, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getInventoryStock, type InventoryAge, type InventoryStock } from "#storage/inventory";

/** What was stored before the marketplace read began, and when that read began. */
export interface StoredBeforeRead {
  byId: Map<string, InventoryStock>;
  readStartedAt: Date;
}

/** The stored stock of the inventories about to be read; the instant taken after it, right before the marketplace read. */
export async function storedBeforeRead(ref: TableRef, inventoryIds: readonly string[]): Promise<StoredBeforeRead> {
  const stored = await getInventoryStock(ref, inventoryIds);
  return { byId: new Map(stored.map((record) => [record.inventory_id, record])), readStartedAt: new Date() };
}

export interface ShardReconciliation {
  /** The records the shard read and is about to store. */
  records: readonly InventoryRecord[];
  before: StoredBeforeRead;
  /** The records' updated_at read again after the marketplace read (the ages the shard carries forward). */
  after: ReadonlyMap<string, InventoryAge>;
  /** Oldest day the receptions search covered, per inventory. */
  searchedFrom: ReadonlyMap<string, string>;
  timeZone: string;
}

/** The shard's drift: every inventory whose stored stock the marketplace contradicts, the first ones kept. */
export function shardDrift(input: ShardReconciliation): Sync.RunDrift {
  const drifted = input.records.flatMap((record) => {
    const drift = Sync.inventoryDrift({
      inventory_id: record.inventory_id,
      ad_id: record.ad_id ?? null,
      read: {
        available_qty: record.available_qty ?? 0,
        in_transit_qty: record.in_transit_qty ?? 0,
        not_available_qty: record.not_available_qty ?? 0,
        total_qty: record.total_qty,
        fifo_lots: record.fifo_lots ?? [],
      },
      before: input.before.byId.get(record.inventory_id),
      after: input.after.get(record.inventory_id),
      readStartedAt: input.before.readStartedAt,
      timeZone: input.timeZone,
      searchedFrom: input.searchedFrom.get(record.inventory_id) ?? null,
    });
    return drift ? [drift] : [];
  });
  return Sync.driftOf(drifted);
}
