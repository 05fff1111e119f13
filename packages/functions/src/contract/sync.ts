/** The HTTP contract of the sync (CONTRACTS section 5): starting a run, its status and the run history. */
import * as z from "zod/mini";
import { Sync } from "@fulfillment/core";
import {
  type Agrees,
  type Checked,
  calendarDay,
  common,
  count,
  described,
  endpoint,
  failure,
  isoDateTime,
  Message,
  named,
  nullableDateTime,
  nullableNumber,
  nullableText,
  ok,
  succeeded,
  text,
  wholeNumberQuery,
  id,
  list,
  nullableId,
  whole,
} from "./schema.js";
import { LIMITS } from "./limits.js";

// ---------------------------------------------------------------------------
// POST /full/sync (CONTRACTS section 5) and the run history

/** Ads (or listed items) that could not be read, each with why. */
const failedAds = () => list(z.object({ ad_id: id("The ad"), error: text("Why it failed") }), LIMITS.catalogueItems);

export const SyncDiscovery = named(
  "SyncDiscovery",
  "Catalogue discovery at the start of the sync: the seller's Full listings become the ads it reads",
  z.object({
    listed: count("Full listings the marketplace named"),
    added: count("Ads stored for the first time"),
    updated: count("Stored ads whose title, thumbnail, permalink, sku or is_full changed"),
    no_longer_full: count("Stored Full ads no longer listed: kept, with is_full false"),
    sales_from_ledger: count("Ads whose sales_30d comes from the fulfillment ledger (no imported value)"),
    failed: described("Listed items that could not be read", failedAds()),
    error: nullableText("Why the listing or the ledger read failed; the sync went on with the ads already stored (a partial run)"),
  }),
);

const syncWarnings = () =>
  described(
    "What the run could not compute for want of an input, each saying what is missing and where to add it: no_active_tariffs (no storage cost without a tariff), no_dimensions (Full ads without package dimensions), no_sales_data (no Full ad sold in 30 days). Empty when nothing is missing",
    list(Message, LIMITS.shortList),
  );

export const SyncResponse = named(
  "SyncResponse",
  "Result of one stock synchronisation and cost calculation",
  succeeded({
    run_id: id("The run in the history (GET /full/sync/runs)"),
    stock: z.object({
      ads_full: count("Fulfillment ads read"),
      inventories: count("Inventory records written"),
      dimensions_updated: count("Ads whose package dimensions changed"),
      failed: described(
        "Ads that could not be synchronised; the others were",
        failedAds(),
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

const DriftFigures = named(
  "SyncDriftFigures",
  "An inventory's stock by state and first-in-first-out lots, as compared by the reconciliation (null: not known)",
  z.object({
    available_qty: nullableNumber("Units available"),
    in_transit_qty: nullableNumber("Units reserved to move between warehouses"),
    not_available_qty: nullableNumber("Other units not available"),
    total_qty: nullableNumber("All units"),
    fifo_lots: described(
      "Receptions still in stock, oldest first, back to the oldest day the run's receptions search covered; null when lots were not compared (no search answered)",
      z.nullable(list(z.object({ day: calendarDay("Day received (YYYY-MM-DD)"), units: described("Units of it still in stock", z.number()) }), LIMITS.shortList * 10)),
    ),
  }),
);

const SyncRunDrift = named(
  "SyncRunDrift",
  "The reconciliation: inventories whose stored stock (what the marketplace's notifications built since the last run) differed from what the run read. Not counted: inventories new to the catalogue and records a notification wrote while the run read the marketplace. The run stores what it read",
  z.object({
    count: count("Inventories that differed"),
    inventories: described(
      `The first ${Sync.DRIFT_INVENTORIES_CAP} of them, by ad and inventory id: expected is what the marketplace said (the run's read), found what was stored`,
      list(
        z.object({
          inventory_id: id("The inventory"),
          ad_id: nullableId("Its ad"),
          expected: DriftFigures,
          found: DriftFigures,
        }),
        Sync.DRIFT_INVENTORIES_CAP,
      ),
    ),
  }),
);

export const SyncRun = named(
  "SyncRun",
  "One sync run (POST /full/sync or the daily schedule). Every field is present; null when unknown. A run whose owner stopped renewing its heartbeat shows as failed with error \"abandoned: no heartbeat since HH:MM:SS\" (business time zone)",
  z.object({
    id: id("Run id: the start time (ISO 8601) and a short random suffix, so ids sort by start"),
    trigger: described("What started it: POST /full/sync (api) or the daily schedule", z.enum(["api", "schedule"])),
    state: described(
      "running; succeeded; partial (some ads failed, listed in failed_ads); failed (nothing was changed by the marketplace read: see error)",
      z.enum(["running", "succeeded", "partial", "failed"]),
    ),
    started_at: isoDateTime("Start (ISO 8601)"),
    finished_at: nullableDateTime("End (ISO 8601); null while running"),
    duration_ms: described("Milliseconds from start to end; null while running", z.nullable(whole(0, LIMITS.millisecondsMax))),
    heartbeat_at: nullableDateTime("Last heartbeat of the run's owner (ISO 8601)"),
    result: described("Counters of a completed run; null while running or when it failed", z.nullable(SyncRunResult)),
    failed_count: count("Ads that failed"),
    failed_ads: described(`The first ${Sync.FAILED_ADS_CAP} failed ads`, list(z.object({ ad_id: id("The ad"), error: text("Why it failed") }), Sync.FAILED_ADS_CAP)),
    error: nullableText("Why the run failed, in words; null unless failed"),
    progress: described("Progress; null before the Full ads are listed", z.nullable(SyncRunProgress)),
    actor: nullableText("Who started it through the API: a person (\"<email> (<sub>)\"), a machine client (\"client <id>\"), an IAM caller's ARN, or local; null for the daily schedule"),
    request_id: nullableId("API Gateway's id of the request that started it; null for the daily schedule"),
    drift: described("The reconciliation of a completed run (succeeded or partial); null while running, when it failed, or for runs stored before it was recorded", z.nullable(SyncRunDrift)),
  }),
);

/** One seller's start in POST /full/sync?seller_id=all. */
const SellerSyncStart = named(
  "SellerSyncStart",
  "One seller's run started by POST /full/sync?seller_id=all",
  z.object({
    seller_id: id("The seller (its marketplace user id)"),
    nickname: nullableText("The seller's nickname, when known"),
    run_id: nullableId("The run started (GET /full/sync/runs naming the seller); null when none started"),
    state: z.enum(["running", "succeeded", "partial", "failed", "skipped"]),
    error: nullableText("Why no run started (skipped: one of this seller is running; failed: it could not start), in the request's language; null otherwise"),
  }),
);

export const SyncStartedResponse = named(
  "SyncStartedResponse",
  "A sync run still under way after about 20 s: it goes on; GET /full/sync/status follows it. With seller_id=all: every granted seller's run, started together, in sellers",
  succeeded({
    run: described(
      "The run under way; absent with seller_id=all, whose runs are in sellers",
      z.optional(
        z.object({
          id: id("Run id (GET /full/sync/runs)"),
          state: z.literal("running"),
          // Zeros until the plan step has counted the Full ads.
          progress: SyncRunProgress,
        }),
      ),
    ),
    sellers: described("seller_id=all only: each granted seller's start, in the sellers' order", z.optional(list(SellerSyncStart, LIMITS.shortList))),
  }),
);

export const SyncStatusResponse = named(
  "SyncStatusResponse",
  "The sync under way, the last finished run, the last successful one and the next scheduled run",
  succeeded({
    running: described("The run under way, or null", z.nullable(SyncRun)),
    last: described("The newest finished run (succeeded, partial or failed), or null", z.nullable(SyncRun)),
    last_success: described("The newest run that succeeded, or null", z.nullable(SyncRun)),
    next_scheduled_at: nullableDateTime("Next run of the daily schedule (ISO 8601, UTC)"),
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
  succeeded({ runs: list(SyncRun, RUNS_MAX_LIMIT) }),
);


// The core's run and its parts, checked against their schemas both ways (services/sync/start.ts infers the POST bodies).
export type SyncAnswers = Checked<
  [
    Agrees<typeof SyncRun, Sync.SyncRun>,
    Agrees<typeof SyncRunResult, Sync.RunResult>,
    Agrees<typeof SyncRunProgress, Sync.RunProgress>,
    Agrees<typeof SyncRunDrift, Sync.RunDrift>,
  ]
>;

// ---------------------------------------------------------------------------
// Endpoints

export const runSync = endpoint(
  "runSync",
  {},
  {
    tag: "Fulfillment",
    summary: "Run the stock sync",
    description:
      "Starts the stock synchronisation and cost calculation of the daily job and waits about 20 s for it: a run that ends in time answers 200 (or 500); a longer one answers 202 and goes on. Reads the marketplace only; never writes to it. No body. With seller_id=all it starts a run for every seller the caller is granted, at once, and answers 202 with each seller's start in sellers (a seller whose run is going on already is skipped).",
    responses: {
      200: ok(SyncResponse, "The sync ran (state succeeded, or partial with the failed ads listed in stock.failed)"),
      202: ok(SyncStartedResponse, "The run is still under way after about 20 s and goes on; follow it with GET /full/sync/status. With seller_id=all: the runs started, one per seller"),
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
  "getSyncStatus",
  {},
  {
    tag: "Fulfillment",
    summary: "Sync status",
    description:
      "The sync under way (with its progress), the last finished run and how it went, the last successful run, and when the daily schedule runs next. A run whose owner stopped renewing its heartbeat for 45 seconds shows as failed.",
    responses: { 200: ok(SyncStatusResponse, "The status"), ...common() },
  },
);

export const listSyncRuns = endpoint(
  "listSyncRuns",
  { query: SyncRunsQuery },
  {
    tag: "Fulfillment",
    summary: "Sync run history",
    description: "Runs from POST /full/sync and the daily schedule, newest first; each with its trigger, times, state, counters, failed ads and error.",
    responses: { 200: ok(SyncRunsResponse, "The runs"), 400: failure("limit is not a whole number from 1 to 100"), ...common() },
  },
);
