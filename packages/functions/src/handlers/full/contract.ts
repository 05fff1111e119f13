/**
 * The HTTP contract of the fulfillment endpoints (SPEC 4.A, CONTRACTS section 5): the request
 * schema each handler parses with, and the answers the OpenAPI document describes.
 */
import * as z from "zod/mini";
import { AgedStock, InventoryList, Overview, Replenishment, Restock, Time } from "@fulfillment/core";
import { InvalidInputError } from "../../errors.js";
import {
  anyCaseWords,
  anyQueryValue,
  calendarDay,
  common,
  count,
  described,
  endpoint,
  failure,
  integer,
  isoDateTime,
  Message,
  named,
  nullableInteger,
  nullableNumber,
  nullableText,
  ok,
  text,
  variationId,
  wholeNumberQuery,
} from "../../contract/schema.js";

// ---------------------------------------------------------------------------
// GET /full/replenishment

// SPEC 4.A: any value is taken; one that is not a whole number gives the default, others are clamped.
export const ReplenishmentQuery = z.pipe(
  z.object({
    target_days: described(
      `Days of sales the fulfillment stock should cover (default ${Replenishment.DEFAULT_TARGET_DAYS}). Clamped to ${Replenishment.MIN_TARGET_DAYS}..${Replenishment.MAX_TARGET_DAYS}; a value that is not a whole number gives the default`,
      anyQueryValue(),
    ),
    trigger_days: described(
      `SKUs whose coverage is below this many days are suggested (default ${Replenishment.DEFAULT_TRIGGER_DAYS}). Clamped to ${Replenishment.MIN_TRIGGER_DAYS}..target_days (after target_days is clamped); a value that is not a whole number gives the default`,
      anyQueryValue(),
    ),
  }),
  z.transform((query) => Replenishment.parseReplenishmentQuery({ target_days: query.target_days?.toString(), trigger_days: query.trigger_days?.toString() })),
);

const LocalWarehouse = named(
  "LocalWarehouse",
  "Stock of the SKU in one local warehouse (rows with a non-empty warehouse name)",
  z.object({ warehouse: text("Warehouse name"), available: integer("Units available in that warehouse") }),
);

export const ReplenishmentItem = named(
  "ReplenishmentItem",
  "One SKU whose fulfillment coverage is below trigger_days",
  z.object({
    ad_id: text("The first fulfillment ad of the SKU"),
    sku: text("SKU"),
    title: nullableText("Title of the first fulfillment ad of the SKU"),
    full_available: integer("Units available in fulfillment (sum of available_qty over the SKU's inventory records)"),
    local_available: integer("Units available in the local warehouses (sum over the SKU's local stock rows)"),
    local_warehouses: z.array(LocalWarehouse),
    local_without_warehouse: integer("Units of local stock rows without a warehouse name: in local_available, in no entry of local_warehouses (local_available = Σ local_warehouses.available + local_without_warehouse)"),
    sales_30d: count("Units sold in the last 30 days, summed over the SKU's fulfillment ads"),
    daily_sales_estimate: described("sales_30d / 30, rounded to 2 decimals", z.number()),
    coverage_days: described("full_available / daily sales, rounded to 1 decimal", z.number()),
    target_full_quantity: integer("ceil(daily sales × target_days)"),
    quantity_needed: count("max(0, target_full_quantity − full_available)"),
    quantity_suggested: count("min(quantity_needed, local_available)"),
    status: described("ready when quantity_suggested > 0, else no_local_stock", z.enum(["ready", "no_local_stock"])),
    sources: described(
      "Where each figure comes from: a fixed descriptive text per figure",
      z.object({ full_available: z.string(), local_available: z.string(), velocity: z.string() }),
    ),
  }),
);

export const ReplenishmentResponse = named(
  "ReplenishmentResponse",
  "Replenishment suggestions, lowest coverage first",
  z.object({
    target_days: integer("target_days as applied (after defaulting and clamping)"),
    trigger_days: integer("trigger_days as applied (after defaulting and clamping)"),
    count: count("Number of items"),
    items: z.array(ReplenishmentItem),
    mode: described("Always suggestion_only: nothing is sent anywhere", z.literal(Replenishment.MODE)),
  }),
);

// ---------------------------------------------------------------------------
// GET /full/overview

const overviewWarnings = () =>
  described(
    "What cannot be computed for want of an input, each saying what is missing and where to add it: no_active_tariffs and no_local_stock as things are now, no_dimensions and no_sales_data as the last successful sync found the catalogue. Empty when nothing is missing",
    z.array(Message),
  );

const OverviewSummary = named(
  "OverviewSummary",
  "Units and value over every inventory record (null quantities count 0)",
  z.object({
    products_count: count("Distinct non-null ad_id across records"),
    inventories_count: count("Number of inventory records"),
    units_available: integer("Sum of available_qty"),
    units_in_transit: integer("Sum of in_transit_qty"),
    units_not_available: integer("Sum of not_available_qty"),
    immobilized_value: described("Sum of available_qty × ad cost over records whose ad has a non-zero cost, rounded to 2 decimals", z.number()),
  }),
);

const OverviewAlerts = named(
  "OverviewAlerts",
  "Counts of inventory records in each alert",
  z.object({
    low_coverage: count(`days_of_stock known and below ${Overview.LOW_COVERAGE_DAYS}`),
    aged_stock: count(`oldest_stock_days known and above ${Overview.AGED_DAYS}`),
    stranded: count(`available_qty above 0 and days_of_stock unknown or above ${Overview.STRANDED_DAYS}`),
  }),
);

const OverviewWithData = named(
  "OverviewWithData",
  "Overview when inventory records exist",
  z.object({ has_data: z.literal(true), summary: OverviewSummary, alerts: OverviewAlerts, warnings: overviewWarnings() }),
);

const OverviewNoData = named(
  "OverviewNoData",
  "Overview when there are no inventory records yet",
  z.object({
    has_data: z.literal(false),
    message: text("Tells the operator to run the sync (POST /full/sync)"),
    summary: described("Always empty", z.object({})),
    alerts: described("Always empty", z.object({})),
    warnings: overviewWarnings(),
  }),
);

export const OverviewResponse = named("OverviewResponse", "Operational overview of fulfillment stock", z.union([OverviewWithData, OverviewNoData]));

// ---------------------------------------------------------------------------
// GET /full/inventory

// SPEC 4.A: an unknown sort_by behaves as coverage; alerts other than 1 is ignored.
export const InventoryListQuery = z.pipe(
  z.object({
    sort_by: described(
      "Ordering: coverage (days_of_stock ascending, the default), aged (oldest_stock_days descending) or available (available_qty descending); unknown values last. Any other value behaves as coverage",
      z.optional(z.union([z.enum(InventoryList.INVENTORY_SORTS), z.string()])),
    ),
    alerts: described("Only the exact value 1 keeps just the aged or low-coverage records; any other value is ignored", anyQueryValue()),
  }),
  z.transform((query) => InventoryList.parseInventoryQuery({ sort_by: query.sort_by, alerts: query.alerts?.toString() })),
);

const inventoryQuantities = {
  available_qty: nullableInteger("Units available; null when unknown"),
  in_transit_qty: nullableInteger("Units in transit to the warehouse; null when unknown"),
  not_available_qty: nullableInteger("Units held but not available for sale; null when unknown"),
  total_qty: integer("Total units"),
  days_of_stock: nullableNumber("Coverage in days at the 30-day sales pace; null when unknown"),
  oldest_stock_days: nullableInteger("Age in days of the oldest lot; null when unknown"),
};

export const InventoryListItem = named(
  "InventoryListItem",
  "One fulfillment inventory record with its ad and unit storage costs",
  z.object({
    inventory_id: text("Inventory unit of an ad or variation"),
    ad_id: nullableText("The ad"),
    sku: nullableText("SKU"),
    variation_id: variationId,
    title: nullableText("Ad title; null without an ad"),
    thumbnail: nullableText("Ad thumbnail URL; null without an ad"),
    permalink: nullableText("Ad URL; null without an ad"),
    ...inventoryQuantities,
    storage_cost_unit: nullableNumber("Unit storage cost of the SKU (metric storage_cost); null when there is no metric or it is zero"),
    storage_risk_unit: nullableNumber("Unit storage risk cost of the SKU (metric storage_risk_cost); null when there is no metric or it is zero"),
    is_aged: described(`oldest_stock_days known and above ${Overview.AGED_DAYS}`, z.boolean()),
    is_low_coverage: described(`days_of_stock known and below ${Overview.LOW_COVERAGE_DAYS}`, z.boolean()),
    updated_at: described("Time of the last sync of the record (ISO 8601), null when unknown", z.nullable(isoDateTime("ISO 8601 date-time"))),
  }),
);

export const InventoryListResponse = named(
  "InventoryListResponse",
  "Every fulfillment inventory record, sorted",
  z.object({
    has_data: described("True when items is non-empty", z.boolean()),
    count: count("Number of items"),
    items: z.array(InventoryListItem),
  }),
);

// ---------------------------------------------------------------------------
// GET /full/inventory/{ad_id}

export const InventoryDetailPath = z.object({ ad_id: text("The ad") });

const DetailInventory = named(
  "DetailInventory",
  "One inventory record of the ad",
  z.object({ inventory_id: text("Inventory unit of the ad or one of its variations"), variation_id: variationId, ...inventoryQuantities }),
);

const DailyPoint = named(
  "DailyPoint",
  "Units of all inventories of the ad on one day (null quantities count 0)",
  z.object({
    date: calendarDay("Calendar day (YYYY-MM-DD)"),
    available: integer("Units available"),
    in_transit: integer("Units in transit"),
    not_available: integer("Units not available"),
  }),
);

export const InventoryDetailResponse = named(
  "InventoryDetailResponse",
  "One ad's fulfillment inventories and their daily series",
  z.object({
    ad_id: text("The ad"),
    title: nullableText("Ad title; null without an ad record"),
    thumbnail: nullableText("Ad thumbnail URL; null without an ad record"),
    inventories: z.array(DetailInventory),
    daily_series: described("Days from today minus 60 onward that have stock rows, ascending", z.array(DailyPoint)),
  }),
);

// ---------------------------------------------------------------------------
// POST /full/sync (CONTRACTS section 5) and the run history

const SyncDiscovery = named(
  "SyncDiscovery",
  "Catalogue discovery at the start of the sync: the seller's Full listings become the ads it reads",
  z.object({
    listed: count("Full listings the marketplace named"),
    added: count("Ads stored for the first time"),
    updated: count("Stored ads whose title, thumbnail, permalink, sku or is_full changed"),
    no_longer_full: count("Stored Full ads no longer listed: kept, with is_full false"),
    sales_from_ledger: count("Ads whose sales_30d comes from the fulfillment ledger (no imported value)"),
    failed: described("Listed items that could not be read", z.array(z.object({ ad_id: text("The ad"), error: text("Why it failed") }))),
    error: nullableText("Why the listing or the ledger read failed; the sync went on with the ads already stored (a partial run)"),
  }),
);

const syncWarnings = () =>
  described(
    "What the run could not compute for want of an input, each saying what is missing and where to add it: no_active_tariffs (no storage cost without a tariff), no_dimensions (Full ads without package dimensions), no_sales_data (no Full ad sold in 30 days). Empty when nothing is missing",
    z.array(Message),
  );

export const SyncResponse = named(
  "SyncResponse",
  "Result of one stock synchronisation and cost calculation",
  z.object({
    success: z.literal(true),
    run_id: text("The run in the history (GET /full/sync/runs)"),
    stock: z.object({
      ads_full: count("Fulfillment ads read"),
      inventories: count("Inventory records written"),
      dimensions_updated: count("Ads whose package dimensions changed"),
      failed: described(
        "Ads that could not be synchronised; the others were",
        z.array(z.object({ ad_id: text("The ad"), error: text("Why it failed") })),
      ),
    }),
    cost: described(
      "Storage cost calculation",
      z.looseObject({
        updated: count("SKU metrics written"),
        skipped: count("SKUs without dimensions or a matching active tariff"),
        tariffs_active: count("Active tariffs considered"),
      }),
    ),
    discovery: SyncDiscovery,
    warnings: syncWarnings(),
  }),
);

const SyncRunResult = named(
  "SyncRunResult",
  "The counters of a run that completed (succeeded or partial)",
  z.object({
    ads_full: count("Fulfillment ads read"),
    inventories: count("Inventory records written"),
    dimensions_updated: count("Ads whose package dimensions changed"),
    cost_updated: count("SKU metrics written"),
    cost_skipped: count("SKUs without dimensions or a matching active tariff"),
    tariffs_active: count("Active tariffs considered"),
    warnings: z.optional(syncWarnings()),
  }),
);

const SyncRunProgress = named(
  "SyncRunProgress",
  "How far the run got: ads read of the Full ads, and shards (the Full ads cut into groups of at most SYNC_SHARD_SIZE)",
  z.object({
    ads_total: count("Full ads to read"),
    ads_done: count("Full ads read or failed so far"),
    shards_total: count("Shards of the run"),
    shards_done: count("Shards finished"),
  }),
);

export const SyncRun = named(
  "SyncRun",
  "One sync run (POST /full/sync or the daily schedule). Every field is present; null when unknown. A run whose owner stopped renewing its heartbeat shows as failed with error \"abandoned: no heartbeat since HH:MM:SS\" (business time zone)",
  z.object({
    id: text("Run id: the start time (ISO 8601) and a short random suffix, so ids sort by start"),
    trigger: described("What started it: POST /full/sync (api) or the daily schedule", z.enum(["api", "schedule"])),
    state: described(
      "running; succeeded; partial (some ads failed, listed in failed_ads); failed (nothing was changed by the marketplace read: see error)",
      z.enum(["running", "succeeded", "partial", "failed"]),
    ),
    started_at: isoDateTime("Start (ISO 8601)"),
    finished_at: described("End (ISO 8601); null while running", z.nullable(isoDateTime("ISO 8601 date-time"))),
    duration_ms: described("Milliseconds from start to end; null while running", z.nullable(z.int().check(z.minimum(0)))),
    heartbeat_at: described("Last heartbeat of the run's owner (ISO 8601)", z.nullable(isoDateTime("ISO 8601 date-time"))),
    result: described("Counters of a completed run; null while running or when it failed", z.nullable(SyncRunResult)),
    failed_count: count("Ads that failed"),
    failed_ads: described("The first 50 failed ads", z.array(z.object({ ad_id: text("The ad"), error: text("Why it failed") }))),
    error: nullableText("Why the run failed, in words; null unless failed"),
    progress: described("Progress; null before the Full ads are listed", z.nullable(SyncRunProgress)),
    actor: nullableText("Who started it through the API: a person (\"<email> (<sub>)\"), a machine client (\"client <id>\"), an IAM caller's ARN, or local; null for the daily schedule"),
    request_id: nullableText("API Gateway's id of the request that started it; null for the daily schedule"),
  }),
);

export const SyncStartedResponse = named(
  "SyncStartedResponse",
  "A sync run still under way after about 20 s: it goes on; GET /full/sync/status follows it",
  z.object({
    success: z.literal(true),
    run: z.object({
      id: text("Run id (GET /full/sync/runs)"),
      state: z.literal("running"),
      // Zeros until the plan step has counted the Full ads.
      progress: SyncRunProgress,
    }),
  }),
);

export const SyncStatusResponse = named(
  "SyncStatusResponse",
  "The sync under way, the last finished run, the last successful one and the next scheduled run",
  z.object({
    success: z.literal(true),
    running: described("The run under way, or null", z.nullable(SyncRun)),
    last: described("The newest finished run (succeeded, partial or failed), or null", z.nullable(SyncRun)),
    last_success: described("The newest run that succeeded, or null", z.nullable(SyncRun)),
    next_scheduled_at: described("Next run of the daily schedule (ISO 8601, UTC)", z.nullable(isoDateTime("ISO 8601 date-time"))),
  }),
);

/** GET /full/sync/runs: how many runs by default, and at most. */
export const RUNS_DEFAULT_LIMIT = 20;
export const RUNS_MAX_LIMIT = 100;

export const SyncRunsQuery = z.object({
  limit: wholeNumberQuery("limit", { min: 1, max: RUNS_MAX_LIMIT, fallback: RUNS_DEFAULT_LIMIT }, "How many runs, newest first; another value answers 400"),
});

export const SyncRunsResponse = named(
  "SyncRunsResponse",
  "The run history, newest first (runs are kept 90 days)",
  z.object({ success: z.literal(true), runs: z.array(SyncRun) }),
);

// ---------------------------------------------------------------------------
// GET /full/restock-plan, PUT /full/skus/{sku}/planning

const formatParam = described(
  "json (the default) or csv, in any case. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400)",
  z.optional(z.string().check(z.regex(anyCaseWords(["json", "csv"]), { error: (issue) => `format must be json or csv, not ${JSON.stringify(String(issue.input).slice(0, 40))}` }))),
);

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
  format: formatParam,
});

const ShipmentSource = named(
  "ShipmentSource",
  "Units to send from one local warehouse",
  z.object({ warehouse: nullableText("Local warehouse; null for stock recorded without one"), units: count("Units to send from it") }),
);

export const RestockLine = named(
  "RestockLine",
  "One SKU of the fulfillment ads with sales",
  z.object({
    sku: text("SKU"),
    ad_id: text("The first fulfillment ad of the SKU"),
    title: nullableText("Title of the first fulfillment ad of the SKU"),
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
    case_pack: described("Units per case (the SKU's planning); null without one", z.nullable(z.int().check(z.minimum(1)))),
    local_available: count("Units in the local warehouses"),
    quantity: count("quantity_needed rounded up to the case pack, capped by local_available"),
    sources: described("Where the quantity comes from: the warehouses with the most stock first", z.array(ShipmentSource)),
    status: described(
      "ship_now: ship_by is today; due: within horizon_days; ok: later, or nothing needed; no_local_stock: ship_now or due with nothing to send; snoozed: the SKU is snoozed",
      z.enum(Restock.RESTOCK_STATUSES),
    ),
    snooze_until: described("The SKU is snoozed through this day; null when not set", z.nullable(calendarDay("YYYY-MM-DD"))),
    reasons: described("Short texts saying why, in the request's language (Accept-Language: pt-BR by default, en on request)", z.array(z.string())),
    reason_details: described("The same reasons as data: code, params and text", z.array(Message)),
  }),
);

export const RestockPlanResponse = named(
  "RestockPlanResponse",
  "The restock plan, sorted by ship_by then coverage_days",
  z.object({
    success: z.literal(true),
    today: calendarDay("Today in the business time zone"),
    target_days: integer("target_days as applied"),
    horizon_days: integer("horizon_days as applied"),
    items: z.array(RestockLine),
  }),
);

export const SkuPlanningPath = z.object({
  sku: described(
    "The SKU (any SKU, with or without ads yet); not blank",
    z.string().check(
      z.refine((sku) => sku.trim() !== "", { error: "The SKU in the path must not be blank" }),
      z.maxLength(Restock.MAX_SKU_LENGTH, { error: `The SKU in the path is longer than ${Restock.MAX_SKU_LENGTH} characters` }),
    ),
  ),
});

const PLANNING_FIELD_LIST = Restock.PLANNING_FIELDS.join(", ");
const CASE_PACK = `case_pack must be a whole number of units from 1 to ${Restock.MAX_CASE_PACK}, or null`;
const LEAD_TIME = `lead_time_days must be a whole number of days from 0 to ${Restock.MAX_LEAD_TIME_DAYS}, or null`;
const DAY = "snooze_until must be a date written YYYY-MM-DD, or null";
const NOTHING_TO_CHANGE = `Nothing to change: give any of ${PLANNING_FIELD_LIST}`;

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
      snooze_until: z.optional(z.nullable(z.iso.date({ error: DAY }).check(z.refine(Time.isCalendarDate, { error: DAY })))),
    })
    .check(z.refine((change) => Restock.PLANNING_FIELDS.some((field) => change[field] !== undefined), { error: NOTHING_TO_CHANGE })),
);

/** The planning body's refusals: the field at fault named, or the fields it may have. */
function planningRefusal(issue: z.core.$ZodIssue): Error {
  if (issue.path[0] !== "body" || issue.code === "custom") return new InvalidInputError(issue.message);
  if (issue.code === "unrecognized_keys") {
    return new InvalidInputError(`Unknown field ${issue.keys.map((key) => JSON.stringify(key.slice(0, 40))).join(", ")}: the fields are ${PLANNING_FIELD_LIST}`);
  }
  if (issue.path.length === 1) return new InvalidInputError(`The body must be a JSON object with any of ${PLANNING_FIELD_LIST}`);
  return new InvalidInputError(issue.message);
}

export const SkuPlanning = named(
  "SkuPlanning",
  "A SKU's planning parameters as stored",
  z.object({
    sku: text("SKU"),
    case_pack: described("Units per case; null without one", z.nullable(z.int().check(z.minimum(1)))),
    lead_time_days: described("Lead-time override in days; null: the setting estoque.lead_time_padrao", z.nullable(z.int().check(z.minimum(0)))),
    snooze_until: described("Snoozed through this day; null when not snoozed", z.nullable(calendarDay("YYYY-MM-DD"))),
    updated_at: described("Time of the last change (ISO 8601); null when loaded without one", z.nullable(isoDateTime("ISO 8601 date-time"))),
  }),
);

export const SkuPlanningResponse = named(
  "SkuPlanningResponse",
  "The SKU's planning parameters after the change",
  z.object({ success: z.literal(true), planning: SkuPlanning }),
);

// ---------------------------------------------------------------------------
// GET /full/aged-stock

export const AgedStockQuery = z.object({ format: formatParam });

const AgeBuckets = named(
  "AgeBuckets",
  "Units in stock by age in days since reception (bounds inclusive)",
  z.object(Object.fromEntries(AgedStock.BUCKET_KEYS.map((key) => [key, count(`Units aged ${key.replace("_", " ")} days`)]))),
);

const CrossingWindows = named(
  "CrossingWindows",
  "Units not aged today that pass the aged threshold within the next 7, 14 and 30 days (cumulative)",
  z.object({ days_7: count("Within 7 days"), days_14: count("Within 14 days"), days_30: count("Within 30 days") }),
);

const Crossing = named(
  "Crossing",
  "Threshold crossings if nothing sells, and if sales continue at the SKU's velocity (oldest sold first; a unit sold before its crossing day does not cross)",
  z.object({ no_sales: CrossingWindows, at_velocity: CrossingWindows }),
);

const ProjectedSurcharge = named(
  "ProjectedSurcharge",
  "Aged surcharge over the next 30 days: daily_fee × aged_daily_factor per unit-day past the threshold, of the tariff of the SKU's volume",
  z.object({ no_sales: described("If nothing sells", z.number()), at_velocity: described("If sales continue at the SKU's velocity, oldest first", z.number()) }),
);

const agedFigures = {
  buckets: AgeBuckets,
  unknown_age_units: count("Units no reception found by the sync covers (older than its search, or never seen); in no other figure"),
  aged_units_now: count("Units older than the tariff's aged_days_threshold today"),
  crossing: Crossing,
  projected_surcharge_30d: ProjectedSurcharge,
};

const AgedInventory = named(
  "AgedInventory",
  "One inventory of the SKU",
  z.object({
    inventory_id: text("Inventory"),
    ad_id: nullableText("The ad"),
    variation_id: variationId,
    available_qty: count("Units available"),
    ...agedFigures,
  }),
);

const AgedSku = named(
  "AgedSku",
  "One SKU with stock, its inventories rolled up",
  z.object({
    sku: text("SKU"),
    title: nullableText("Title of the first fulfillment ad of the SKU"),
    ...agedFigures,
    action: described(
      "promote: it sells but not fast enough to clear the units before they pass the threshold; withdraw: no sales, or more than 90 days to sell them; none: nothing at risk",
      z.enum(AgedStock.AGED_ACTIONS),
    ),
    reason: text("Why this action, in the request's language (Accept-Language: pt-BR by default, en on request); several reasons joined with \"; \""),
    reason_details: described("The same reasons as data: code, params and text", z.array(Message)),
    inventories: z.array(AgedInventory),
  }),
);

const AgedTotals = named(
  "AgedTotals",
  "The figures of every SKU summed, with the count of each action",
  z.object({
    skus: count("SKUs with stock"),
    available_units: count("Units available"),
    ...agedFigures,
    actions: z.object(Object.fromEntries(AgedStock.AGED_ACTIONS.map((action) => [action, count(`SKUs whose action is ${action}`)]))),
  }),
);

export const AgedStockResponse = named(
  "AgedStockResponse",
  "Aged stock per SKU, largest projected surcharge first",
  z.object({ success: z.literal(true), today: calendarDay("Today in the business time zone"), totals: AgedTotals, skus: z.array(AgedSku) }),
);

// ---------------------------------------------------------------------------
// Endpoints

export const getReplenishment = endpoint(
  "GET /full/replenishment",
  { query: ReplenishmentQuery },
  {
    operationId: "getReplenishment",
    tag: "Fulfillment",
    summary: "Replenishment suggestions",
    description:
      "What to send from the local warehouses to fulfillment, per SKU of the fulfillment ads: SKUs whose coverage at the 30-day sales pace is below trigger_days, with the quantity that brings it to target_days, limited by local stock. Suggestions only; nothing is sent.",
    responses: { 200: ok(ReplenishmentResponse, "Suggestions, lowest coverage first"), ...common() },
  },
);

export const getOverview = endpoint(
  "GET /full/overview",
  {  },
  {
    operationId: "getOverview",
    tag: "Fulfillment",
    summary: "Operational overview",
    description: `Units, immobilized value and alert counts over every fulfillment inventory record (aged above ${Overview.AGED_DAYS} days, low coverage below ${Overview.LOW_COVERAGE_DAYS} days, stranded above ${Overview.STRANDED_DAYS} days).`,
    responses: { 200: ok(OverviewResponse, "The overview; has_data false with a message when no inventory records exist"), ...common() },
  },
);

export const listInventory = endpoint(
  "GET /full/inventory",
  { query: InventoryListQuery },
  {
    operationId: "listInventory",
    tag: "Fulfillment",
    summary: "Inventory list",
    description: "Every fulfillment inventory record with its ad, unit storage costs and alert flags.",
    responses: { 200: ok(InventoryListResponse, "The records"), ...common() },
  },
);

export const getInventoryDetail = endpoint(
  "GET /full/inventory/{ad_id}",
  { path: InventoryDetailPath },
  {
    operationId: "getInventoryDetail",
    tag: "Fulfillment",
    summary: "Inventory detail of an ad",
    description: "The ad's inventory records and the daily series of its stock over the last 60 days (today in the business time zone).",
    responses: {
      200: ok(InventoryDetailResponse, "The ad's inventories and daily series"),
      404: failure("No inventory records for the ad"),
      ...common(),
    },
  },
);

export const runSync = endpoint(
  "POST /full/sync",
  {  },
  {
    operationId: "runSync",
    tag: "Fulfillment",
    summary: "Run the stock sync",
    description:
      "Starts the stock synchronisation and cost calculation of the daily job and waits about 20 s for it: a run that ends in time answers 200 (or 500); a longer one answers 202 and goes on. Reads the marketplace only; never writes to it. No body.",
    responses: {
      200: ok(SyncResponse, "The sync ran (state succeeded, or partial with the failed ads listed in stock.failed)"),
      202: ok(SyncStartedResponse, "The run is still under way after about 20 s and goes on; follow it with GET /full/sync/status"),
      409: failure("Another sync is running; nothing was changed"),
      ...common(
        failure(
          "The sync failed and stored records were left as they were: the marketplace could not be reached, the token refresh was rejected, no Full ad could be read, or the marketplace is not configured (client id or secret, credential record, seller id); error names the cause",
        ),
      ),
    },
  },
);

export const getSyncStatus = endpoint(
  "GET /full/sync/status",
  {  },
  {
    operationId: "getSyncStatus",
    tag: "Fulfillment",
    summary: "Sync status",
    description:
      "The sync under way (with its progress), the last finished run and how it went, the last successful run, and when the daily schedule runs next. A run whose owner stopped renewing its heartbeat for 45 seconds shows as failed.",
    responses: { 200: ok(SyncStatusResponse, "The status"), ...common() },
  },
);

export const listSyncRuns = endpoint(
  "GET /full/sync/runs",
  { query: SyncRunsQuery },
  {
    operationId: "listSyncRuns",
    tag: "Fulfillment",
    summary: "Sync run history",
    description: "Runs from POST /full/sync and the daily schedule, newest first; each with its trigger, times, state, counters, failed ads and error.",
    responses: { 200: ok(SyncRunsResponse, "The runs"), 400: failure("limit is not a whole number from 1 to 100"), ...common() },
  },
);

export const getRestockPlan = endpoint(
  "GET /full/restock-plan",
  { query: RestockPlanQuery },
  {
    operationId: "getRestockPlan",
    tag: "Fulfillment",
    summary: "Restock plan",
    description:
      "Per SKU of the fulfillment ads with sales: the velocity with stockout days left out, when fulfillment runs out, the date to ship by given the lead time, and the units to send (rounded to the case pack, limited by local stock) with the warehouses they come from. As CSV (format=csv or Accept: text/csv) it is the shipment list: one row per SKU and warehouse. Suggestions only; nothing is sent.",
    responses: {
      200: {
        schema: RestockPlanResponse,
        description: "The plan, sorted by ship_by then coverage_days",
        csv: "One row per SKU and source warehouse (a line with nothing to send: one row, empty warehouse, 0 units): sku, title, warehouse, units, status, ship_by, quantity, stockout_date, coverage_days, velocity, velocity_raw, stockout_days, full_available, full_in_transit, lead_time_days, safety_units, case_pack, local_available, reasons (joined with \" | \")",
      },
      400: failure("target_days, horizon_days or format is not an accepted value"),
      ...common(),
    },
  },
);

export const getAgedStock = endpoint(
  "GET /full/aged-stock",
  { query: AgedStockQuery },
  {
    operationId: "getAgedStock",
    tag: "Fulfillment",
    summary: "Aged stock and its surcharge",
    description:
      "Per SKU with stock and per inventory: the first-in-first-out lots still in stock by age bucket, the units past the aged threshold of the tariff of the SKU's volume, the units crossing it in the next 7, 14 and 30 days and the aged surcharge of the next 30 days, if nothing sells and if sales continue at the SKU's velocity, with a suggested action. As CSV (format=csv or Accept: text/csv): one row per inventory.",
    responses: {
      200: {
        schema: AgedStockResponse,
        description: "The report, largest projected surcharge first",
        csv: "One row per inventory, in the report's order, with its SKU's action and reason: sku, title, action, inventory_id, ad_id, variation_id, available_qty, units per bucket (units_0-30 … units_over_365), unknown_age_units, aged_units_now, crossing_<7|14|30>d_<no_sales|at_velocity>, surcharge_30d_<no_sales|at_velocity>, reason",
      },
      400: failure("format is not json or csv"),
      ...common(),
    },
  },
);

export const updateSkuPlanning = endpoint(
  "PUT /full/skus/{sku}/planning",
  { path: SkuPlanningPath, body: SkuPlanningBody },
  {
    refusal: planningRefusal,
    operationId: "updateSkuPlanning",
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

// ---------------------------------------------------------------------------
// GET /full/storage-costs, POST /full/storage-costs/recompute

const monthRefusal = (issue: { input?: unknown }) => `month must be YYYY-MM, got ${JSON.stringify(String(issue.input).slice(0, 40))}`;
const fromRefusal = (issue: { input?: unknown }) => `from must be a day YYYY-MM-DD, got ${JSON.stringify(String(issue.input ?? "").slice(0, 40))}`;

export const StorageCostsQuery = z.object({
  month: described(
    "The month YYYY-MM (business time zone); default the current one; another value answers 400",
    // A pattern, not a refinement: the document carries it too. Blank means the current month.
    z.optional(z.string({ error: monthRefusal }).check(z.regex(/^(\d{4}-(0[1-9]|1[0-2]))?$/, { error: monthRefusal }))),
  ),
  sku: described("One SKU: its rows are listed in days", z.optional(z.string().check(z.maxLength(200, { error: "sku is longer than 200 characters" })))),
  format: formatParam,
});

const money = (description: string) => described(description, z.number());

const StorageCostDay = named(
  "StorageCostDay",
  "What one SKU's storage cost on one business day, at the tariff version in force that day",
  z.object({
    sku: text("SKU"),
    day: calendarDay("Business day"),
    units: count("Units stored in Full that day (available, over the SKU's inventories)"),
    unit_volume_l: nullableNumber("Volume of one unit in litres; null when the ad has no dimensions"),
    volume_l: nullableNumber("units × unit_volume_l"),
    ages: described("Units by age that day, from the FIFO lots (units of unknown age are not in it)", z.array(z.object({ age_days: z.int(), units: z.int() }))),
    tariff_id: nullableInteger("The tariff applied; null when none matched (no volume or no active tariff in force): amounts are 0"),
    tariff_version: nullableInteger("The version of that tariff in force that day"),
    daily_fee: money("Fee per unit and day of that version"),
    aged_days_threshold: nullableInteger("That version's threshold"),
    aged_units: count("Units older than the threshold that day"),
    fee: money("units × daily_fee, rounded to 2 decimals"),
    surcharge: money("aged_units × daily_fee × aged_daily_factor, rounded to 2 decimals"),
    total: money("fee + surcharge"),
  }),
);

export const StorageCostsResponse = named(
  "StorageCostsResponse",
  "A month of the daily storage-cost ledger: per SKU, per day and in total, with the days no sync wrote",
  z.object({
    success: z.literal(true),
    month: text("YYYY-MM"),
    sku: nullableText("The SKU asked for; null for every SKU"),
    skus: z.array(
      z.object({
        sku: text("SKU"),
        days: count("Days with a row"),
        average_units: money("Mean units over those days"),
        fee: money("Sum of the days' fees"),
        surcharge: money("Sum of the days' aged surcharges"),
        total: money("Sum of the days' totals"),
      }),
    ),
    totals: z.object({
      fee: money("Sum over the SKUs"),
      surcharge: money("Sum over the SKUs"),
      total: money("Sum over the SKUs and over the days, to the centavo"),
      days_with_data: count("Days with at least one row"),
    }),
    daily: described("Each day with rows: its totals over the SKUs", z.array(z.object({ day: calendarDay("Day"), fee: z.number(), surcharge: z.number(), total: z.number() }))),
    missing_days: described("Days of the month up to today with no row: no sync ran; nothing is guessed", z.array(z.iso.date())),
    days: described("With sku: that SKU's rows, by day", z.optional(z.array(StorageCostDay))),
  }),
);

export const StorageCostsRecomputeQuery = z.object({
  from: described(
    "First day to re-price, YYYY-MM-DD, not after today; required",
    z.string({ error: fromRefusal }).check(z.refine((day) => Time.isCalendarDate(day), { error: fromRefusal })),
  ),
});

export const StorageCostsRecomputeResponse = named(
  "StorageCostsRecomputeResponse",
  "The days re-priced and who ran it (recorded)",
  z.object({
    success: z.literal(true),
    recompute: z.object({
      id: text("Id of the recorded run"),
      from: calendarDay("First day re-priced"),
      to: calendarDay("Last day re-priced (today)"),
      actor: text("Who ran it"),
      request_id: nullableText("The request that ran it"),
      at: isoDateTime("When"),
      rows: count("Stored rows from..to re-priced"),
      rows_changed: count("Rows whose price changed (0 on a second run)"),
    }),
  }),
);

export const getStorageCosts = endpoint(
  "GET /full/storage-costs",
  { query: StorageCostsQuery },
  {
    operationId: "getStorageCosts",
    tag: "Fulfillment",
    summary: "Storage costs of a month",
    description:
      "The daily storage-cost ledger the sync writes (one row per SKU and business day, at the tariff version in force that day; a day synced twice is written once): per SKU its days, average units, fee, aged surcharge and total, the month's totals, the daily totals, and the days with no row (no sync ran: shown missing, never guessed). With sku, that SKU's days. As CSV (format=csv or Accept: text/csv) one row per SKU and day, for reconciling with the marketplace's invoice.",
    responses: {
      200: {
        schema: StorageCostsResponse,
        description: "The month",
        csv: "One row per SKU and day: day, sku, units, unit_volume_l, volume_l, tariff_id, tariff_version, daily_fee, aged_units, fee, surcharge, total",
      },
      400: failure("month is not YYYY-MM, sku is too long, or format is not json or csv"),
      ...common(),
    },
  },
);

export const recomputeStorageCosts = endpoint(
  "POST /full/storage-costs/recompute",
  { query: StorageCostsRecomputeQuery },
  {
    operationId: "recomputeStorageCosts",
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
