import { timestampToInstant } from "../time.js";
import type { FifoLot } from "./ageing.js";

/**
 * The daily sync as reconciliation: what the marketplace says now against what notifications
 * built since the last sync.
 *
 * THE RULE
 *
 * 1. An inventory drifts when its stored stock by state (available, in transit, not available,
 *    total) differs from the sync's read, or its first-in-first-out lots do.
 * 2. Lots are compared only when the sync's receptions search answered for the inventory, and
 *    only back to the oldest day it searched: older receptions have left the marketplace's memory
 *    (12 months), so the sync cannot see them, and a stored lot older than that is not drift.
 * 3. Not drift, because nothing was built to compare: an inventory with no stored record (new to
 *    the catalogue); one whose record was written while the sync read the marketplace (its
 *    `updated_at` changed between the reads before and after, or is at or after the instant the
 *    read began): a notification applied an operation the read may or may not hold.
 * 4. A run's drift is the sum of its shards': the count of every drifted inventory, and the first
 *    DRIFT_INVENTORIES_CAP by ad and inventory id, each with the sync's figures (expected) and
 *    the stored ones (found).
 */

/** The figures compared; `fifo_lots` null where lots were not compared (rule 2). */
export interface DriftFigures {
  available_qty: number | null;
  in_transit_qty: number | null;
  not_available_qty: number | null;
  total_qty: number | null;
  fifo_lots: FifoLot[] | null;
}

export interface InventoryDrift {
  inventory_id: string;
  ad_id: string | null;
  /** What the marketplace says (the sync's read). */
  expected: DriftFigures;
  /** What was stored (what notifications built). */
  found: DriftFigures;
}

export interface RunDrift {
  /** Inventories whose stored stock differed from the marketplace's. */
  count: number;
  /** The first DRIFT_INVENTORIES_CAP of them, by ad and inventory id. */
  inventories: InventoryDrift[];
}

export const DRIFT_INVENTORIES_CAP = 20;

/** A stored record as the reconciliation reads it. */
export interface StoredStock {
  available_qty?: number | null;
  in_transit_qty?: number | null;
  not_available_qty?: number | null;
  total_qty?: number | null;
  fifo_lots?: FifoLot[] | null;
  updated_at?: string | null;
}

/** The stock the sync read and is about to store. */
export interface ReadStock {
  available_qty: number;
  in_transit_qty: number;
  not_available_qty: number;
  total_qty: number;
  fifo_lots: FifoLot[];
}

export interface InventoryReconciliation {
  inventory_id: string;
  ad_id: string | null;
  read: ReadStock;
  /** The stored record read before the marketplace was read; undefined: none. */
  before: StoredStock | undefined;
  /** Its `updated_at` read again after the marketplace was read; undefined: the record is gone. */
  after: Pick<StoredStock, "updated_at"> | undefined;
  /** The instant the marketplace read began. */
  readStartedAt: Date;
  timeZone: string;
  /** Oldest day the receptions search covered for the inventory; null: no search answered, lots not compared. */
  searchedFrom: string | null;
}

/** True when the record was written while the marketplace was being read (rule 3). */
export function writtenDuringRead(before: StoredStock, after: Pick<StoredStock, "updated_at"> | undefined, readStartedAt: Date, timeZone: string): boolean {
  if (!after || (after.updated_at ?? null) !== (before.updated_at ?? null)) return true;
  const written = after.updated_at ? timestampToInstant(timeZone, after.updated_at) : undefined;
  return written !== undefined && written.getTime() >= readStartedAt.getTime();
}

const sameLots = (a: readonly FifoLot[], b: readonly FifoLot[]): boolean =>
  a.length === b.length && a.every((lot, i) => lot.day === b[i]!.day && lot.units === b[i]!.units);

const figure = (value: number | null | undefined): number | null => (typeof value === "number" && Number.isFinite(value) ? value : null);

/** The inventory's drift, or null when it did not drift or cannot be judged (rules 1 to 3). */
export function inventoryDrift(input: InventoryReconciliation): InventoryDrift | null {
  const { before, read, searchedFrom } = input;
  if (!before || writtenDuringRead(before, input.after, input.readStartedAt, input.timeZone)) return null;
  const compareLots = searchedFrom !== null && Array.isArray(before.fifo_lots);
  const expected: DriftFigures = { ...pickStock(read), fifo_lots: compareLots ? read.fifo_lots.filter((lot) => lot.day >= searchedFrom) : null };
  const found: DriftFigures = { ...pickStock(before), fifo_lots: compareLots ? before.fifo_lots!.filter((lot) => lot.day >= searchedFrom) : null };
  const stockDiffers =
    expected.available_qty !== found.available_qty ||
    expected.in_transit_qty !== found.in_transit_qty ||
    expected.not_available_qty !== found.not_available_qty ||
    expected.total_qty !== found.total_qty;
  const lotsDiffer = expected.fifo_lots !== null && found.fifo_lots !== null && !sameLots(expected.fifo_lots, found.fifo_lots);
  return stockDiffers || lotsDiffer ? { inventory_id: input.inventory_id, ad_id: input.ad_id, expected, found } : null;
}

function pickStock(stock: StoredStock): Omit<DriftFigures, "fifo_lots"> {
  return {
    available_qty: figure(stock.available_qty),
    in_transit_qty: figure(stock.in_transit_qty),
    not_available_qty: figure(stock.not_available_qty),
    total_qty: figure(stock.total_qty),
  };
}

const byAdAndInventory = (a: InventoryDrift, b: InventoryDrift): number =>
  (a.ad_id ?? "").localeCompare(b.ad_id ?? "", "en", { numeric: true }) || a.inventory_id.localeCompare(b.inventory_id, "en", { numeric: true });

/** The drift of a set of inventories: every one counted, the first `cap` kept (rule 4). */
export function driftOf(drifted: readonly InventoryDrift[], cap = DRIFT_INVENTORIES_CAP): RunDrift {
  return { count: drifted.length, inventories: [...drifted].sort(byAdAndInventory).slice(0, cap) };
}

/** The run's drift from its shards' (each kept its own first ones, so the first of all are among them). */
export function sumDrift(parts: readonly RunDrift[], cap = DRIFT_INVENTORIES_CAP): RunDrift {
  const first = driftOf(parts.flatMap((part) => part.inventories), cap);
  return { count: parts.reduce((sum, part) => sum + part.count, 0), inventories: first.inventories };
}
