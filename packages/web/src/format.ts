/**
 * How figures read on screen (pt-BR): currency per `geral.moeda`, dates per `geral.formato_data`
 * in the business time zone `geral.fuso_horario`.
 */
import { timestampToInstant } from "@fulfillment/core/time";

export interface DisplayPrefs {
  /** `geral.formato_data`, e.g. "DD/MM/YYYY". Tokens: YYYY, YY, MM, M, DD, D. */
  dateFormat: string;
  /** `geral.fuso_horario`, e.g. "America/Sao_Paulo". */
  timeZone: string;
  /** `geral.moeda`, an ISO 4217 code. */
  currency: string;
}

export const DEFAULT_PREFS: DisplayPrefs = { dateFormat: "DD/MM/YYYY", timeZone: "America/Sao_Paulo", currency: "BRL" };

const LOCALE = "pt-BR";
const EMPTY = "—";

const currencyFormats = new Map<string, Intl.NumberFormat>();
function currencyFormat(currency: string): Intl.NumberFormat {
  let format = currencyFormats.get(currency);
  if (!format) {
    try {
      format = new Intl.NumberFormat(LOCALE, { style: "currency", currency });
    } catch {
      // An unknown code in the settings still shows money, in reais.
      format = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "BRL" });
    }
    currencyFormats.set(currency, format);
  }
  return format;
}

/** 1234.5 → "R$ 1.234,50" (the space is the no-break space Intl puts there). */
export function formatMoney(value: number | null | undefined, currency = "BRL"): string {
  return value === null || value === undefined || !Number.isFinite(value) ? EMPTY : currencyFormat(currency).format(value);
}

const unitFormats = new Map<string, Intl.NumberFormat>();

/**
 * A fee or a per-unit cost as precise as it is: cents at least, up to 4 decimals
 * (0.007 → "R$ 0,007"; 1.5 → "R$ 1,50"). Totals keep formatMoney's cents.
 */
export function formatUnitMoney(value: number | null | undefined, currency = "BRL"): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  let format = unitFormats.get(currency);
  if (!format) {
    const options = { minimumFractionDigits: 2, maximumFractionDigits: 4 };
    try {
      format = new Intl.NumberFormat(LOCALE, { style: "currency", currency, ...options });
    } catch {
      format = new Intl.NumberFormat(LOCALE, { style: "currency", currency: "BRL", ...options });
    }
    unitFormats.set(currency, format);
  }
  return format.format(value);
}

const integerFormat = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: 0 });
const decimalFormats = new Map<number, Intl.NumberFormat>();

/** 12345 → "12.345"; with `digits`, up to that many decimals ("1,5"). */
export function formatNumber(value: number | null | undefined, digits = 0): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  if (digits === 0) return integerFormat.format(value);
  let format = decimalFormats.get(digits);
  if (!format) decimalFormats.set(digits, (format = new Intl.NumberFormat(LOCALE, { maximumFractionDigits: digits })));
  return format.format(value);
}

/** Days with one decimal and the unit: "12,5 dias", "1 dia". */
export function formatDays(value: number | null | undefined): string {
  if (value === null || value === undefined || !Number.isFinite(value)) return EMPTY;
  return `${formatNumber(value, 1)} ${value === 1 ? "dia" : "dias"}`;
}

interface DateParts {
  year: string;
  month: string;
  day: string;
}

function applyPattern(pattern: string, parts: DateParts): string {
  return pattern.replace(/YYYY|YY|MM|M|DD|D/g, (token) => {
    switch (token) {
      case "YYYY":
        return parts.year;
      case "YY":
        return parts.year.slice(-2);
      case "MM":
        return parts.month;
      case "M":
        return String(Number(parts.month));
      case "DD":
        return parts.day;
      default:
        return String(Number(parts.day));
    }
  });
}

const CALENDAR_DAY = /^(\d{4})-(\d{2})-(\d{2})$/;

/** A calendar day "2025-03-07" in the configured pattern ("07/03/2025"); no time zone involved. */
export function formatDay(day: string | null | undefined, prefs: Pick<DisplayPrefs, "dateFormat"> = DEFAULT_PREFS): string {
  const match = day ? CALENDAR_DAY.exec(day.slice(0, 10)) : null;
  if (!match) return day ?? EMPTY;
  return applyPattern(prefs.dateFormat, { year: match[1]!, month: match[2]!, day: match[3]! });
}

const zonedFormats = new Map<string, Intl.DateTimeFormat>();
function zonedFormat(timeZone: string): Intl.DateTimeFormat {
  let format = zonedFormats.get(timeZone);
  if (!format) {
    const options: Intl.DateTimeFormatOptions = {
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    };
    try {
      format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone });
    } catch {
      format = new Intl.DateTimeFormat("en-CA", { ...options, timeZone: DEFAULT_PREFS.timeZone });
    }
    zonedFormats.set(timeZone, format);
  }
  return format;
}

/** The calendar day and clock time of an instant in the business zone. */
function zonedParts(instant: Date, timeZone: string): DateParts & { hour: string; minute: string } {
  const parts = Object.fromEntries(zonedFormat(timeZone).formatToParts(instant).map((part) => [part.type, part.value]));
  return { year: parts.year!, month: parts.month!, day: parts.day!, hour: parts.hour!, minute: parts.minute! };
}

// "2026-11-23T03:32:19" with no offset: already the business zone's wall clock (CONTRACTS section 4).
const WALL_CLOCK = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(:\d{2}(\.\d+)?)?$/;

/** Date and time stay on one line: a no-break space between them, as Intl puts after "R$". */
const DATE_TIME_GAP = "\u00a0";

/** An ISO instant as date and time in the business zone: "07/03/2025 14:05" (a no-break space between). */
export function formatDateTime(iso: string | null | undefined, prefs: Pick<DisplayPrefs, "dateFormat" | "timeZone"> = DEFAULT_PREFS): string {
  if (!iso) return EMPTY;
  const wall = WALL_CLOCK.exec(iso);
  if (wall) return `${applyPattern(prefs.dateFormat, { year: wall[1]!, month: wall[2]!, day: wall[3]! })}${DATE_TIME_GAP}${wall[4]}:${wall[5]}`;
  const instant = new Date(iso);
  if (Number.isNaN(instant.getTime())) return iso;
  const parts = zonedParts(instant, prefs.timeZone);
  return `${applyPattern(prefs.dateFormat, parts)}${DATE_TIME_GAP}${parts.hour}:${parts.minute}`;
}

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;
const DAY_MS = 24 * HOUR_MS;

/**
 * How long before `now` a stored time was, in pt-BR: "agora" under a minute (and for a time a
 * little ahead of this computer's clock), then "há 1 min", "há 2 h", "há 1 dia", "há 3 dias",
 * whole units rounded down. A time without an offset is business-zone wall clock, as formatDateTime reads it.
 */
export function formatTimeAgo(iso: string | null | undefined, now: Date, prefs: Pick<DisplayPrefs, "timeZone"> = DEFAULT_PREFS): string {
  if (!iso) return EMPTY;
  const instant = timestampToInstant(prefs.timeZone, iso);
  if (!instant) return EMPTY;
  const elapsed = now.getTime() - instant.getTime();
  if (elapsed < MINUTE_MS) return "agora";
  if (elapsed < HOUR_MS) return `há ${Math.floor(elapsed / MINUTE_MS)} min`;
  if (elapsed < DAY_MS) return `há ${Math.floor(elapsed / HOUR_MS)} h`;
  const days = Math.floor(elapsed / DAY_MS);
  return `há ${days} ${days === 1 ? "dia" : "dias"}`;
}

/** The clock time of an instant in the business zone, with seconds: "14:05:09". */
export function formatClock(instant: Date, prefs: Pick<DisplayPrefs, "timeZone"> = DEFAULT_PREFS): string {
  try {
    return instant.toLocaleTimeString(LOCALE, { timeZone: prefs.timeZone, hourCycle: "h23" });
  } catch {
    return instant.toLocaleTimeString(LOCALE, { timeZone: DEFAULT_PREFS.timeZone, hourCycle: "h23" });
  }
}

/** The business-zone calendar day of an instant, as YYYY-MM-DD (for date inputs and filters). */
export function zonedDay(instant: Date, timeZone: string): string {
  const parts = zonedParts(instant, timeZone);
  return `${parts.year}-${parts.month}-${parts.day}`;
}

/** A duration in milliseconds as "1,2 s" or "3 min 5 s". */
export function formatDuration(ms: number | null | undefined): string {
  if (ms === null || ms === undefined || !Number.isFinite(ms)) return EMPTY;
  if (ms < 60_000) return `${formatNumber(ms / 1000, 1)} s`;
  const minutes = Math.floor(ms / 60_000);
  return `${minutes} min ${Math.round((ms % 60_000) / 1000)} s`;
}

/** The display preferences from GET /settings/geral data (defaults for anything missing or odd). */
export function prefsFromGeneralSettings(data: Record<string, unknown> | undefined): DisplayPrefs {
  const text = (key: string, fallback: string): string => {
    const value = data?.[key];
    return typeof value === "string" && value.trim() !== "" ? value.trim() : fallback;
  };
  return {
    dateFormat: text("formato_data", DEFAULT_PREFS.dateFormat),
    timeZone: text("fuso_horario", DEFAULT_PREFS.timeZone),
    currency: text("moeda", DEFAULT_PREFS.currency).toUpperCase(),
  };
}

/** Marketplace thumbnails come as http:// links; their CDN serves the same over https. */
export const secureImageUrl = (url: string): string => url.replace(/^http:\/\//i, "https://");
