import { DEFAULT_TIME_ZONE, addDays, calendarDay, daysBetween, isCalendarDate, timestampToInstant } from "../time.js";

/**
 * Ageing of fulfillment stock, first-in-first-out, to the end of the marketplace's memory.
 *
 * THE RULE (CONTRACTS section 5, step 2)
 *
 * 1. Units leave oldest first, so the units in stock are the newest receptions. The search
 *    walks back from today in consecutive windows of at most 60 days (the operations search's
 *    limit; `date_to` is excluded) towards the marketplace's 12-month retention (365 days:
 *    the oldest day searched is today − 364). Each window asks only for the inventories whose
 *    available units the receptions found so far do not cover yet; the walk stops as soon as
 *    every inventory is covered, so an inventory covered in the first window costs no further
 *    search.
 * 2. Covered: walking the receptions newest first, the reception that brings the running sum to
 *    the available units holds the oldest unit still in stock. Age = today − its day.
 * 3. Receptions found but not covering the stock: the uncovered units arrived before the oldest
 *    day searched, so they are at least as old as the search horizon (365 days after a full
 *    walk). Report the larger of that and the previous age carried forward by the days elapsed
 *    since it was computed.
 * 4. No reception found at all: the previous age carried forward when one is known, else null
 *    (nothing is known).
 * 5. Nothing available (0, negative or unknown stock): null, and no lots.
 *
 * The lots still in stock are kept as `fifo_lots` (oldest first, the oldest trimmed to what is
 * still in stock) and the units no reception explains as `unknown_age_units`; together they sum
 * to the available units.
 *
 * WORKED EXAMPLE (today 2026-06-30, 20 units available)
 *
 *   receptions found, newest first:  2026-06-20 × 6,  2026-03-01 × 4,  2025-12-10 × 30
 *   window 1 (2026-05-02 .. 2026-06-30): 2026-06-20 × 6          → 6 of 20 covered, go on
 *   window 2 (2026-03-03 .. 2026-05-01): nothing                  → still 6, go on
 *   window 3 (2026-01-02 .. 2026-03-02): 2026-03-01 × 4           → 10 of 20, go on
 *   window 4 (2025-11-03 .. 2026-01-01): 2025-12-10 × 30          → 40 ≥ 20: covered, stop
 *   lots in stock: 2025-12-10 × 10 (trimmed from 30), 2026-03-01 × 4, 2026-06-20 × 6
 *   oldest_stock_days = 2026-06-30 − 2025-12-10 = 202; unknown_age_units = 0.
 *   Had the 2025-12-10 lot been absent, the walk would have run to 2025-07-01 (today − 364):
 *   10 units unexplained, unknown_age_units = 10, age = max(365, previous age carried forward).
 */

/** Days the marketplace keeps operations (its 12-month retention). */
export const RETENTION_DAYS = 365;
/** Longest date range of one operations search. */
export const SEARCH_WINDOW_DAYS = 60;

/** A reception still in stock, first-in-first-out: the day it was received and the units of it left. */
export type FifoLot = { day: string; units: number };

export interface Reception {
  /** Calendar day (YYYY-MM-DD) or an ISO 8601 instant (read in the business zone). */
  date: string;
  quantity: number;
}

export interface KnownAge {
  oldestStockDays: number | null;
  /** Calendar day the age was computed for. */
  asOfDay: string;
}

/** One operations search: `from` included, `to` excluded (the API stops the day before). */
export interface SearchWindow {
  from: string;
  to: string;
}

/**
 * The last day an operations search must reach at `now`: the business day `today`, or the UTC
 * day when that is later. The marketplace dates operations in UTC and a search keeps those of the
 * days it names, so in the hours after midnight UTC (evening in Brazil) today's operations carry
 * tomorrow's UTC date.
 */
export const lastOperationDay = (today: string, now: Date): string => {
  const utcDay = now.toISOString().slice(0, 10);
  return utcDay > today ? utcDay : today;
};

/**
 * The windows of the walk, newest first: the first ends with `through` (today, or the later UTC
 * day of lastOperationDay), each is at most `windowDays` long, and the last stops at the
 * retention's oldest day (today − retention + 1).
 */
export function searchWindows(today: string, retentionDays = RETENTION_DAYS, windowDays = SEARCH_WINDOW_DAYS, through = today): SearchWindow[] {
  const oldest = addDays(today, -(retentionDays - 1));
  const windows: SearchWindow[] = [];
  for (let to = addDays(through, 1); daysBetween(oldest, to) > 0; ) {
    const from = daysBetween(oldest, addDays(to, -windowDays)) > 0 ? addDays(to, -windowDays) : oldest;
    windows.push({ from, to });
    to = from;
  }
  return windows;
}

export interface StockLots {
  /** Oldest first. */
  lots: FifoLot[];
  /** Available units no reception explains. */
  unknownUnits: number;
}

/** The receptions that make up the `available` units, first-in-first-out (same-day receptions form one lot). */
export function lotsInStock(available: number, receptions: readonly Reception[], timeZone = DEFAULT_TIME_ZONE): StockLots {
  if (!Number.isFinite(available) || available <= 0) return { lots: [], unknownUnits: 0 };
  const byDay = new Map<string, number>();
  for (const reception of receptions) {
    if (!Number.isFinite(reception.quantity) || reception.quantity <= 0) continue;
    const day = receptionDay(reception.date, timeZone);
    if (day !== undefined) byDay.set(day, (byDay.get(day) ?? 0) + reception.quantity);
  }
  const newestFirst = [...byDay].sort(([a], [b]) => (a < b ? 1 : a > b ? -1 : 0));
  const lots: FifoLot[] = [];
  let left = available;
  for (const [day, units] of newestFirst) {
    if (left <= 0) break;
    const kept = Math.min(units, left);
    lots.push({ day, units: kept });
    left -= kept;
  }
  return { lots: lots.reverse(), unknownUnits: left };
}

export interface AgeingInput {
  /** Units available now; null when the stock itself is unknown. */
  available: number | null;
  /** Inbound receptions the search found for this inventory. */
  receptions: readonly Reception[];
  /** Oldest day the search covered for this inventory; null when no search answered. */
  searchedFrom: string | null;
  today: string;
  previous?: KnownAge | null;
  /** Zone for instants in `receptions[].date`; default America/Sao_Paulo. */
  timeZone?: string;
}

export interface Ageing {
  oldest_stock_days: number | null;
  fifo_lots: FifoLot[];
  unknown_age_units: number;
}

/** The age of the oldest lot in stock and the lots themselves, by the rule above. */
export function ageStock(input: AgeingInput): Ageing {
  const { available, today } = input;
  if (available === null || !Number.isFinite(available) || available <= 0) return { oldest_stock_days: null, fifo_lots: [], unknown_age_units: 0 };
  const carried = carriedForward(input.previous, today);
  if (input.searchedFrom === null) return { oldest_stock_days: carried, fifo_lots: [], unknown_age_units: available };

  const { lots, unknownUnits } = lotsInStock(available, input.receptions, input.timeZone ?? DEFAULT_TIME_ZONE);
  const aged = (oldest_stock_days: number | null): Ageing => ({ oldest_stock_days, fifo_lots: lots, unknown_age_units: unknownUnits });
  if (lots.length === 0) return aged(carried);
  if (unknownUnits === 0) return aged(Math.max(0, daysBetween(lots[0]!.day, today)));
  // The uncovered units arrived before the oldest day searched.
  const horizon = Math.max(0, daysBetween(input.searchedFrom, today) + 1);
  return aged(carried === null ? horizon : Math.max(horizon, carried));
}

/** Age in days of the oldest lot still in stock (see `ageStock`). */
export const oldestStockDays = (input: AgeingInput): number | null => ageStock(input).oldest_stock_days;

/** Whether the receptions found so far explain all `available` units. */
export function covers(available: number, receptions: readonly Reception[]): boolean {
  let sum = 0;
  for (const reception of receptions) if (Number.isFinite(reception.quantity) && reception.quantity > 0) sum += reception.quantity;
  return sum >= available;
}

/** A previous age moved forward to `today`; null when none is known. */
export function carriedForward(previous: KnownAge | null | undefined, today: string): number | null {
  if (!previous || previous.oldestStockDays === null || !Number.isFinite(previous.oldestStockDays)) return null;
  if (!isCalendarDate(previous.asOfDay)) return null;
  return previous.oldestStockDays + Math.max(0, daysBetween(previous.asOfDay, today));
}

/** The calendar day of a reception; undefined when the text is neither a day nor an instant. */
function receptionDay(date: string, zone: string): string | undefined {
  if (isCalendarDate(date)) return date;
  const instant = timestampToInstant(zone, date);
  return instant ? calendarDay(zone, instant) : undefined;
}
