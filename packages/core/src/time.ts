/** Calendar days and instants in the business time zone (CONTRACTS section 4). Pure: "now" is passed in. */

export const DEFAULT_TIME_ZONE = "America/Sao_Paulo";

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;

/** True for a real calendar date written YYYY-MM-DD. */
export function isCalendarDate(text: unknown): text is string {
  if (typeof text !== "string" || !DATE.test(text)) return false;
  // Checked by arithmetic, no Date built: the detail checks every daily row's day.
  const y = Number(text.slice(0, 4));
  const m = Number(text.slice(5, 7));
  const d = Number(text.slice(8, 10));
  // Years 0–99 are not read as written by Date.UTC (1900–1999): not taken as calendar dates.
  if (y < 100 || m < 1 || m > 12 || d < 1) return false;
  const leap = (y % 4 === 0 && y % 100 !== 0) || y % 400 === 0;
  return d <= (m === 2 ? (leap ? 29 : 28) : m === 4 || m === 6 || m === 9 || m === 11 ? 30 : 31);
}

/** Zones already checked: building a formatter to check one costs about 0.2 ms, and reads check on every call. */
const checkedZones = new Map<string, boolean>();

/** The zone to use: the configured one when the runtime knows it, else the default. */
export function validTimeZone(zone: unknown): string {
  if (typeof zone !== "string" || zone === "") return DEFAULT_TIME_ZONE;
  let known = checkedZones.get(zone);
  if (known === undefined) {
    try {
      new Intl.DateTimeFormat("en-US", { timeZone: zone });
      known = true;
    } catch {
      known = false;
    }
    if (checkedZones.size < 1_000) checkedZones.set(zone, known);
  }
  return known ? zone : DEFAULT_TIME_ZONE;
}

const formatters = new Map<string, Intl.DateTimeFormat>();
function partsIn(zone: string, instant: number): Record<string, number> {
  let format = formatters.get(zone);
  if (!format) {
    format = new Intl.DateTimeFormat("en-US", {
      timeZone: zone,
      hourCycle: "h23",
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      second: "2-digit",
    });
    formatters.set(zone, format);
  }
  const parts: Record<string, number> = {};
  for (const part of format.formatToParts(new Date(instant))) if (part.type !== "literal") parts[part.type] = Number(part.value);
  return parts;
}

/** Offset of the zone from UTC at an instant, in milliseconds. */
function offsetAt(zone: string, instant: number): number {
  const p = partsIn(zone, instant);
  const asUtc = Date.UTC(p.year!, p.month! - 1, p.day!, p.hour!, p.minute!, p.second!);
  return asUtc - Math.floor(instant / 1000) * 1000;
}

/** The calendar day (YYYY-MM-DD) of an instant in the zone. */
export function calendarDay(zone: string, instant: Date): string {
  const p = partsIn(zone, instant.getTime());
  return `${String(p.year).padStart(4, "0")}-${String(p.month).padStart(2, "0")}-${String(p.day).padStart(2, "0")}`;
}

/** The wall-clock time (HH:MM:SS) of an instant in the zone. */
export function clockTime(zone: string, instant: Date): string {
  const p = partsIn(zone, instant.getTime());
  return [p.hour, p.minute, p.second].map((n) => String(n).padStart(2, "0")).join(":");
}

/** Adds whole days to a calendar day. */
export function addDays(day: string, days: number): string {
  const [y, m, d] = day.split("-").map(Number) as [number, number, number];
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** Whole days from one calendar day to another (positive when `to` is later). */
export function daysBetween(from: string, to: string): number {
  const utc = (day: string): number => {
    const [y, m, d] = day.split("-").map(Number) as [number, number, number];
    return Date.UTC(y, m - 1, d);
  };
  return Math.round((utc(to) - utc(from)) / 86_400_000);
}

/** The UTC instant of a wall-clock time (YYYY-MM-DDTHH:mm:ss[.sss]) in the zone. */
export function wallClockToInstant(zone: string, wallClock: string): Date {
  const m = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/.exec(wallClock);
  if (!m) throw new Error(`Not a wall-clock time: ${wallClock}`);
  const ms = m[7] ? Number(m[7].slice(0, 3).padEnd(3, "0")) : 0;
  const guess = Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3]), Number(m[4]), Number(m[5]), Number(m[6] ?? 0), ms);
  // Two passes settle the offset across a daylight-saving change.
  let instant = guess - offsetAt(zone, guess);
  instant = guess - offsetAt(zone, instant);
  return new Date(instant);
}

const HAS_OFFSET = /(Z|[+-]\d{2}:?\d{2})$/i;

/** A stored timestamp as an instant: with an offset as written, without one as business-zone wall clock. */
export function timestampToInstant(zone: string, timestamp: string): Date | undefined {
  const text = timestamp.trim();
  if (HAS_OFFSET.test(text)) {
    const date = new Date(text);
    return Number.isNaN(date.getTime()) ? undefined : date;
  }
  try {
    return wallClockToInstant(zone, text);
  } catch {
    return undefined;
  }
}

/** A stored timestamp as ISO 8601 text ("2026-11-20 10:00:00" gets its "T"); null when absent. */
export function isoTimestamp(value: string | null | undefined): string | null {
  if (typeof value !== "string" || value === "") return null;
  return /^\d{4}-\d{2}-\d{2} \d/.test(value) ? `${value.slice(0, 10)}T${value.slice(11)}` : value;
}
