/** The HTTP contract of restock planning: the restock plan and a SKU's planning parameters. */
import * as z from "zod/mini";
import { Restock, Time } from "@fulfillment/core";
import { InvalidInputError } from "../errors.js";
import { explain, issueText } from "../error-texts.js";
import { type Agrees, calendarDay, type Checked, common, count, described, endpoint, failure, integer, Message, named, nullableDateTime, nullableDay, nullableText, ok, reportFormat, succeeded, text, unknownFields, wholeNumberQuery, bounded, id, list, whole } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// GET /full/restock-plan, PUT /full/skus/{sku}/planning

export const RestockPlanQuery = z.object({
  target_days: wholeNumberQuery(
    "target_days",
    { min: Restock.MIN_TARGET_DAYS, max: Restock.MAX_TARGET_DAYS, fallback: Restock.DEFAULT_TARGET_DAYS },
    "Days of sales the stock should cover when a shipment sent today arrives; anything else is refused (400)",
  ),
  horizon_days: wholeNumberQuery(
    "horizon_days",
    { min: Restock.MIN_HORIZON_DAYS, max: Restock.MAX_HORIZON_DAYS, fallback: Restock.DEFAULT_HORIZON_DAYS },
    "Lines whose ship_by falls within this many days from today are due; anything else is refused (400)",
  ),
  format: reportFormat,
});

const ShipmentSource = named(
  "ShipmentSource",
  "Units to send from one local warehouse",
  z.object({ warehouse: nullableText("Local warehouse; null for stock recorded without one", LIMITS.nameChars), units: count("Units to send from it") }),
);

export const RestockLine = named(
  "RestockLine",
  "One SKU of the fulfillment ads with sales",
  z.object({
    sku: text("SKU", LIMITS.skuChars),
    ad_id: id("The first fulfillment ad of the SKU"),
    title: nullableText("Title of the first fulfillment ad of the SKU", LIMITS.titleChars),
    sales_30d: count("Units sold in the last 30 days, summed over the SKU's fulfillment ads"),
    stockout_days: count("Days of the last 30 (today included) on which the SKU's daily stock rows summed 0 available units; days without rows are not counted"),
    velocity_raw: described("sales_30d / 30, units per day, 2 decimals", z.number()),
    velocity: described(
      `sales_30d / max(30 − stockout_days, ${Restock.MIN_IN_STOCK_DAYS}): units per day while in stock, 2 decimals (at most 3 × velocity_raw)`,
      z.number(),
    ),
    full_available: integer("Units available in fulfillment"),
    full_in_transit: integer("Units in transit into fulfillment (counted as coming)"),
    coverage_days: described("(full_available + full_in_transit) / velocity, 1 decimal", z.number()),
    stockout_date: calendarDay("today + whole days of coverage: the day fulfillment runs out"),
    lead_time_days: count("Days from shipping to available in fulfillment: the SKU's override, else the setting estoque.lead_time_padrao"),
    safety_units: count("Safety stock from estoque.metodo_seguranca and multiplicador_seguranca (auto: ⌈m × √(velocity × lead time)⌉; dias: ⌈m × velocity⌉; fixo: ⌈m⌉; nenhum: 0)"),
    ship_by: calendarDay("stockout_date − lead_time_days, never before today"),
    quantity_needed: count("⌈velocity × target_days + safety_units − stock left when a shipment sent today arrives⌉"),
    case_pack: described("Units per case (the SKU's planning); null without one", z.nullable(whole(1, Restock.MAX_CASE_PACK))),
    local_available: count("Units in the local warehouses"),
    quantity: count("quantity_needed rounded up to the case pack, capped by local_available"),
    sources: described("Where the quantity comes from: the warehouses with the most stock first", list(ShipmentSource, LIMITS.shortList)),
    status: described(
      "ship_now: ship_by is today; due: within horizon_days; ok: later, or nothing needed; no_local_stock: ship_now or due with nothing to send; snoozed: the SKU is snoozed",
      z.enum(Restock.RESTOCK_STATUSES),
    ),
    snooze_until: nullableDay("The SKU is snoozed through this day; null when not set"),
    reasons: described("Short texts saying why, in the request's language (Accept-Language: pt-BR by default, en on request)", list(bounded(LIMITS.sentenceChars), LIMITS.shortList)),
    reason_details: described("The same reasons as data: code, params and text", list(Message, LIMITS.shortList)),
    seller_id: described("Only with seller_id=all: the connected account (user_id) the line is for, sent within its share of the local stock", z.optional(id("The seller's marketplace id"))),
  }),
);

export const RestockPlanResponse = named(
  "RestockPlanResponse",
  "The restock plan, sorted by ship_by then coverage_days",
  succeeded({
    today: calendarDay("Today in the business time zone"),
    target_days: integer("target_days as applied"),
    horizon_days: integer("horizon_days as applied"),
    items: list(RestockLine, LIMITS.catalogueItems),
  }),
);

export const SkuPlanningPath = z.object({
  sku: described(
    "The SKU (any SKU, with or without ads yet); not blank",
    z.string().check(
      z.refine((sku) => sku.trim() !== "", { error: issueText(explain("sku_blank")) }),
      z.maxLength(Restock.MAX_SKU_LENGTH, { error: issueText(explain("sku_path_too_long", { max: Restock.MAX_SKU_LENGTH })) }),
    ),
  ),
});

const PLANNING_FIELD_LIST = Restock.PLANNING_FIELDS.join(", ");
const CASE_PACK = issueText(explain("case_pack_range", { max: Restock.MAX_CASE_PACK }));
const LEAD_TIME = issueText(explain("lead_time_range", { max: Restock.MAX_LEAD_TIME_DAYS }));
const DAY = issueText(explain("snooze_day"));
const NOTHING_TO_CHANGE = issueText(explain("nothing_to_change", { fields: PLANNING_FIELD_LIST }));

export const SkuPlanningBody = named(
  "SkuPlanningBody",
  "Any of the fields (at least one); only those given change, and null clears one. Other fields are refused",
  z
    .strictObject({
      case_pack: z.optional(
        z.nullable(z.int({ error: CASE_PACK }).check(z.minimum(1, { error: CASE_PACK }), z.maximum(Restock.MAX_CASE_PACK, { error: CASE_PACK }))),
      ),
      lead_time_days: z.optional(
        z.nullable(z.int({ error: LEAD_TIME }).check(z.minimum(0, { error: LEAD_TIME }), z.maximum(Restock.MAX_LEAD_TIME_DAYS, { error: LEAD_TIME }))),
      ),
      snooze_until: z.optional(z.nullable(z.iso.date({ error: DAY }).check(z.maxLength(LIMITS.dayChars, { error: DAY }), z.refine(Time.isCalendarDate, { error: DAY })))),
    })
    .check(z.refine((change) => Restock.PLANNING_FIELDS.some((field) => change[field] !== undefined), { error: NOTHING_TO_CHANGE })),
);

/** The planning body's refusals: the field at fault named, or the fields it may have. */
function planningRefusal(issue: z.core.$ZodIssue): Error {
  if (issue.path[0] !== "body" || issue.code === "custom") return new InvalidInputError(issue.message);
  if (issue.code === "unrecognized_keys") {
    return new InvalidInputError(explain("unknown_fields_of", { unknown: unknownFields(issue.keys), fields: PLANNING_FIELD_LIST }));
  }
  if (issue.path.length === 1) return new InvalidInputError(explain("not_json_object_with_any", { fields: PLANNING_FIELD_LIST }));
  return new InvalidInputError(issue.message);
}

export const SkuPlanning = named(
  "SkuPlanning",
  "A SKU's planning parameters as stored",
  z.object({
    sku: text("SKU", LIMITS.skuChars),
    case_pack: described("Units per case; null without one", z.nullable(whole(1, Restock.MAX_CASE_PACK))),
    lead_time_days: described("Lead-time override in days; null: the setting estoque.lead_time_padrao", z.nullable(whole(0, Restock.MAX_LEAD_TIME_DAYS))),
    snooze_until: nullableDay("Snoozed through this day; null when not snoozed"),
    updated_at: nullableDateTime("Time of the last change (ISO 8601); null when loaded without one"),
  }),
);

export const SkuPlanningResponse = named(
  "SkuPlanningResponse",
  "The SKU's planning parameters after the change",
  succeeded({ planning: SkuPlanning }),
);

// The core's plan and planning record, checked against their schemas both ways.
export type PlanningAnswers = Checked<
  [Agrees<typeof RestockPlanResponse, Restock.RestockPlanBody>, Agrees<typeof RestockLine, Restock.RestockLine>, Agrees<typeof SkuPlanning, Required<Restock.SkuPlanning>>]
>;

// ---------------------------------------------------------------------------
// Endpoints

export const getRestockPlan = endpoint(
  "getRestockPlan",
  { query: RestockPlanQuery },
  {
    tag: "Fulfillment",
    summary: "Restock plan",
    description:
      "Per SKU of the fulfillment ads with sales: the velocity with stockout days left out, when fulfillment runs out, the date to ship by given the lead time, and the units to send (rounded to the case pack, limited by local stock) with the warehouses they come from. As CSV (format=csv or Accept: text/csv) it is the shipment list: one row per SKU and warehouse. Suggestions only; nothing is sent. When several accounts are connected they share the local stock: each SKU's local units go to the accounts' needs most urgent first (ship_by, then coverage), so no unit is suggested twice, and an account's plan sends only its share. seller_id=all answers every account's lines in one plan, each naming its account in seller_id (the CSV's first column).",
    responses: {
      200: {
        schema: RestockPlanResponse,
        description: "The plan, sorted by ship_by then coverage_days",
        csv: `One row per SKU and source warehouse (a line with nothing to send: one row, empty warehouse, 0 units): ${Restock.SHIPMENT_COLUMNS.join(", ")} (joined with " | ")`,
      },
      400: failure("target_days, horizon_days or format is not an accepted value"),
      ...common(),
    },
  },
);

export const updateSkuPlanning = endpoint(
  "updateSkuPlanning",
  { path: SkuPlanningPath, body: SkuPlanningBody },
  {
    refusal: planningRefusal,
    tag: "Fulfillment",
    summary: "Set a SKU's planning parameters",
    description:
      "Sets the SKU's case pack, lead-time override or snooze date for the restock plan. Only the fields given change; null clears one. Nothing is stored when the body is refused.",
    body: { description: "The fields to change", required: true },
    responses: {
      200: ok(SkuPlanningResponse, "The SKU's parameters after the change"),
      400: failure("The body is not a JSON object of the planning fields, a value is out of range, or the SKU is blank; the error names the field"),
      ...common(),
    },
  },
);
