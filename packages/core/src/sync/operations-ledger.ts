import { daysBetween, isCalendarDate } from "../time.js";
import { lotsInStock, type FifoLot } from "./ageing.js";
import { stockFromFulfillment, type FulfillmentStockPayload } from "./stock.js";

/**
 * An inventory's stock kept current between syncs from the marketplace's stock operations, one at
 * a time, as notifications bring them (marketplace-api sections 3 and 8).
 *
 * THE RULE
 *
 * 1. The base is what the last sync (or load) stored for the inventory, read at `asOf`: its stock
 *    by state, its first-in-first-out lots and the units no reception explains. Operations dated at
 *    or before `asOf` are already in it and change nothing.
 * 2. Every operation carries `result`, the stock after it. The stock by state is the result of the
 *    operation with the latest date_created (the larger id breaks a tie): absolute figures, so a
 *    repeated or late operation cannot count twice.
 * 3. A reception adds a lot, kept by operation id. The lots in stock are the newest receptions
 *    (the base's lots and the applied ones) that make up the available units: outbound units leave
 *    oldest first, exactly as the sync rebuilds them from the receptions it finds (ageing.ts).
 * 4. So the ledger is a set of receptions plus a maximum: applying the same operations in any
 *    order, any number of times, gives the same stock (operations-ledger.test.ts checks it).
 */

/** One stock operation, reduced to what the ledger applies. */
export interface StockOperationEntry {
  id: string;
  /** date_created, an ISO 8601 instant (UTC). */
  at: string;
  /** The stock after the operation; null when the marketplace sent none. */
  result: FulfillmentStockPayload | null;
  /** Units an inbound reception brought; 0 for any other operation. */
  received: number;
}

/** The stock figures a sync stores (null where it knew none). */
export interface BaseFigures {
  available_qty: number | null;
  in_transit_qty: number | null;
  not_available_qty: number | null;
  total_qty: number;
  days_of_stock: number | null;
}

export interface LedgerBase {
  /** The instant the base was read (ISO 8601, UTC); null: unknown, every operation is newer. */
  asOf: string | null;
  figures: BaseFigures;
  /** First-in-first-out lots in stock; the available units they leave out are of unknown age. */
  lots: FifoLot[];
  oldestStockDays: number | null;
  /** The calendar day `oldestStockDays` was computed for. */
  asOfDay: string | null;
}

export interface InventoryLedger {
  base: LedgerBase;
  /** The applied operation with the latest date_created: its result is the stock by state. */
  latest: { id: string; at: string; result: FulfillmentStockPayload } | null;
  /** Receptions applied since the base, by operation id. */
  receptions: Record<string, { at: string; units: number }>;
}

const RECEPTION = "INBOUND_RECEPTION";

/** The operation as the ledger applies it (a marketplace operation: id, date_created, type, detail, result). */
export function stockOperationEntry(operation: {
  id: string | number;
  date_created: string;
  type: string;
  detail?: { available_quantity?: number | null; total?: number | null } | null;
  result?: FulfillmentStockPayload | null;
}): StockOperationEntry {
  const units = operation.detail?.available_quantity ?? operation.detail?.total ?? 0;
  return {
    id: String(operation.id),
    at: operation.date_created,
    result: operation.result ?? null,
    received: operation.type.toUpperCase() === RECEPTION && Number.isFinite(units) && units > 0 ? units : 0,
  };
}

const instant = (text: string): number => Date.parse(text);

/** True when operation `a` comes after `b`: a later date_created, else a larger id. */
export function comesAfter(a: { id: string; at: string }, b: { id: string; at: string }): boolean {
  const [ta, tb] = [instant(a.at), instant(b.at)];
  if (ta !== tb) return ta > tb;
  return a.id.localeCompare(b.id, "en", { numeric: true }) > 0;
}

/** True when the base already holds the operation (dated at or before the base's reading). */
export const inBase = (base: LedgerBase, operation: Pick<StockOperationEntry, "at">): boolean =>
  base.asOf !== null && !(instant(operation.at) > instant(base.asOf));

export const emptyLedger = (base: LedgerBase): InventoryLedger => ({ base, latest: null, receptions: {} });

/**
 * A new base (the sync stored the inventory again): what was applied after its reading is kept,
 * the rest is in it.
 */
export function rebase(ledger: InventoryLedger | undefined, base: LedgerBase): InventoryLedger {
  const next = emptyLedger(base);
  if (!ledger) return next;
  if (ledger.latest && !inBase(base, ledger.latest)) next.latest = ledger.latest;
  for (const [id, reception] of Object.entries(ledger.receptions)) if (!inBase(base, reception)) next.receptions[id] = reception;
  return next;
}

/** Applies one operation; `changed` is false when it adds nothing (a repeat, one in the base, or one superseded). */
export function applyOperation(ledger: InventoryLedger, operation: StockOperationEntry): { ledger: InventoryLedger; changed: boolean } {
  if (!Number.isFinite(instant(operation.at)) || inBase(ledger.base, operation)) return { ledger, changed: false };
  let next = ledger;
  if (operation.received > 0 && !(operation.id in ledger.receptions)) {
    next = { ...next, receptions: { ...next.receptions, [operation.id]: { at: operation.at, units: operation.received } } };
  }
  if (operation.result && (!ledger.latest || comesAfter(operation, ledger.latest))) {
    next = { ...next, latest: { id: operation.id, at: operation.at, result: operation.result } };
  }
  return { ledger: next, changed: next !== ledger };
}

export interface LedgerStock {
  figures: BaseFigures;
  fifo_lots: FifoLot[];
  unknown_age_units: number;
  oldest_stock_days: number | null;
}

/** The inventory's stock, lots and age today, by the rule above. */
export function ledgerStock(ledger: InventoryLedger, at: { sales30d: number | null; today: string; timeZone: string }): LedgerStock {
  const { base } = ledger;
  const figures: BaseFigures = ledger.latest ? stockFromFulfillment(ledger.latest.result, at.sales30d) : base.figures;
  const available = figures.available_qty;
  if (available === null || !Number.isFinite(available) || available <= 0) return { figures, fifo_lots: [], unknown_age_units: 0, oldest_stock_days: null };
  const receptions = [
    ...base.lots.map((lot) => ({ date: lot.day, quantity: lot.units })),
    ...Object.values(ledger.receptions).map((reception) => ({ date: reception.at, quantity: reception.units })),
  ];
  const { lots, unknownUnits } = lotsInStock(available, receptions, at.timeZone);
  const oldestLot = lots.length > 0 ? Math.max(0, daysBetween(lots[0]!.day, at.today)) : null;
  if (oldestLot !== null && unknownUnits === 0) return { figures, fifo_lots: lots, unknown_age_units: 0, oldest_stock_days: oldestLot };
  // Units no reception explains are older than every lot: the base's age, carried to today, says how old.
  const carried =
    base.oldestStockDays !== null && base.asOfDay !== null && isCalendarDate(base.asOfDay)
      ? base.oldestStockDays + Math.max(0, daysBetween(base.asOfDay, at.today))
      : null;
  const oldest = carried === null ? oldestLot : oldestLot === null ? carried : Math.max(carried, oldestLot);
  return { figures, fifo_lots: lots, unknown_age_units: unknownUnits, oldest_stock_days: oldest };
}
