/**
 * A Full stock operation applied to its inventory: the ledger of that inventory alone is read and
 * written (with the record's stock, today's daily row and the views it keeps current), so the cost of an
 * operation does not grow with the catalogue. Idempotent and order-independent by the ledger's
 * rule (core sync/operations-ledger.ts).
 */
import pLimit from "p-limit";
import { Sync, Time, type Ad, type InventoryRecord } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getAd } from "#storage/ads";
import { countersOf, readState } from "#storage/changes";
import { readInventoryLedger, writeInventoryLedger } from "#storage/operations-ledger";
import type { StockOperation } from "../../marketplace/index.js";
import { businessTimeZone } from "../business-time.js";
import { raiseOverviewTime } from "../read-model/overview.js";
import { stockChangePatches } from "../read-model/stock-change.js";

export type OperationOutcome = "applied" | "unchanged" | "unknown_inventory";

/** Writers of one inventory racing this many times in a row is not contention any more: the queue retries later. */
const WRITE_ATTEMPTS = 8;

/** Another writer kept changing the inventory while the operation was applied. */
export class LedgerContentionError extends Error {
  constructor(inventoryId: string) {
    super(`Inventory ${inventoryId} changed under ${WRITE_ATTEMPTS} attempts to apply a stock operation`);
    this.name = "LedgerContentionError";
  }
}

/** What the record holds as the sync (or the loader) stored it: the ledger's base. */
export function baseOf(record: InventoryRecord, zone: string): Sync.LedgerBase {
  const read = record.updated_at ? Time.timestampToInstant(zone, record.updated_at) : undefined;
  return {
    asOf: read ? read.toISOString() : null,
    figures: {
      available_qty: record.available_qty ?? null,
      in_transit_qty: record.in_transit_qty ?? null,
      not_available_qty: record.not_available_qty ?? null,
      total_qty: record.total_qty ?? 0,
      days_of_stock: record.days_of_stock ?? null,
    },
    lots: record.fifo_lots ?? [],
    oldestStockDays: record.oldest_stock_days ?? null,
    asOfDay: read ? Time.calendarDay(zone, read) : null,
  };
}

/** An updated_at after the one read, so the ledger can tell its own write from a sync's. */
const nextUpdatedAt = (now: Date, previous: string | null): string => {
  const text = now.toISOString();
  return text === previous ? new Date(now.getTime() + 1).toISOString() : text;
};

/**
 * What one consumer invocation reads once for all its operations: the business time zone, and
 * each ad with the ads' change counter read before it (the ad is read again once that counter
 * moved: an ad written since may have another cost or sales).
 */
export interface OperationCache {
  zone?: Promise<string>;
  ads: Map<string, { counter: number; ad: Promise<Ad | undefined> }>;
}

export const operationCache = (): OperationCache => ({ ads: new Map() });

function cachedAd(ref: TableRef, cache: OperationCache, adId: string, counter: number): Promise<Ad | undefined> {
  const held = cache.ads.get(adId);
  if (held?.counter === counter) return held.ad;
  const ad = getAd(ref, adId);
  cache.ads.set(adId, { counter, ad });
  ad.catch(() => cache.ads.delete(adId));
  return ad;
}

/** A pause before reading again after another transaction held one of the items: spread, so racing writers do not meet again. */
const pause = (attempt: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, Math.random() * 20 * (attempt + 1)));

/**
 * Every operation's transaction also moves the read model's state item, so two of them at once
 * always collide on it and one reads and writes again. An invocation applies its operations one
 * at a time (their marketplace reads still run together): a batch of ten costs ten transactions,
 * not the dozens its collisions would.
 */
const oneAtATime = pLimit(1);

export async function applyStockOperation(ref: TableRef, operation: StockOperation, now = new Date(), cache = operationCache()): Promise<OperationOutcome> {
  const entry = Sync.stockOperationEntry(operation);
  const zone = await (cache.zone ??= businessTimeZone(ref));
  return oneAtATime(() => applyInTurn(ref, operation, entry, zone, now, cache));
}

async function applyInTurn(ref: TableRef, operation: StockOperation, entry: ReturnType<typeof Sync.stockOperationEntry>, zone: string, now: Date, cache: OperationCache): Promise<OperationOutcome> {
  for (let attempt = 0; attempt < WRITE_ATTEMPTS; attempt++) {
    // The state before the ad: the overview's patch holds the ads' counter to what it was then.
    const [read, state] = await Promise.all([readInventoryLedger(ref, operation.inventory_id), readState(ref)]);
    const { record, stored } = read;
    if (!record) return "unknown_inventory";
    // The record was stored again since the ledger last wrote it (a sync): that is the new base.
    const current = stored && stored.writtenAt === (record.updated_at ?? null) ? stored.ledger : Sync.rebase(stored?.ledger, baseOf(record, zone));
    const { ledger, changed } = Sync.applyOperation(current, entry);
    if (!changed) return "unchanged";
    const ad = record.ad_id ? await cachedAd(ref, cache, record.ad_id, countersOf(state, ["ads"]).ads!) : undefined;
    const today = Time.calendarDay(zone, now);
    const stock = Sync.ledgerStock(ledger, { sales30d: ad?.sales_30d ?? null, today, timeZone: zone });
    const updatedAt = nextUpdatedAt(now, record.updated_at ?? null);
    const after: InventoryRecord = { ...record, ...stock.figures, oldest_stock_days: stock.oldest_stock_days };
    const patches = stockChangePatches(state, record, after, ad?.cost);
    const outcome = await writeInventoryLedger(ref, { read: { record, stored }, ledger, stock, day: today, updatedAt, patches });
    if (outcome === "written") {
      if (patches.some((patch) => patch.sums)) await raiseOverviewTime(ref, updatedAt);
      return "applied";
    }
    if (outcome === "conflict") await pause(attempt);
  }
  throw new LedgerContentionError(operation.inventory_id);
}
