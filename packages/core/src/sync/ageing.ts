import { DEFAULT_TIME_ZONE, calendarDay, daysBetween, isCalendarDate, timestampToInstant } from "../time.js";

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

export interface AgeingInput {
  /** Units available now; null when the stock itself is unknown. */
  available: number | null;
  /** Inbound receptions read for the window from `windowStartDay` to `today`. */
  receptions: readonly Reception[];
  windowStartDay: string;
  today: string;
  previous?: KnownAge | null;
  /** Zone for instants in `receptions[].date`; default America/Sao_Paulo. */
  timeZone?: string;
}

/**
 * Age in days of the oldest lot still in stock, first-in-first-out.
 *
 * Units leave oldest-first, so the units in stock are the newest receptions. Walk the
 * receptions from newest to oldest adding quantities; the reception that brings the sum to
 * `available` holds the oldest unit still in stock, and the age is today minus its day.
 *
 * - Nothing available (0, negative or unknown stock): null.
 * - Receptions cover the stock: the age above (never below 0). A previous age is ignored,
 *   since that older lot has since been sold.
 * - Receptions do not cover the stock (including no receptions at all): the rest arrived
 *   before the window, so the oldest lot is at least the window length old. Never
 *   understate: with a previous age, carry it forward by the days elapsed since it was
 *   computed and report the larger of that and the window length; without one, the window
 *   length (days from `windowStartDay` to `today`).
 */
export function oldestStockDays(input: AgeingInput): number | null {
  const { available, today } = input;
  if (available === null || !Number.isFinite(available) || available <= 0) return null;

  const zone = input.timeZone ?? DEFAULT_TIME_ZONE;
  const lots = input.receptions
    .filter((reception) => Number.isFinite(reception.quantity) && reception.quantity > 0)
    .map((reception) => ({ day: receptionDay(reception.date, zone), quantity: reception.quantity }))
    .filter((lot): lot is { day: string; quantity: number } => lot.day !== undefined)
    .sort((a, b) => (a.day < b.day ? 1 : a.day > b.day ? -1 : 0));

  let covered = 0;
  for (const lot of lots) {
    covered += lot.quantity;
    if (covered >= available) return Math.max(0, daysBetween(lot.day, today));
  }

  const windowDays = Math.max(0, daysBetween(input.windowStartDay, today));
  const carried = carriedForward(input.previous, today);
  return carried === null ? windowDays : Math.max(windowDays, carried);
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
