/** The HTTP contract of the storage-cost ledger: a month's costs and re-pricing stored days. */
import * as z from "zod/mini";
import { StorageLedger, Time } from "@fulfillment/core";
import type { LedgerRecompute } from "#storage/storage-ledger";
import { explain, issueText } from "../error-texts.js";
import { type Agrees, calendarDay, type Checked, common, count, described, endpoint, failure, isoDateTime, named, nullableInteger, nullableNumber, nullableText, ok, reportFormat, succeeded, text, id, list, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// GET /full/storage-costs, POST /full/storage-costs/recompute

const monthRefusal = (issue: { input?: unknown }) => issueText(explain("month_invalid", { got: String(issue.input).slice(0, 40) }));
const fromRefusal = (issue: { input?: unknown }) => issueText(explain("day_invalid", { name: "from", got: String(issue.input ?? "").slice(0, 40) }));

export const StorageCostsQuery = z.object({
  month: described(
    "The month YYYY-MM (business time zone); default the current one; another value answers 400",
    // A pattern, not a refinement: the document carries it too. Blank means the current month.
    z.optional(z.string({ error: monthRefusal }).check(z.maxLength(7, { error: monthRefusal }), z.regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, { error: monthRefusal }))),
  ),
  sku: described("One SKU: its rows are listed in days", z.optional(z.string().check(z.maxLength(200, { error: issueText(explain("at_most_characters", { name: "sku", max: 200 })) })))),
  format: reportFormat,
});

const money = (description: string) => described(description, z.number());

const StorageCostDay = named(
  "StorageCostDay",
  "What one SKU's storage cost on one business day, at the tariff version in force that day",
  z.object({
    sku: text("SKU", LIMITS.skuChars),
    day: calendarDay("Business day"),
    units: count("Units stored in Full that day (available, over the SKU's inventories)"),
    unit_volume_l: nullableNumber("Volume of one unit in litres; null when the ad has no dimensions"),
    volume_l: nullableNumber("units × unit_volume_l"),
    ages: described("Units by age that day, from the FIFO lots (units of unknown age are not in it)", list(z.object({ age_days: whole(0, LIMITS.daysMax), units: whole(0, LIMITS.unitsMax) }), LIMITS.shortList * 10)),
    tariff_id: nullableInteger("The tariff applied; null when none matched (no volume or no active tariff in force): amounts are 0"),
    tariff_version: nullableInteger("The version of that tariff in force that day"),
    daily_fee: money("Fee per unit and day of that version"),
    aged_days_threshold: nullableInteger("That version's threshold"),
    aged_units: count("Units older than the threshold that day"),
    fee: money("units × daily_fee, rounded to 2 decimals"),
    surcharge: money("aged_units × daily_fee × aged_daily_factor, rounded to 2 decimals"),
    total: money("fee + surcharge"),
    seller_id: described("Only with seller_id=all: the connected account (user_id) the row is of", z.optional(id("The seller's marketplace id"))),
  }),
);

export const StorageCostsResponse = named(
  "StorageCostsResponse",
  "A month of the daily storage-cost ledger: per SKU, per day and in total, with the days no sync wrote",
  succeeded({
    month: text("YYYY-MM", 7),
    sku: nullableText("The SKU asked for; null for every SKU", LIMITS.skuChars),
    skus: list(
      z.object({
        sku: text("SKU", LIMITS.skuChars),
        days: count("Days with a row"),
        average_units: money("Mean units over those days"),
        fee: money("Sum of the days' fees"),
        surcharge: money("Sum of the days' aged surcharges"),
        total: money("Sum of the days' totals"),
        seller_id: described("Only with seller_id=all: the connected account (user_id) the row is of", z.optional(id("The seller's marketplace id"))),
      }),
      LIMITS.catalogueItems,
    ),
    totals: z.object({
      fee: money("Sum over the SKUs"),
      surcharge: money("Sum over the SKUs"),
      total: money("Sum over the SKUs and over the days, to the centavo"),
      days_with_data: count("Days with at least one row"),
    }),
    daily: described("Each day with rows: its totals over the SKUs", list(z.object({ day: calendarDay("Day"), fee: z.number(), surcharge: z.number(), total: z.number() }), LIMITS.days)),
    missing_days: described("Days of the month up to today with no row: no sync ran; nothing is guessed", list(z.iso.date().check(z.maxLength(LIMITS.dayChars)), LIMITS.days)),
    days: described("With sku: that SKU's rows, by day", z.optional(list(StorageCostDay, LIMITS.days))),
  }),
);

export const StorageCostsRecomputeQuery = z.object({
  from: described(
    "First day to re-price, YYYY-MM-DD, not after today; required",
    z.string({ error: fromRefusal }).check(z.maxLength(LIMITS.dayChars, { error: fromRefusal }), z.refine((day) => Time.isCalendarDate(day), { error: fromRefusal })),
  ),
});

export const StorageCostsRecomputeResponse = named(
  "StorageCostsRecomputeResponse",
  "The days re-priced and who ran it (recorded)",
  succeeded({
    recompute: z.object({
      id: id("Id of the recorded run"),
      from: calendarDay("First day re-priced"),
      to: calendarDay("Last day re-priced (today)"),
      actor: text("Who ran it", LIMITS.nameChars * 2),
      request_id: nullableText("The request that ran it"),
      at: isoDateTime("When"),
      rows: count("Stored rows from..to re-priced"),
      rows_changed: count("Rows whose price changed (0 on a second run)"),
    }),
  }),
);


// The core's month report and ledger rows, and the stored run record, checked against their schemas both ways.
export type StorageCostAnswers = Checked<
  [
    Agrees<typeof StorageCostsResponse, StorageLedger.MonthReport & { success: true; sku: string | null; days?: StorageLedger.LedgerRow[] }>,
    Agrees<typeof StorageCostDay, StorageLedger.LedgerRow>,
    Agrees<typeof StorageCostsRecomputeResponse, { success: true; recompute: LedgerRecompute }>,
  ]
>;

// ---------------------------------------------------------------------------
// Endpoints

export const getStorageCosts = endpoint(
  "getStorageCosts",
  { query: StorageCostsQuery },
  {
    tag: "Fulfillment",
    summary: "Storage costs of a month",
    description:
      "The daily storage-cost ledger the sync writes (one row per SKU and business day, at the tariff version in force that day; a day synced twice is written once): per SKU its days, average units, fee, aged surcharge and total, the month's totals, the daily totals, and the days with no row (no sync ran: shown missing, never guessed). With sku, that SKU's days. As CSV (format=csv or Accept: text/csv) one row per SKU and day, for reconciling with the marketplace's invoice.",
    responses: {
      200: {
        schema: StorageCostsResponse,
        description: "The month",
        csv: `One row per SKU and day: ${StorageLedger.LEDGER_COLUMNS.join(", ")}`,
      },
      400: failure("month is not YYYY-MM, sku is too long, or format is not json or csv"),
      ...common(),
    },
  },
);

export const recomputeStorageCosts = endpoint(
  "recomputeStorageCosts",
  { query: StorageCostsRecomputeQuery },
  {
    tag: "Fulfillment",
    summary: "Re-price stored days",
    description:
      "After a late tariff correction: re-prices every stored day from from to today with the tariff versions in force on each day, from the units and ages the row kept. Days before from are not touched. Idempotent (a second run changes no row); each run is recorded with who ran it.",
    responses: {
      200: ok(StorageCostsRecomputeResponse, "The days were re-priced"),
      400: failure("from is missing, not a day YYYY-MM-DD, or after today; nothing changed"),
      ...common(),
    },
  },
);

