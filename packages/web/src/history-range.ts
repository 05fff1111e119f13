/** The history screen's date range: both days or neither (SPEC 4.B GET /history/core_ai). */
import type { operations, Schema } from "@fulfillment/client";

export type HistoryEntry = Schema<"HistoryEntry">;
type HistoryParams = NonNullable<operations["getForecastingHistory"]["parameters"]["query"]>;

const DAY = /^\d{4}-\d{2}-\d{2}$/;

export type RangeQuery = { ok: true; query: HistoryParams } | { ok: false; error: string };

/** The query for a range typed in the form (none when both are empty: the newest 50 entries). */
export function historyQuery(start: string, end: string): RangeQuery {
  if (start === "" && end === "") return { ok: true, query: {} };
  if (!DAY.test(start) || !DAY.test(end)) return { ok: false, error: "Informe as duas datas (início e fim) ou nenhuma." };
  if (start > end) return { ok: false, error: "A data inicial é posterior à final." };
  return { ok: true, query: { start_date: start, end_date: end } };
}

/** A day `days` before `day` (YYYY-MM-DD), for the default range. */
export function daysBefore(day: string, days: number): string {
  const date = new Date(`${day}T00:00:00Z`);
  date.setUTCDate(date.getUTCDate() - days);
  return date.toISOString().slice(0, 10);
}

/** Severity for the badge colour. */
export function levelTone(level: string): "error" | "warning" | "info" {
  const upper = level.toUpperCase();
  if (upper === "ERROR" || upper === "CRITICAL") return "error";
  if (upper === "WARNING" || upper === "WARN") return "warning";
  return "info";
}
