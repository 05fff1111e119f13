/** GET /history/core_ai: which entries, and how each is shown (SPEC 4.B). */
import type { SystemLogEntry } from "./records.js";
import { isCalendarDate, isoTimestamp, wallClockToInstant } from "./time.js";

/** The module name the forecasting engine writes its log entries under. */
export const FORECASTING_MODULE = "core_ai";

/** Entries returned when no valid date range is given. */
export const DEFAULT_LIMIT = 50;

/** Both dates valid YYYY-MM-DD: only then is the history filtered by date. */
export const isDateRange = (startDate: unknown, endDate: unknown): boolean => isCalendarDate(startDate) && isCalendarDate(endDate);

/**
 * The UTC instants bounding start_date 00:00:00 through end_date 23:59:59.999 in the business
 * zone; undefined (no filter) unless both dates are valid YYYY-MM-DD.
 */
export function historyRange(startDate: unknown, endDate: unknown, zone: string): { from: string; to: string } | undefined {
  if (!isDateRange(startDate, endDate)) return undefined;
  return {
    from: wallClockToInstant(zone, `${startDate}T00:00:00.000`).toISOString(),
    to: wallClockToInstant(zone, `${endDate}T23:59:59.999`).toISOString(),
  };
}

function detailsObject(details: string | null | undefined): Record<string, unknown> {
  if (typeof details !== "string" || details === "") return {};
  try {
    const parsed: unknown = JSON.parse(details);
    return parsed !== null && typeof parsed === "object" && !Array.isArray(parsed) ? (parsed as Record<string, unknown>) : {};
  } catch {
    return {};
  }
}

export function historyEntry(entry: SystemLogEntry): {
  id: number;
  timestamp: string;
  message: string;
  level: string;
  details: Record<string, unknown>;
} {
  return {
    id: entry.id,
    timestamp: isoTimestamp(entry.timestamp) ?? entry.timestamp,
    message: entry.message,
    level: entry.level,
    details: detailsObject(entry.details),
  };
}
