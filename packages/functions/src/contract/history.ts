/** The HTTP contract of GET /history/core_ai: its query and its answers. */
import * as z from "zod/mini";
import { History } from "@fulfillment/core";
import { type Agrees, type Checked, common, described, endpoint, integer, isoDateTime, named, ok, succeeded, text, bounded, list, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// GET /history/core_ai

// SPEC 4.B: a date in another format is taken as absent, so any text is accepted.
export const HistoryQuery = z.object({
  start_date: described(
    "First day (YYYY-MM-DD, business time zone), used only together with end_date. A value in another format is ignored",
    z.optional(bounded(LIMITS.queryChars)),
  ),
  end_date: described(
    "Last day (YYYY-MM-DD), inclusive through 23:59:59. Without both valid dates the 50 newest entries are returned; a last day before the first gives no entries",
    z.optional(bounded(LIMITS.queryChars)),
  ),
});

export const HistoryEntry = named(
  "HistoryEntry",
  "A reconciliation or calibration log entry of the forecasting engine",
  z.object({
    id: described("Log entry id", whole(0, LIMITS.safeIntegerMax)),
    timestamp: isoDateTime("ISO 8601 date-time; without an offset it is wall-clock time in the business time zone"),
    message: text("Message"),
    level: text("Level, such as INFO, WARNING or ERROR", LIMITS.nameChars),
    details: described("Parsed from the stored JSON text; empty when absent or not a JSON object", z.record(bounded(LIMITS.nameChars), z.unknown())),
  }),
);

export const HistoryResponse = named(
  "HistoryResponse",
  "Entries newest first",
  succeeded({ data: list(HistoryEntry, LIMITS.catalogueItems) }),
);

// The core's log entry, checked against its schema both ways.
export type HistoryAnswers = Checked<[Agrees<typeof HistoryEntry, ReturnType<typeof History.historyEntry>>]>;

// ---------------------------------------------------------------------------
// Endpoints

export const getForecastingHistory = endpoint(
  "getForecastingHistory",
  { query: HistoryQuery },
  {
    tag: "History",
    summary: "Forecasting-engine history",
    description:
      "Reconciliation and calibration log entries of the forecasting engine, newest first: those between start_date and end_date when both are valid days, else the 50 newest.",
    responses: { 200: ok(HistoryResponse, "The entries"), ...common() },
  },
);
