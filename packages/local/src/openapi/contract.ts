/**
 * The HTTP contract of every route (SPEC sections 4 and 7, CONTRACTS section 5) as zod schemas:
 * path and query parameters, request bodies, and the body of every status each route answers.
 * It feeds only the OpenAPI document (generate.ts beside it, with the route table); the handlers
 * parse requests by SPEC's lenient rules, and the tests check every answer against the document.
 */
import * as z from "zod/mini";
import { AgedStock, Messages, Overview, Replenishment, Restock, Settings, Tariffs } from "@fulfillment/core";
import { API_GATEWAY_REQUEST_BYTES, MAX_REQUEST_BODY_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES } from "@fulfillment/functions/http/limits";
import { planningBody } from "@fulfillment/functions/http/planning-input";
import { DEFAULT_IMPORTS_LIMIT, MAX_IMPORTS_LIMIT } from "@fulfillment/functions/http/imports-input";
import { DEFAULT_HISTORY_LIMIT, MAX_HISTORY_LIMIT } from "@fulfillment/functions/http/settings-history-input";
import { IMPORT_MAX_BODY_BYTES, type ErrorEnvelope } from "@fulfillment/functions/routes";
import { alertEndpoints } from "./alerts.js";

export interface SchemaMeta {
  /** Named schemas become components of the document. */
  id?: string;
  description?: string;
}

/** Names and descriptions of the contract's schemas; read by the JSON Schema conversion. */
export const contractRegistry = z.registry<SchemaMeta>();

function named<T extends z.ZodMiniType>(id: string, description: string, schema: T): T {
  contractRegistry.add(schema, { id, description });
  return schema;
}

function described<T extends z.ZodMiniType>(description: string, schema: T): T {
  contractRegistry.add(schema, { description });
  return schema;
}

// ---------------------------------------------------------------------------
// Shared field types

const text = (description: string) => described(description, z.string());
const nullableText = (description: string) => described(description, z.nullable(z.string()));
const integer = (description: string) => described(description, z.int());
const nullableInteger = (description: string) => described(description, z.nullable(z.int()));
const count = (description: string) => described(description, z.int().check(z.minimum(0)));
const nullableNumber = (description: string) => described(description, z.nullable(z.number()));

// A calendar day and an ISO 8601 date-time; a stored time without an offset is business-zone wall clock (CONTRACTS 4).
const ISO_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(:\d{2}(\.\d+)?)?(Z|[+-]\d{2}(:?\d{2})?)?$/i;
const isoDateTime = (description: string) => described(description, z.string().check(z.regex(ISO_DATE_TIME)));
const calendarDay = (description: string) => described(description, z.iso.date());

const variationId = described(
  "Variation id as stored: text, an integer, or null for an item without variations",
  z.union([z.string(), z.int(), z.null()]),
);

// ---------------------------------------------------------------------------
// Error envelopes (SPEC section 7: one per endpoint family)

/** A reason, action or warning as data: its stable code, its figures and its sentence in the request's language. */
export const Message = named(
  "Message",
  "A reason or warning as data. `code` is stable and `params` holds its figures (numbers, calendar days YYYY-MM-DD, names); `text` is the sentence in the language Accept-Language asks for (pt-BR by default, en on request)",
  z.object({
    code: described("Stable code of the message", z.enum(Object.keys(Messages.CATALOGUE) as [Messages.MessageCode, ...Messages.MessageCode[]])),
    params: described("The message's figures", z.record(z.string(), z.nullable(z.union([z.number(), z.string()])))),
    text: text("The sentence, in the request's language"),
  }),
);

const errorText = () => text("A readable description of the failure; never a stack or a credential");

export const ErrorBody = named("ErrorBody", "Error envelope of GET /full/replenishment and GET /full/inventory/{ad_id}", z.object({ error: errorText() }));

export const HasDataErrorBody = named(
  "HasDataErrorBody",
  "Error envelope of GET /full/overview and GET /full/inventory",
  z.object({ has_data: z.literal(false), error: errorText() }),
);

export const SuccessErrorBody = named(
  "SuccessErrorBody",
  "Error envelope of POST /full/sync, the tariff endpoints, the settings endpoints and GET /history/core_ai",
  z.object({ success: z.literal(false), error: errorText() }),
);

const ERROR_BODIES: Record<ErrorEnvelope, z.ZodMiniType> = { error: ErrorBody, has_data: HasDataErrorBody, success: SuccessErrorBody };

/** The body of every error status of a route of this envelope family. */
export const errorBodyOf = (envelope: ErrorEnvelope): z.ZodMiniType => ERROR_BODIES[envelope];

// ---------------------------------------------------------------------------
// GET /full/replenishment

export const ReplenishmentQuery = z.object({
  target_days: described(
    `Days of sales the fulfillment stock should cover. Clamped to ${Replenishment.MIN_TARGET_DAYS}..${Replenishment.MAX_TARGET_DAYS}; a value that is not a whole number gives the default`,
    z._default(z.int().check(z.minimum(Replenishment.MIN_TARGET_DAYS), z.maximum(Replenishment.MAX_TARGET_DAYS)), Replenishment.DEFAULT_TARGET_DAYS),
  ),
  trigger_days: described(
    `SKUs whose coverage is below this many days are suggested. Clamped to ${Replenishment.MIN_TRIGGER_DAYS}..target_days (after target_days is clamped); a value that is not a whole number gives the default`,
    z._default(z.int().check(z.minimum(Replenishment.MIN_TRIGGER_DAYS), z.maximum(Replenishment.MAX_TARGET_DAYS)), Replenishment.DEFAULT_TRIGGER_DAYS),
  ),
});

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

export const InventoryListQuery = z.object({
  sort_by: described(
    "Ordering: coverage (days_of_stock ascending), aged (oldest_stock_days descending) or available (available_qty descending); unknown values last. Any other value behaves as coverage",
    z._default(z.enum(["coverage", "aged", "available"]), "coverage"),
  ),
  alerts: described("Only the exact value 1 keeps just the aged or low-coverage records; any other value is ignored", z.optional(z.enum(["1"]))),
});

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

export const SyncRunsQuery = z.object({
  limit: described("How many runs, newest first: a whole number from 1 to 100 (another value answers 400)", z._default(z.int().check(z.minimum(1), z.maximum(100)), 20)),
});

export const SyncRunsResponse = named(
  "SyncRunsResponse",
  "The run history, newest first (runs are kept 90 days)",
  z.object({ success: z.literal(true), runs: z.array(SyncRun) }),
);

// ---------------------------------------------------------------------------
// GET /full/restock-plan, PUT /full/skus/{sku}/planning

const formatParam = described(
  "json (the default) or csv. Without it, an Accept header that prefers text/csv to JSON answers CSV. Any other value is refused (400)",
  z.optional(z.enum(["json", "csv"])),
);

export const RestockPlanQuery = z.object({
  target_days: described(
    `Days of sales the stock should cover when a shipment sent today arrives: a whole number from ${Restock.MIN_TARGET_DAYS} to ${Restock.MAX_TARGET_DAYS}; anything else is refused (400)`,
    z._default(z.int().check(z.minimum(Restock.MIN_TARGET_DAYS), z.maximum(Restock.MAX_TARGET_DAYS)), Restock.DEFAULT_TARGET_DAYS),
  ),
  horizon_days: described(
    `Lines whose ship_by falls within this many days from today are due: a whole number from ${Restock.MIN_HORIZON_DAYS} to ${Restock.MAX_HORIZON_DAYS}; anything else is refused (400)`,
    z._default(z.int().check(z.minimum(Restock.MIN_HORIZON_DAYS), z.maximum(Restock.MAX_HORIZON_DAYS)), Restock.DEFAULT_HORIZON_DAYS),
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

export const SkuPlanningPath = z.object({ sku: text("The SKU (any SKU, with or without ads yet)") });

export const SkuPlanningBody = named(
  "SkuPlanningBody",
  "Any of the fields (at least one); only those given change, and null clears one. Other fields are refused",
  planningBody,
);

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
// Storage-cost ledger

export const StorageCostsQuery = z.object({
  month: described("The month YYYY-MM (business time zone); default the current one; another value answers 400", z.optional(z.string().check(z.regex(/^\d{4}-(0[1-9]|1[0-2])$/)))),
  sku: described("One SKU: its days are listed in days", z.optional(z.string())),
  format: described("json (default) or csv; without it, Accept: text/csv asks for CSV", z.optional(z.enum(["json", "csv"]))),
});

const money = (description: string) => described(description, z.number());

const LedgerDay = named(
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
    days: described("With sku: that SKU's rows, by day", z.optional(z.array(LedgerDay))),
  }),
);

export const StorageCostsRecomputeQuery = z.object({
  from: described("First day to re-price, YYYY-MM-DD, not after today; required", z.iso.date()),
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

// ---------------------------------------------------------------------------
// Tariffs

export const TariffPath = z.object({ tariff_id: described("Tariff id; anything but a positive whole number names no tariff (404)", z.int().check(z.minimum(1))) });

export const Tariff = named(
  "Tariff",
  "A fulfillment storage tariff for a volume band",
  z.object({
    id: integer("Assigned by the service"),
    name: nullableText("Name"),
    min_volume_l: described("Lower bound of the volume band in litres (included)", z.number()),
    max_volume_l: nullableNumber("Upper bound of the volume band in litres (excluded); null for no upper bound"),
    daily_fee: nullableNumber("Storage fee per unit per day"),
    inbound_fee: nullableNumber("Inbound fee per unit"),
    aged_days_threshold: integer("Days after which stock counts as aged"),
    aged_daily_factor: described("Multiplier of daily_fee for aged stock", z.number()),
    active: described("Only active tariffs are used by the cost calculation", z.boolean()),
  }),
);

const amount = () => z.nullable(z.number().check(z.minimum(0)));

/** The writable tariff fields, each as [schema, description, default on create]; numeric text is converted too. */
const TARIFF_INPUT = {
  name: [z.nullable(z.string()), "Name", null],
  min_volume_l: [amount(), "Lower bound of the volume band in litres; null or 0 gives 0", 0],
  max_volume_l: [amount(), "Upper bound in litres; null or empty gives null (no upper bound); must not be below min_volume_l", null],
  daily_fee: [amount(), "Storage fee per unit per day; null or 0 gives 0", 0],
  inbound_fee: [amount(), "Inbound fee per unit; null or 0 gives 0", 0],
  aged_days_threshold: [
    z.nullable(z.int().check(z.minimum(0))),
    `Whole days after which stock counts as aged; null or 0 gives ${Tariffs.DEFAULT_AGED_DAYS_THRESHOLD}`,
    Tariffs.DEFAULT_AGED_DAYS_THRESHOLD,
  ],
  aged_daily_factor: [amount(), `Multiplier of daily_fee for aged stock; null or 0 gives ${Tariffs.DEFAULT_AGED_DAILY_FACTOR}`, Tariffs.DEFAULT_AGED_DAILY_FACTOR],
  active: [z.boolean(), "Converted to a boolean", true],
} as const satisfies Record<keyof Tariffs.TariffFields, readonly [z.ZodMiniType, string, unknown]>;

const effectiveFrom = () =>
  described(
    "First business day (YYYY-MM-DD, business time zone) the change is in force; default today. A day ahead records next month's table now; a day past corrects a tariff (POST /full/storage-costs/recompute re-prices the stored days)",
    z.optional(z.iso.date()),
  );

const tariffInput = (withDefaults: boolean) =>
  z.object({
    ...Object.fromEntries(
      Object.entries(TARIFF_INPUT).map(([field, [schema, description, fallback]]) => [
        field,
        described(description, withDefaults ? z._default(schema, fallback as never) : z.optional(schema)),
      ]),
    ),
    effective_from: effectiveFrom(),
  });

export const TariffCreateBody = named(
  "TariffCreateBody",
  "Every field is optional and takes its default when missing; numeric fields also accept numeric text. A body that is not valid JSON is treated as an empty object (each assumption is named in the answer's warnings). With Prefer: handling=strict the body must be a JSON object of these fields only, with daily_fee",
  tariffInput(true),
);

export const TariffUpdateBody = named(
  "TariffUpdateBody",
  "Any subset of the tariff fields except id; only the fields present change, converted as on create (numeric text is accepted). With Prefer: handling=strict the body must be a JSON object of these fields only, and daily_fee, when present, not empty",
  tariffInput(false),
);

/** RFC 7240 preference of the tariff writes. */
export const TariffWriteHeaders = z.object({
  Prefer: described(
    "handling=strict (RFC 7240): a body that is not a JSON object, unknown fields or a daily_fee left out (on create) or emptied (on update) answer 400 and nothing is stored. Without it the body is read leniently, as SPEC says, and the answer's warnings name what was assumed",
    z.optional(z.string()),
  ),
});

export const TariffListResponse = named(
  "TariffListResponse",
  "Every tariff, by min_volume_l ascending",
  z.object({ tariffs: z.array(Tariff) }),
);

const TariffVersionFields = {
  tariff_id: integer("The tariff"),
  version: count("1, 2, 3 … per tariff in the order recorded; 0 for a tariff as stored before versions were kept (in force since always)"),
  effective_from: described("First business day the version is in force; null: since always", z.nullable(z.iso.date())),
  action: described("What the change did: create, update (a new version of the fields), or delete (not in force from that day)", z.enum(["create", "update", "delete"])),
  actor: text("Who recorded it: the signed-in caller, local in the open local mode, system for the loader"),
  recorded_at: described("When it was recorded (UTC); null for version 0", z.nullable(z.string().check(z.regex(ISO_DATE_TIME)))),
};

export const TariffVersionSummary = named("TariffVersionSummary", "The version a tariff write recorded", z.object(TariffVersionFields));

export const TariffVersionEntry = named(
  "TariffVersionEntry",
  "One version of a tariff, with its fields from that day on (for a delete: the fields it had)",
  z.object({ ...TariffVersionFields, tariff: Tariff, in_force: described("This version is the one in force today", z.boolean()) }),
);

export const TariffHistoryResponse = named(
  "TariffHistoryResponse",
  "Every version of every tariff, by tariff then version",
  z.object({ success: z.literal(true), today: calendarDay("Today in the business time zone"), versions: z.array(TariffVersionEntry) }),
);

export const TariffListQuery = z.object({
  at: described("A business day YYYY-MM-DD: the tariffs in force that day (default today); another value answers 400", z.optional(z.iso.date())),
});

export const TariffDeleteQuery = z.object({ effective_from: effectiveFrom() });

export const TariffWriteResponse = named(
  "TariffWriteResponse",
  "The tariff as stored",
  z.object({
    success: z.literal(true),
    tariff: Tariff,
    version: TariffVersionSummary,
    warnings: described(
      "Present when something was assumed or is worth knowing, one sentence each: the body was not JSON (read as an empty object), the daily fee is 0 because it was left out, no upper volume bound, the volume range overlaps an active tariff (named). Each is also logged as a WARN line",
      z.optional(z.array(z.string())),
    ),
    warning_details: described("The same warnings as data: code, params and text (in the request's language)", z.optional(z.array(Message))),
  }),
);

export const TariffDeleteResponse = named(
  "TariffDeleteResponse",
  "The tariff is no longer in force from the version's day; its earlier versions stay",
  z.object({ success: z.literal(true), version: TariffVersionSummary }),
);

// ---------------------------------------------------------------------------
// Settings

export const SettingsGroupPath = z.object({
  group: described("Settings group; defaults is served by GET /settings/defaults", z.enum(Settings.SETTING_GROUPS)),
});

export const ForecastMultiplier = named(
  "ForecastMultiplier",
  "A forecast multiplier of the core_ai group",
  z.object({
    enabled: z.boolean(),
    weight: z.number(),
    min: z.number(),
    max: z.number(),
    desc: text("Short description"),
  }),
);

export const SettingValue = named(
  "SettingValue",
  "A setting converted by the type of its default; the stored text when conversion fails or the key has no default",
  z.union([z.string(), z.number(), z.boolean(), z.array(z.unknown()), z.record(z.string(), z.unknown())]),
);

const SettingsGroupValues = named(
  "SettingsGroupValues",
  "Keys of one group: its defaults overlaid with the stored values",
  z.record(z.string(), SettingValue),
);

function defaultSchema(group: Settings.SettingGroup, key: string): z.ZodMiniType {
  const value = Settings.SETTING_DEFAULTS[group][key];
  switch (Settings.settingType(group, key)) {
    case "boolean":
      return z.boolean();
    case "integer":
      return z.int();
    case "number":
      return z.number();
    case "list":
      return Array.isArray(value) && value.length > 0 && value.every((item) => typeof item === "string") ? z.array(z.string()) : z.array(z.unknown());
    case "object":
      return ForecastMultiplier;
    default:
      return z.string();
  }
}

const groupDefaults = (group: Settings.SettingGroup) =>
  z.object(Object.fromEntries(Object.keys(Settings.SETTING_DEFAULTS[group]).map((key) => [key, defaultSchema(group, key)])));

export const SettingsDefaults = named(
  "SettingsDefaults",
  "The built-in default of every key of every group",
  z.object(Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, groupDefaults(group)]))),
);

export const SettingsAllResponse = named(
  "SettingsAllResponse",
  "Every group. Entries stored without a group count as geral; object values are returned as stored text in this read",
  z.object({
    success: z.literal(true),
    data: z.object(Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, SettingsGroupValues]))),
  }),
);

export const SettingsGroupResponse = named(
  "SettingsGroupResponse",
  "One group. Stored text of a key without a default is parsed as JSON when it begins with {",
  z.object({ success: z.literal(true), data: SettingsGroupValues }),
);

export const SettingsDefaultsResponse = named("SettingsDefaultsResponse", "The complete default structure", z.object({ success: z.literal(true), data: SettingsDefaults }));

export const SettingsUpdateBody = named(
  "SettingsUpdateBody",
  "Key to value, any subset of keys (keys without defaults too). Booleans are stored as true/false, lists and objects as JSON text, anything else as its text. erp_api_token is also stored as the ERP credential's access token",
  z.record(z.string(), z.unknown()),
);

export const SettingsUpdateResponse = named(
  "SettingsUpdateResponse",
  "Every given key was stored, all together",
  z.object({ success: z.literal(true), message: text("Settings for '<group>' updated") }),
);

export const SettingsHistoryQuery = z.object({
  limit: described(
    `How many changes, newest first: a whole number from 1 to ${MAX_HISTORY_LIMIT}; anything else is refused (400)`,
    z._default(z.int().check(z.minimum(1), z.maximum(MAX_HISTORY_LIMIT)), DEFAULT_HISTORY_LIMIT),
  ),
  cursor: described("next_cursor of the previous page: the changes older than it", z.optional(z.string())),
});

const KeyChange = named(
  "SettingKeyChange",
  "What a change did to one key. Values are the stored texts; a secret (API keys, tokens, passwords: by key name) carries no value, only that it changed",
  z.object({
    key: text("Setting key"),
    change: described("created: the key was not stored before; removed: it is not stored after (it reads as its default)", z.enum(["created", "changed", "removed"])),
    secret: described("The key holds a secret: old_value and new_value are left out", z.boolean()),
    old_value: described("Stored text before; null when the key was not stored. Absent for a secret", z.optional(z.nullable(z.string()))),
    new_value: described("Stored text after; null when the key is no longer stored. Absent for a secret", z.optional(z.nullable(z.string()))),
  }),
);

export const SettingsChange = named(
  "SettingsChange",
  "One recorded change of a settings group: a PUT or a restore",
  z.object({
    change_id: text("Id of the change; ids sort by time"),
    group: text("Settings group"),
    at: isoDateTime("When the change was stored (UTC)"),
    actor: text("Who made it: the signed-in caller, or local in the open local mode (system for the loader and the demo data)"),
    request_id: nullableText("The request that made it (the apigw-requestid header of its answer)"),
    action: described("update: a PUT /settings/{group}; restore: a POST /settings/{group}/restore", z.enum(["update", "restore"])),
    restored_to: described(
      "A restore: the moment or the change it went back to",
      z.optional(z.object({ at: z.optional(isoDateTime("The moment")), change_id: z.optional(z.string()) })),
    ),
    changes: z.array(KeyChange),
  }),
);

export const SettingsHistoryResponse = named(
  "SettingsHistoryResponse",
  "A page of the group's changes, newest first",
  z.object({
    success: z.literal(true),
    group: text("Settings group"),
    changes: z.array(SettingsChange),
    next_cursor: nullableText("Pass as cursor for the next (older) page; null on the last page"),
  }),
);

export const SettingsRestoreBody = named(
  "SettingsRestoreBody",
  "Exactly one of at (an ISO 8601 timestamp; without an offset it is business-zone wall clock) and change_id (the group is put back as it was just after that change)",
  z.object({ at: z.optional(z.string()), change_id: z.optional(z.string()) }),
);

export const SettingsRestoreResponse = named(
  "SettingsRestoreResponse",
  "The restored group as GET /settings/{group} reads it, the change that recorded the restore, and the secrets left as they were",
  z.object({
    success: z.literal(true),
    data: SettingsGroupValues,
    change: SettingsChange,
    secrets_kept: described("Secret keys changed since the target: their old values are never recorded, so they keep their current values", z.array(z.string())),
  }),
);

// ---------------------------------------------------------------------------
// GET /history/core_ai

// As documented; the handler treats a date in another format as absent (SPEC 4.B).
export const HistoryQuery = z.object({
  start_date: described(
    "First day (YYYY-MM-DD, business time zone), used only together with end_date. A value in another format is ignored",
    z.optional(z.iso.date()),
  ),
  end_date: described(
    "Last day (YYYY-MM-DD), inclusive through 23:59:59. Without both dates the 50 newest entries are returned; a last day before the first gives no entries",
    z.optional(z.iso.date()),
  ),
});

export const HistoryEntry = named(
  "HistoryEntry",
  "A reconciliation or calibration log entry of the forecasting engine",
  z.object({
    id: integer("Log entry id"),
    timestamp: isoDateTime("ISO 8601 date-time; without an offset it is wall-clock time in the business time zone"),
    message: text("Message"),
    level: text("Level, such as INFO, WARNING or ERROR"),
    details: described("Parsed from the stored JSON text; empty when absent or not a JSON object", z.record(z.string(), z.unknown())),
  }),
);

export const HistoryResponse = named(
  "HistoryResponse",
  "Entries newest first",
  z.object({ success: z.literal(true), data: z.array(HistoryEntry) }),
);

// ---------------------------------------------------------------------------
// Marketplace account

export const ConnectResponse = named(
  "ConnectResponse",
  "The authorization page: sent with the 302 (the Location header names it), or alone with ?redirect=0",
  z.object({
    success: z.literal(true),
    authorization_url: text("The marketplace's authorization page with response_type=code, client_id, redirect_uri and a single-use state (10 minutes)"),
  }),
);

export const ConnectQuery = z.object({
  redirect: described("0 answers 200 with the authorization URL instead of the 302 (for a page that signs its requests and opens the URL itself)", z.optional(z.enum(["0", "1"]))),
});

export const CallbackQuery = z.object({
  code: described("The authorization code the marketplace sent back (single use)", z.optional(z.string())),
  state: described("The state GET /marketplace/connect issued: required, single use, valid 10 minutes", z.optional(z.string())),
  error: described("Sent by the marketplace instead of a code when the seller did not approve", z.optional(z.string())),
});

export const AccountResponse = named(
  "AccountResponse",
  "The connected marketplace account; never a token",
  z.object({
    connected: described("True when a mercadolivre credential with a refresh token is stored", z.boolean()),
    user_id: described("The seller's marketplace id", z.nullable(z.union([z.string(), z.int()]))),
    nickname: nullableText("The seller's nickname (read when the account was connected)"),
    site_id: nullableText("The seller's site, such as MLB"),
    token_expires_at: nullableText("When the current access token expires (ISO 8601); the sync renews it"),
    refreshed_at: nullableText("When the tokens were last obtained or renewed (ISO 8601)"),
  }),
);

export const DisconnectResponse = named("DisconnectResponse", "The credential is forgotten", z.object({ success: z.literal(true) }));

// ---------------------------------------------------------------------------
// Imports

export const WarehousePath = z.object({ warehouse: text("The local warehouse whose rows the body replaces (1 to 100 characters)") });

const importKind = described("local_stock, costs or sales", z.enum(["local_stock", "costs", "sales"]));

export const ImportRecordSchema = named(
  "ImportRecord",
  "One import, by API (PUT) or file (the import bucket)",
  z.object({
    id: text("Sortable id: the instant and a random suffix"),
    source: described("api or file", z.enum(["api", "file"])),
    kind: importKind,
    warehouse: nullableText("The warehouse of a local stock import; null for costs and sales"),
    rows: count("Rows in the body or file"),
    added: count("Rows (local stock) or ad values (costs, sales) that did not exist before"),
    changed: count("Rows or ad values that held another value"),
    removed: count("Local stock rows of the warehouse the body no longer names, or ad values cleared by an empty value"),
    unmatched: count("Rows naming a SKU or ad id no stored ad has (costs and sales: not written; local stock: stored all the same, a SKU no ad has yet or a mistyped one)"),
    unmatched_keys: described("The first 20 of those SKUs or ad ids", z.array(z.string())),
    error: nullableText("Why a file import wrote nothing; null when the import succeeded"),
    at: isoDateTime("When the import finished (ISO 8601)"),
    file: nullableText("The object key of a file import; null for the API"),
    actor: nullableText("Who ran it through the API: a person (\"<email> (<sub>)\"), a machine client (\"client <id>\"), an IAM caller's ARN, or local; null for a dropped file"),
    request_id: nullableText("API Gateway's id of the request that ran it; null for a dropped file"),
  }),
);

export const ImportResponse = named(
  "ImportResponse",
  "The import was written and recorded: how many rows it added, changed and removed",
  z.object({
    success: z.literal(true),
    ...ImportRecordSchema.shape,
  }),
);

export const ImportsQuery = z.object({
  limit: described(
    `How many imports, newest first: a whole number from 1 to ${MAX_IMPORTS_LIMIT}; anything else is refused (400)`,
    z._default(z.int().check(z.minimum(1), z.maximum(MAX_IMPORTS_LIMIT)), DEFAULT_IMPORTS_LIMIT),
  ),
});

export const ImportsResponse = named(
  "ImportsResponse",
  "Imports, newest first (kept 400 days)",
  z.object({ success: z.literal(true), imports: z.array(ImportRecordSchema) }),
);

export const LocalStockQuery = z.object({
  warehouse: described("Only this warehouse's rows; every row when absent", z.optional(z.string())),
});

const LocalStockRowSchema = named(
  "LocalStockRow",
  "Units of a SKU in a local warehouse",
  z.object({ sku: text("SKU"), available: integer("Units available"), warehouse: nullableText("Warehouse; null for a row loaded without one") }),
);

export const LocalStockResponse = named(
  "LocalStockResponse",
  "Local stock rows by warehouse, then SKU",
  z.object({
    success: z.literal(true),
    warehouse: nullableText("The warehouse asked for; null when every row is listed"),
    count: count("Number of rows"),
    items: z.array(LocalStockRowSchema),
  }),
);

const keyOf = {
  sku: described("SKU: the value goes to every ad of the SKU (costs), or to its one ad, else its one Full ad (sales)", z.optional(z.union([z.string(), z.int()]))),
  ad_id: described("Ad id, instead of sku", z.optional(z.union([z.string(), z.int()]))),
};
const decimalText = described("A number, or text in pt-BR (12,50 or 1.234,56) or English (1234.56) notation", z.union([z.number(), z.string()]));

export const LocalStockImportBody = named(
  "LocalStockImportBody",
  "The warehouse's rows, replacing the stored ones as a whole",
  z.array(z.object({ sku: described("SKU (text, or a whole number taken as its digits)", z.union([z.string(), z.int()])), available: described("Units available: a whole number, 0 or more", z.union([z.int(), z.string()])) })),
);

export const CostsImportBody = named(
  "CostsImportBody",
  "Unit costs by sku or ad_id; null clears a stored cost",
  z.array(z.object({ ...keyOf, cost: described("Unit cost, 0 or more; null clears it", z.nullable(decimalText)) })),
);

export const SalesImportBody = named(
  "SalesImportBody",
  "Units sold in the last 30 days by sku or ad_id; null clears the imported figure (the sync's ledger figure then applies)",
  z.array(z.object({ ...keyOf, sales_30d: described("Whole units, 0 or more; null clears it", z.nullable(z.union([z.int(), z.string()]))) })),
);

// ---------------------------------------------------------------------------
// Per-route contract

export interface ResponseContract {
  description: string;
  /** Omitted for error statuses: they answer with the route family's error envelope. */
  schema?: z.ZodMiniType;
  /** An HTML page instead of JSON (the page a browser lands on). */
  html?: true;
  /** Response headers worth naming (a redirect's Location). */
  headers?: Record<string, string>;
  /** Also answered as text/csv (on request): what the rows are. */
  csv?: string;
}

export interface EndpointContract {
  operationId: string;
  tag: "Fulfillment" | "Tariffs" | "Settings" | "History" | "Marketplace account" | "Imports" | "Alerts";
  summary: string;
  description: string;
  pathParameters?: z.ZodMiniObject;
  query?: z.ZodMiniObject;
  headers?: z.ZodMiniObject;
  body?: { schema: z.ZodMiniType; description: string; required: boolean; /** Also taken as text/csv: the example body. */ csv?: string };
  responses: Record<number, ResponseContract>;
}

const ok = (schema: z.ZodMiniType, description: string): ResponseContract => ({ schema, description });
const failure = (description: string): ResponseContract => ({ description });

const UNEXPECTED = failure(
  `Unexpected failure, or an answer that is over ${RESPONSE_PAYLOAD_BUDGET_BYTES} bytes even compressed`,
);
const NOT_ACCEPTABLE = failure(
  `The answer is over the Lambda payload limit uncompressed and the request did not accept gzip or br: send Accept-Encoding: gzip`,
);
const tooLarge = (limit: number) =>
  failure(`Request body over ${limit} bytes, whatever the method (the local gateway refuses bodies over ${API_GATEWAY_REQUEST_BYTES} bytes itself)`);

/** Statuses any route can answer (the wrapper of every handler checks sizes): the size refusals and unexpected failures. */
const common = (unexpected: ResponseContract = UNEXPECTED, bodyLimit = MAX_REQUEST_BODY_BYTES) => ({ 406: NOT_ACCEPTABLE, 413: tooLarge(bodyLimit), 500: unexpected });

/** Keyed by route key ("GET /full/inventory/{ad_id}"); one entry per route of the route table. */
export const ENDPOINTS: Readonly<Record<string, EndpointContract>> = {
  "GET /full/replenishment": {
    operationId: "getReplenishment",
    tag: "Fulfillment",
    summary: "Replenishment suggestions",
    description:
      "What to send from the local warehouses to fulfillment, per SKU of the fulfillment ads: SKUs whose coverage at the 30-day sales pace is below trigger_days, with the quantity that brings it to target_days, limited by local stock. Suggestions only; nothing is sent.",
    query: ReplenishmentQuery,
    responses: { 200: ok(ReplenishmentResponse, "Suggestions, lowest coverage first"), ...common() },
  },
  "GET /full/overview": {
    operationId: "getOverview",
    tag: "Fulfillment",
    summary: "Operational overview",
    description: `Units, immobilized value and alert counts over every fulfillment inventory record (aged above ${Overview.AGED_DAYS} days, low coverage below ${Overview.LOW_COVERAGE_DAYS} days, stranded above ${Overview.STRANDED_DAYS} days).`,
    responses: { 200: ok(OverviewResponse, "The overview; has_data false with a message when no inventory records exist"), ...common() },
  },
  "GET /full/inventory": {
    operationId: "listInventory",
    tag: "Fulfillment",
    summary: "Inventory list",
    description: "Every fulfillment inventory record with its ad, unit storage costs and alert flags.",
    query: InventoryListQuery,
    responses: { 200: ok(InventoryListResponse, "The records"), ...common() },
  },
  "GET /full/inventory/{ad_id}": {
    operationId: "getInventoryDetail",
    tag: "Fulfillment",
    summary: "Inventory detail of an ad",
    description: "The ad's inventory records and the daily series of its stock over the last 60 days (today in the business time zone).",
    pathParameters: InventoryDetailPath,
    responses: {
      200: ok(InventoryDetailResponse, "The ad's inventories and daily series"),
      404: failure("No inventory records for the ad"),
      ...common(),
    },
  },
  "POST /full/sync": {
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
  "GET /full/sync/status": {
    operationId: "getSyncStatus",
    tag: "Fulfillment",
    summary: "Sync status",
    description:
      "The sync under way (with its progress), the last finished run and how it went, the last successful run, and when the daily schedule runs next. A run whose owner stopped renewing its heartbeat for 45 seconds shows as failed.",
    responses: { 200: ok(SyncStatusResponse, "The status"), ...common() },
  },
  "GET /full/sync/runs": {
    operationId: "listSyncRuns",
    tag: "Fulfillment",
    summary: "Sync run history",
    description: "Runs from POST /full/sync and the daily schedule, newest first; each with its trigger, times, state, counters, failed ads and error.",
    query: SyncRunsQuery,
    responses: { 200: ok(SyncRunsResponse, "The runs"), 400: failure("limit is not a whole number from 1 to 100"), ...common() },
  },
  "GET /full/restock-plan": {
    operationId: "getRestockPlan",
    tag: "Fulfillment",
    summary: "Restock plan",
    description:
      "Per SKU of the fulfillment ads with sales: the velocity with stockout days left out, when fulfillment runs out, the date to ship by given the lead time, and the units to send (rounded to the case pack, limited by local stock) with the warehouses they come from. As CSV (format=csv or Accept: text/csv) it is the shipment list: one row per SKU and warehouse. Suggestions only; nothing is sent.",
    query: RestockPlanQuery,
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
  "GET /full/aged-stock": {
    operationId: "getAgedStock",
    tag: "Fulfillment",
    summary: "Aged stock and its surcharge",
    description:
      "Per SKU with stock and per inventory: the first-in-first-out lots still in stock by age bucket, the units past the aged threshold of the tariff of the SKU's volume, the units crossing it in the next 7, 14 and 30 days and the aged surcharge of the next 30 days, if nothing sells and if sales continue at the SKU's velocity, with a suggested action. As CSV (format=csv or Accept: text/csv): one row per inventory.",
    query: AgedStockQuery,
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
  "PUT /full/skus/{sku}/planning": {
    operationId: "updateSkuPlanning",
    tag: "Fulfillment",
    summary: "Set a SKU's planning parameters",
    description:
      "Sets the SKU's case pack, lead-time override or snooze date for the restock plan. Only the fields given change; null clears one. Nothing is stored when the body is refused.",
    pathParameters: SkuPlanningPath,
    body: { schema: SkuPlanningBody, description: "The fields to change", required: true },
    responses: {
      200: ok(SkuPlanningResponse, "The SKU's parameters after the change"),
      400: failure("The body is not a JSON object of the planning fields, a value is out of range, or the SKU is blank; the error names the field"),
      ...common(),
    },
  },
  "GET /full/storage-costs": {
    operationId: "getStorageCosts",
    tag: "Fulfillment",
    summary: "Storage costs of a month",
    description:
      "The daily storage-cost ledger the sync writes (one row per SKU and business day, at the tariff version in force that day; a day synced twice is written once): per SKU its days, average units, fee, aged surcharge and total, the month's totals, the daily totals, and the days with no row (no sync ran: shown missing, never guessed). With sku, that SKU's days. As CSV (format=csv or Accept: text/csv) one row per SKU and day, for reconciling with the marketplace's invoice.",
    query: StorageCostsQuery,
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
  "POST /full/storage-costs/recompute": {
    operationId: "recomputeStorageCosts",
    tag: "Fulfillment",
    summary: "Re-price stored days",
    description:
      "After a late tariff correction: re-prices every stored day from from to today with the tariff versions in force on each day, from the units and ages the row kept. Days before from are not touched. Idempotent (a second run changes no row); each run is recorded with who ran it.",
    query: StorageCostsRecomputeQuery,
    responses: {
      200: ok(StorageCostsRecomputeResponse, "The days were re-priced"),
      400: failure("from is missing, not a day YYYY-MM-DD, or after today; nothing changed"),
      ...common(),
    },
  },
  "GET /full/tariffs": {
    operationId: "listTariffs",
    tag: "Tariffs",
    summary: "List tariffs",
    description: "The storage tariffs in force today (or on the day at), by min_volume_l ascending.",
    query: TariffListQuery,
    responses: { 200: ok(TariffListResponse, "The tariffs"), 400: failure("at is not a day YYYY-MM-DD"), ...common() },
  },
  "GET /full/tariffs/history": {
    operationId: "listTariffVersions",
    tag: "Tariffs",
    summary: "Tariff versions",
    description:
      "Every version of every tariff: what each create, update and delete recorded, the day it took effect, who recorded it and when, and which version is in force today. Earlier versions are never changed; the cost of each day uses the version in force that day.",
    responses: { 200: ok(TariffHistoryResponse, "The versions"), ...common() },
  },
  "POST /full/tariffs": {
    operationId: "createTariff",
    tag: "Tariffs",
    summary: "Create a tariff",
    description:
      "Creates a tariff with the next id; missing fields take their defaults. A volume range that overlaps an active tariff is allowed and named in warnings. Send Prefer: handling=strict to have a body that is not valid JSON, unknown fields or a missing daily_fee refused instead of assumed.",
    headers: TariffWriteHeaders,
    body: { schema: TariffCreateBody, description: "The tariff fields", required: false },
    responses: {
      201: ok(TariffWriteResponse, "The tariff was created; warnings say what was assumed"),
      400: failure(
        "A value cannot be converted (or max_volume_l is below min_volume_l), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or no daily_fee; nothing was stored",
      ),
      ...common(),
    },
  },
  "PUT /full/tariffs/{tariff_id}": {
    operationId: "updateTariff",
    tag: "Tariffs",
    summary: "Update a tariff",
    description:
      "Changes only the fields present in the body, with the conversions of create. Prefer: handling=strict refuses a body that is not valid JSON, unknown fields or an emptied daily_fee, as on create.",
    pathParameters: TariffPath,
    headers: TariffWriteHeaders,
    body: { schema: TariffUpdateBody, description: "The fields to change", required: false },
    responses: {
      200: ok(TariffWriteResponse, "The tariff as updated; warnings say what was assumed"),
      400: failure(
        "A value cannot be converted (or the volume band ends up inverted), the storage failed, or (Prefer: handling=strict) the body is not a JSON object, has unknown fields or an empty daily_fee; nothing was changed",
      ),
      404: failure("No tariff has this id"),
      ...common(),
    },
  },
  "DELETE /full/tariffs/{tariff_id}": {
    operationId: "deleteTariff",
    tag: "Tariffs",
    summary: "Delete a tariff",
    description: "The tariff is no longer in force from effective_from (default today); its earlier versions stay, so days before keep their price.",
    pathParameters: TariffPath,
    query: TariffDeleteQuery,
    responses: {
      200: ok(TariffDeleteResponse, "The tariff was deleted"),
      400: failure("The storage failed"),
      404: failure("No tariff has this id, or it is not in force on effective_from"),
      ...common(),
    },
  },
  "GET /settings": {
    operationId: "getAllSettings",
    tag: "Settings",
    summary: "All settings",
    description: "Every group: the defaults overlaid with the stored values, converted by the type of each default.",
    responses: { 200: ok(SettingsAllResponse, "All six groups"), ...common() },
  },
  "GET /settings/defaults": {
    operationId: "getSettingsDefaults",
    tag: "Settings",
    summary: "Default settings",
    description: "The built-in default of every key of every group; nothing stored is read.",
    responses: { 200: ok(SettingsDefaultsResponse, "The defaults"), ...common() },
  },
  "GET /settings/{group}": {
    operationId: "getSettingsGroup",
    tag: "Settings",
    summary: "One settings group",
    description: "The group's defaults overlaid with its stored values, converted by the type of each default.",
    pathParameters: SettingsGroupPath,
    responses: {
      200: ok(SettingsGroupResponse, "The group"),
      400: failure("Unknown group (error: Unknown group: <group>)"),
      ...common(),
    },
  },
  "PUT /settings/{group}": {
    operationId: "updateSettingsGroup",
    tag: "Settings",
    summary: "Update a settings group",
    description: "Stores every given key of the group as text, all together: on any failure nothing is changed.",
    pathParameters: SettingsGroupPath,
    body: { schema: SettingsUpdateBody, description: "Key to value", required: true },
    responses: {
      200: ok(SettingsUpdateResponse, "Every key was stored"),
      400: failure("Unknown group"),
      409: failure("Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed"),
      ...common(
        failure(
          "The body is not a JSON object, the group would pass 3,500,000 bytes, storage did not answer, or an unexpected failure; the error says whether the change may have been stored",
        ),
      ),
    },
  },
  "GET /settings/{group}/history": {
    operationId: "getSettingsHistory",
    tag: "Settings",
    summary: "A settings group's change history",
    description:
      "Every change of the group (PUT and restore), newest first, a page at a time: per changed key the old and new stored text, who made it, when, and the request id. Secrets (keys named *_key, *_token, *_secret, password, senha) are recorded only as changed, never with their values.",
    pathParameters: SettingsGroupPath,
    query: SettingsHistoryQuery,
    responses: {
      200: ok(SettingsHistoryResponse, "The changes"),
      400: failure("Unknown group, or limit is not a whole number from 1 to 100"),
      ...common(),
    },
  },
  "POST /settings/{group}/restore": {
    operationId: "restoreSettingsGroup",
    tag: "Settings",
    summary: "Restore a settings group",
    description:
      "Puts the whole group back as it was at a moment (at) or just after a change (change_id): every change recorded after it is undone, in one transaction with a new change (action restore) that records the restore. Keys stored after the target are removed (they read as their defaults again). Secrets keep their current values (their old values are never recorded) and are listed in secrets_kept.",
    pathParameters: SettingsGroupPath,
    body: { schema: SettingsRestoreBody, description: "The moment or the change to go back to", required: true },
    responses: {
      200: ok(SettingsRestoreResponse, "The group as restored"),
      400: failure("Unknown group, or a body that is not {at} or {change_id} (a timestamp that is not valid); nothing was changed"),
      404: failure("No change with this change_id in the group's history; nothing was changed"),
      409: failure("Other updates of the group kept winning (error: settings changed concurrently, retry); nothing was changed"),
      ...common(),
    },
  },
  "GET /history/core_ai": {
    operationId: "getForecastingHistory",
    tag: "History",
    summary: "Forecasting-engine history",
    description:
      "Reconciliation and calibration log entries of the forecasting engine, newest first: those between start_date and end_date when both are valid days, else the 50 newest.",
    query: HistoryQuery,
    responses: { 200: ok(HistoryResponse, "The entries"), ...common() },
  },
  "GET /marketplace/connect": {
    operationId: "connectMarketplaceAccount",
    tag: "Marketplace account",
    summary: "Connect the seller's account",
    description:
      "Answers 302 to the marketplace's authorization page (response_type=code, the app's client id, the service's callback URL as redirect_uri, and a new single-use state valid 10 minutes). Open it in a browser: after the seller approves, the marketplace sends the browser to GET /marketplace/callback. The callback URL is MARKETPLACE_REDIRECT_URI when configured, else this request's host with /marketplace/callback. With ?redirect=0 it answers 200 with the same URL, for a page that signs its requests (the console behind the JWT sign-in) and opens the URL itself.",
    query: ConnectQuery,
    responses: {
      200: ok(ConnectResponse, "The authorization page, for ?redirect=0"),
      302: { schema: ConnectResponse, description: "To the authorization page", headers: { Location: "The authorization page" } },
      400: failure("The request names no host and MARKETPLACE_REDIRECT_URI is not set, so the callback URL is unknown"),
      ...common(failure("The marketplace app is not configured (client id), or an unexpected failure")),
    },
  },
  "GET /marketplace/callback": {
    operationId: "marketplaceCallback",
    tag: "Marketplace account",
    summary: "Where the marketplace sends the seller back",
    description:
      "Checks and consumes the state, trades the code for tokens (grant_type=authorization_code), reads the seller (GET /users/me) and stores the mercadolivre credential, then answers a small page saying the account is connected. Carries no API authorization (a browser follows it from the marketplace): the single-use state is its protection. A missing, unknown, expired or reused state answers 400 and stores nothing.",
    query: CallbackQuery,
    responses: {
      200: { html: true, description: "The account is connected (an HTML page)" },
      400: failure("No state, or one unknown, expired or already used; the seller did not approve; or the marketplace refused the code. Nothing was stored"),
      ...common(failure("The marketplace could not be reached, or an unexpected failure; nothing was stored")),
    },
  },
  "GET /marketplace/account": {
    operationId: "getMarketplaceAccount",
    tag: "Marketplace account",
    summary: "The connected account",
    description: "Whether a marketplace account is connected, whose, and when its access token expires. Never shows a token.",
    responses: { 200: ok(AccountResponse, "The account (connected false and nulls when none)"), ...common() },
  },
  "DELETE /marketplace/account": {
    operationId: "forgetMarketplaceAccount",
    tag: "Marketplace account",
    summary: "Forget the connected account",
    description: "Deletes the stored mercadolivre credential; syncs fail until an account is connected again. Nothing is sent to the marketplace.",
    responses: { 200: ok(DisconnectResponse, "Forgotten (also when none was stored)"), ...common() },
  },
  "PUT /full/local-stock/{warehouse}": {
    operationId: "importLocalStock",
    tag: "Imports",
    summary: "Replace a warehouse's local stock",
    description: `The body's rows replace the warehouse's rows as a whole: rows it does not name are removed. A JSON array of {sku, available}, or CSV (content type text/csv) with the header sku;available or sku,available, pt-BR numbers accepted. The whole body is checked first: an invalid one answers 400 naming the line (CSV, the header is line 1) or item (JSON) and the field, and nothing is written. Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    pathParameters: WarehousePath,
    body: { schema: LocalStockImportBody, description: "The warehouse's rows", required: true, csv: "sku;available\nMG-20;120\nRG-1;1.200\n" },
    responses: {
      200: ok(ImportResponse, "Written and recorded"),
      400: failure("An invalid body (names the line or item and the field) or warehouse name; nothing was written"),
      409: failure("Another import of this warehouse is running"),
      ...common(UNEXPECTED, IMPORT_MAX_BODY_BYTES),
    },
  },
  "GET /full/local-stock": {
    operationId: "listLocalStock",
    tag: "Imports",
    summary: "Local stock rows",
    description: "The local stock rows, of one warehouse when named.",
    query: LocalStockQuery,
    responses: { 200: ok(LocalStockResponse, "The rows"), ...common() },
  },
  "PUT /full/costs": {
    operationId: "importCosts",
    tag: "Imports",
    summary: "Import unit costs",
    description: `Upserts unit costs onto the ads: a JSON array of {sku, cost} or {ad_id, cost}, or CSV with the header sku,cost or ad_id,cost (; or , separated, pt-BR decimals accepted). A SKU's cost goes to every ad of the SKU; an empty cost (null) clears it. Rows naming no stored ad are counted as unmatched. Whole body checked first: an invalid one answers 400 naming the line and field, nothing written. The sync never overwrites a cost. Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    body: { schema: CostsImportBody, description: "Costs by sku or ad_id", required: true, csv: "sku;cost\nMG-20;31,50\nRG-1;1.234,56\n" },
    responses: {
      200: ok(ImportResponse, "Written and recorded"),
      400: failure("An invalid body: names the line or item and the field; nothing was written"),
      409: failure("Another import of costs is running"),
      ...common(UNEXPECTED, IMPORT_MAX_BODY_BYTES),
    },
  },
  "PUT /full/sales": {
    operationId: "importSales",
    tag: "Imports",
    summary: "Import 30-day sales",
    description: `Sets sales_30d on the ads, as PUT /full/costs does with costs (column sales_30d, whole units). A SKU's figure goes to its one ad, or its one Full ad; a SKU of several Full ads is refused (give them by ad_id). An imported figure wins over the one the sync derives from the fulfillment ledger until it is cleared with an empty value (null). Bodies up to ${IMPORT_MAX_BODY_BYTES} bytes.`,
    body: { schema: SalesImportBody, description: "30-day sales by sku or ad_id", required: true, csv: "ad_id,sales_30d\nMLB3270770831,42\n" },
    responses: {
      200: ok(ImportResponse, "Written and recorded"),
      400: failure("An invalid body: names the line or item and the field; nothing was written"),
      409: failure("Another import of sales is running"),
      ...common(UNEXPECTED, IMPORT_MAX_BODY_BYTES),
    },
  },
  "GET /full/imports": {
    operationId: "listImports",
    tag: "Imports",
    summary: "Imports, by API and file",
    description: "The newest imports first: local stock, costs and sales, by API (PUT) or by file dropped in the import bucket, with their counts and, for a refused file, the error.",
    query: ImportsQuery,
    responses: { 200: ok(ImportsResponse, "The imports"), 400: failure("limit is not a whole number from 1 to 200"), ...common() },
  },
  ...alertEndpoints(() => common()),
};

// ---------------------------------------------------------------------------
// JSON Schema

export type JsonSchema = Record<string, unknown>;

/** Request bodies are converted as input (a default makes a field optional); every other named schema is a response. */
const requestSchemaIds = (): Set<string | undefined> =>
  new Set(Object.values(ENDPOINTS).flatMap((endpoint) => (endpoint.body ? [contractRegistry.get(endpoint.body.schema)?.id] : [])));

/** Drops what zod adds that only repeats the type: safe-integer bounds, patterns of formats. */
function withoutNoise({ jsonSchema }: { jsonSchema: JsonSchema }): void {
  if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
  if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
  // The format says it; zod's long equivalent pattern adds nothing for a reader.
  if (jsonSchema.format === "date" || jsonSchema.format === "date-time") delete jsonSchema.pattern;
}

const strip = ({ $schema: _schema, $id: _id, ...rest }: JsonSchema): JsonSchema => rest;

const options = (io: "input" | "output", refBase: string) => ({
  io,
  metadata: contractRegistry,
  uri: (id: string) => `${refBase}${id}`,
  override: withoutNoise as (ctx: { jsonSchema: object }) => void,
});

/**
 * Every named schema as JSON Schema (draft 2020-12, the dialect of OpenAPI 3.1), by id; the
 * named schemas it uses are `$ref`s to `refBase + id`.
 */
export function componentSchemas(refBase: string): Record<string, JsonSchema> {
  const convert = (io: "input" | "output") => z.toJSONSchema(contractRegistry, options(io, refBase)).schemas as Record<string, JsonSchema>;
  const [input, output] = [convert("input"), convert("output")];
  if ("__shared" in output || "__shared" in input) throw new Error("A contract schema is recursive: name the schema that repeats");
  const requests = requestSchemaIds();
  return Object.fromEntries(Object.keys(output).map((id) => [id, strip(requests.has(id) ? input[id]! : output[id]!)]));
}

/** A contract schema as JSON Schema: a `$ref` for a named one, else inline (parameters, which use no named schema). */
export function jsonSchemaOf(schema: z.ZodMiniType, io: "input" | "output", refBase: string): JsonSchema {
  const id = contractRegistry.get(schema)?.id;
  if (id) return { $ref: `${refBase}${id}` };
  const json = strip(z.toJSONSchema(schema, options(io, refBase)) as JsonSchema);
  if ("$defs" in json) throw new Error("An inline contract schema uses a named schema: reference it by name");
  return json;
}
