/**
 * The HTTP contract of the four dashboard reads (SPEC 4.A): replenishment, overview, inventory list
 * and an ad's detail. The request schema each handler parses with, and its answers.
 */
import * as z from "zod/mini";
import { explain, issueText } from "../error-texts.js";
import { NotFoundError } from "../errors.js";
import { Detail, InventoryList, Messages, Overview, Replenishment } from "@fulfillment/core";
import { type Agrees, anyQueryValue, calendarDay, type Checked, common, count, described, endpoint, failure, integer, Message, named, revalidated, nullableDateTime, nullableInteger, nullableNumber, nullableText, ok, text, variationId, bounded, id, list, nullableId } from "./schema.js";
import { LIMITS } from "./limits.js";

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
  z.object({ warehouse: text("Warehouse name", LIMITS.nameChars), available: integer("Units available in that warehouse") }),
);

export const ReplenishmentItem = named(
  "ReplenishmentItem",
  "One SKU whose fulfillment coverage is below trigger_days",
  z.object({
    ad_id: id("The first fulfillment ad of the SKU"),
    sku: text("SKU", LIMITS.skuChars),
    title: nullableText("Title of the first fulfillment ad of the SKU", LIMITS.titleChars),
    full_available: integer("Units available in fulfillment (sum of available_qty over the SKU's inventory records)"),
    local_available: integer("Units available in the local warehouses (sum over the SKU's local stock rows)"),
    local_warehouses: list(LocalWarehouse, LIMITS.shortList),
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
      z.object({ full_available: bounded(LIMITS.sentenceChars), local_available: bounded(LIMITS.sentenceChars), velocity: bounded(LIMITS.sentenceChars) }),
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
    items: list(ReplenishmentItem, LIMITS.catalogueItems),
    mode: described("Always suggestion_only: nothing is sent anywhere", z.literal(Replenishment.MODE)),
  }),
);

// ---------------------------------------------------------------------------
// GET /full/overview

const overviewWarnings = () =>
  described(
    "What cannot be computed for want of an input, each saying what is missing and where to add it: no_active_tariffs and no_local_stock as things are now, no_dimensions and no_sales_data as the last successful sync found the catalogue. Empty when nothing is missing",
    list(Message, LIMITS.shortList),
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

const SellerOverview = named(
  "SellerOverview",
  "One connected account's own overview, within the consolidated one (seller_id=all)",
  z.object({
    seller_id: id("The account's marketplace id (user_id)"),
    nickname: nullableText("The account's nickname", LIMITS.nameChars),
    has_data: described("Whether the account has inventory records", z.boolean()),
    summary: described("Its figures; null without inventory records", z.nullable(OverviewSummary)),
    alerts: described("Its alert counts; null without inventory records", z.nullable(OverviewAlerts)),
    updated_at: nullableDateTime("When its freshest figure was updated; null when no record says"),
  }),
);

const OverviewWithData = named(
  "OverviewWithData",
  "Overview when inventory records exist",
  z.object({
    has_data: z.literal(true),
    summary: OverviewSummary,
    alerts: OverviewAlerts,
    updated_at: nullableDateTime("When the freshest figure was updated: the newest updated_at of the inventory records, as a UTC instant (ISO 8601); null when no record says"),
    warnings: overviewWarnings(),
    sellers: described(
      "Only with seller_id=all: each connected account's own figures; summary and alerts are then their sums over the accounts (immobilized_value the sum of theirs), updated_at the latest",
      z.optional(list(SellerOverview, LIMITS.shortList)),
    ),
  }),
);

const OverviewNoData = named(
  "OverviewNoData",
  "Overview when there are no inventory records yet",
  z.object({
    has_data: z.literal(false),
    message: text("Tells the operator to run the sync (POST /full/sync), in the language Accept-Language asks for (pt-BR by default, en on request)"),
    message_detail: Message,
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
      z.optional(z.union([z.enum(InventoryList.INVENTORY_SORTS), bounded(LIMITS.queryChars)])),
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
    inventory_id: id("Inventory unit of an ad or variation"),
    ad_id: nullableId("The ad"),
    sku: nullableText("SKU", LIMITS.skuChars),
    variation_id: variationId,
    title: nullableText("Ad title; null without an ad", LIMITS.titleChars),
    thumbnail: nullableText("Ad thumbnail URL; null without an ad", LIMITS.urlChars),
    permalink: nullableText("Ad URL; null without an ad", LIMITS.urlChars),
    ...inventoryQuantities,
    storage_cost_unit: nullableNumber("Unit storage cost of the SKU (metric storage_cost); null when there is no metric or it is zero"),
    storage_risk_unit: nullableNumber("Unit storage risk cost of the SKU (metric storage_risk_cost); null when there is no metric or it is zero"),
    is_aged: described(`oldest_stock_days known and above ${Overview.AGED_DAYS}`, z.boolean()),
    is_low_coverage: described(`days_of_stock known and below ${Overview.LOW_COVERAGE_DAYS}`, z.boolean()),
    updated_at: nullableDateTime("Time of the last sync of the record (ISO 8601), null when unknown"),
    seller_id: described("Only with seller_id=all: the connected account (user_id) the record is of", z.optional(id("The seller's marketplace id"))),
  }),
);

export const InventoryListResponse = named(
  "InventoryListResponse",
  "Every fulfillment inventory record, sorted",
  z.object({
    has_data: described("True when items is non-empty", z.boolean()),
    count: count("Number of items"),
    items: list(InventoryListItem, LIMITS.catalogueItems),
  }),
);

// ---------------------------------------------------------------------------
// GET /full/inventory/{ad_id}

// An id longer than any the marketplace gives names no ad: 404, as SPEC answers an unknown one.
const adIdTooLong = (issue: { input?: unknown }) => issueText(explain("inventory_not_found", { ad_id: `${String(issue.input).slice(0, LIMITS.idChars)}…` }));
export const InventoryDetailPath = z.object({ ad_id: described("The ad", z.string().check(z.maxLength(LIMITS.idChars, { error: adIdTooLong }))) });

const DetailInventory = named(
  "DetailInventory",
  "One inventory record of the ad",
  z.object({
    inventory_id: id("Inventory unit of the ad or one of its variations"),
    variation_id: variationId,
    ...inventoryQuantities,
    updated_at: nullableDateTime("When the record's figures were last updated, by a sync or a stock operation (ISO 8601), null when unknown"),
  }),
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
    ad_id: id("The ad"),
    title: nullableText("Ad title; null without an ad record", LIMITS.titleChars),
    thumbnail: nullableText("Ad thumbnail URL; null without an ad record", LIMITS.urlChars),
    inventories: list(DetailInventory, LIMITS.shortList),
    daily_series: described("Days from today minus 60 onward that have stock rows, ascending", list(DailyPoint, LIMITS.days)),
  }),
);


// The core's bodies of these answers, checked against their schemas both ways.
export type DashboardAnswers = Checked<
  [
    Agrees<typeof ReplenishmentResponse, Replenishment.ReplenishmentBody>,
    Agrees<typeof OverviewResponse, Overview.OverviewBody & { warnings: Messages.DescribedMessage[] }>,
    Agrees<typeof InventoryListResponse, InventoryList.InventoryListBody>,
    Agrees<typeof InventoryDetailResponse, Detail.DetailBody>,
  ]
>;

// ---------------------------------------------------------------------------
// Endpoints

export const getReplenishment = endpoint(
  "getReplenishment",
  { query: ReplenishmentQuery },
  {
    tag: "Fulfillment",
    summary: "Replenishment suggestions",
    description:
      "What to send from the local warehouses to fulfillment, per SKU of the fulfillment ads: SKUs whose coverage at the 30-day sales pace is below trigger_days, with the quantity that brings it to target_days, limited by local stock. Suggestions only; nothing is sent.",
    responses: { 200: ok(ReplenishmentResponse, "Suggestions, lowest coverage first"), ...common() },
  },
);

export const getOverview = endpoint(
  "getOverview",
  {},
  {
    tag: "Fulfillment",
    summary: "Operational overview",
    description: `Units, immobilized value and alert counts over every fulfillment inventory record (aged above ${Overview.AGED_DAYS} days, low coverage below ${Overview.LOW_COVERAGE_DAYS} days, stranded above ${Overview.STRANDED_DAYS} days).`,
    responses: { ...revalidated(OverviewResponse, "The overview; has_data false with a message when no inventory records exist"), ...common() },
  },
);

export const listInventory = endpoint(
  "listInventory",
  { query: InventoryListQuery },
  {
    tag: "Fulfillment",
    summary: "Inventory list",
    description: "Every fulfillment inventory record with its ad, unit storage costs and alert flags.",
    responses: { ...revalidated(InventoryListResponse, "The records"), ...common() },
  },
);

export const getInventoryDetail = endpoint(
  "getInventoryDetail",
  { path: InventoryDetailPath },
  {
    refusal: (issue) => new NotFoundError(issue.message),
    tag: "Fulfillment",
    summary: "Inventory detail of an ad",
    description: "The ad's inventory records and the daily series of its stock over the last 60 days (today in the business time zone).",
    responses: {
      ...revalidated(InventoryDetailResponse, "The ad's inventories and daily series"),
      404: failure("No inventory records for the ad"),
      ...common(),
    },
  },
);
