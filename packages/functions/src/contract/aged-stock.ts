/** The HTTP contract of the aged-stock report: stock by age and the aged surcharge ahead, per SKU and inventory. */
import * as z from "zod/mini";
import { AgedStock } from "@fulfillment/core";
import { type Agrees, calendarDay, type Checked, common, count, described, endpoint, failure, keyed, Message, named, nullableText, reportFormat, succeeded, text, variationId, id, list, nullableId } from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// GET /full/aged-stock

export const AgedStockQuery = z.object({ format: reportFormat });

const AgeBuckets = named(
  "AgeBuckets",
  "Units in stock by age in days since reception (bounds inclusive)",
  keyed(AgedStock.BUCKET_KEYS, (key) => count(`Units aged ${key.replace("_", " ")} days`)),
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
    inventory_id: id("Inventory"),
    ad_id: nullableId("The ad"),
    variation_id: variationId,
    available_qty: count("Units available"),
    ...agedFigures,
  }),
);

const AgedSku = named(
  "AgedSku",
  "One SKU with stock, its inventories rolled up",
  z.object({
    sku: text("SKU", LIMITS.skuChars),
    title: nullableText("Title of the first fulfillment ad of the SKU", LIMITS.titleChars),
    ...agedFigures,
    action: described(
      "promote: it sells but not fast enough to clear the units before they pass the threshold; withdraw: no sales, or more than 90 days to sell them; none: nothing at risk",
      z.enum(AgedStock.AGED_ACTIONS),
    ),
    reason: text("Why this action, in the request's language (Accept-Language: pt-BR by default, en on request); several reasons joined with \"; \""),
    reason_details: described("The same reasons as data: code, params and text", list(Message, LIMITS.shortList)),
    inventories: list(AgedInventory, LIMITS.shortList),
    seller_id: described("Only with seller_id=all: the connected account (user_id) the SKU's stock is of", z.optional(id("The seller's marketplace id"))),
  }),
);

const AgedTotals = named(
  "AgedTotals",
  "The figures of every SKU summed, with the count of each action",
  z.object({
    skus: count("SKUs with stock"),
    available_units: count("Units available"),
    ...agedFigures,
    actions: keyed(AgedStock.AGED_ACTIONS, (action) => count(`SKUs whose action is ${action}`)),
  }),
);

export const AgedStockResponse = named(
  "AgedStockResponse",
  "Aged stock per SKU, largest projected surcharge first",
  succeeded({ today: calendarDay("Today in the business time zone"), totals: AgedTotals, skus: list(AgedSku, LIMITS.catalogueItems) }),
);


// The core's report, checked against its schema both ways.
export type AgedStockAnswers = Checked<[Agrees<typeof AgedStockResponse, AgedStock.AgedStockBody>]>;

// ---------------------------------------------------------------------------
// Endpoints

export const getAgedStock = endpoint(
  "getAgedStock",
  { query: AgedStockQuery },
  {
    tag: "Fulfillment",
    summary: "Aged stock and its surcharge",
    description:
      "Per SKU with stock and per inventory: the first-in-first-out lots still in stock by age bucket, the units past the aged threshold of the tariff of the SKU's volume, the units crossing it in the next 7, 14 and 30 days and the aged surcharge of the next 30 days, if nothing sells and if sales continue at the SKU's velocity, with a suggested action. As CSV (format=csv or Accept: text/csv): one row per inventory.",
    responses: {
      200: {
        schema: AgedStockResponse,
        description: "The report, largest projected surcharge first",
        csv: `One row per inventory, in the report's order, with its SKU's action and reason: ${AgedStock.AGED_INVENTORY_COLUMNS.join(", ")}`,
      },
      400: failure("format is not json or csv"),
      ...common(),
    },
  },
);
