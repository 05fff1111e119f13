import type { Messages, Sync } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getRun } from "#storage/sync-runs";
import type { DiscoveryResult } from "./discovery.js";
import {
  MarketplaceAuthError,
  MarketplaceConfigError,
  MarketplaceError,
  MissingCredentialError,
  type MarketplaceClient,
} from "../marketplace/index.js";
import { logger } from "#logging/logger";
import { businessTimeZone } from "./business-time.js";
import { SyncFailedError, SyncLeaseLostError, SyncRunningError } from "./sync-errors.js";
import { renewRunLease, startRun, SYNC_HEARTBEAT_MS, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS, type RunHandle } from "./sync-run.js";
import { planRun, positiveInteger, type Plan } from "./sync-plan.js";
import { errorText, failShard, runShard } from "./sync-shard.js";
import { finalOutcome } from "./sync-finalize.js";
import { budgetedFetch, maxCallsPerMinute, type CallBudget } from "./call-budget.js";
import { DEFAULT_SHARD_CONCURRENCY, SHARD_ATTEMPTS } from "./sync-bounds.js";

export { SyncFailedError, SyncLeaseLostError, SyncRunningError, SYNC_HEARTBEAT_MS, SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS };

export { DEFAULT_SHARD_CONCURRENCY, SHARD_ATTEMPTS };
/** How often a long run logs its progress. */
export const PROGRESS_LOG_MS = 5_000;

export const shardConcurrency = (): number => positiveInteger(process.env.SYNC_SHARD_CONCURRENCY) ?? DEFAULT_SHARD_CONCURRENCY;

export interface SyncResult {
  success: true;
  run_id: string;
  stock: {
    ads_full: number;
    inventories: number;
    dimensions_updated: number;
    failed: Sync.FailedAd[];
  };
  cost: { updated: number; skipped: number; tariffs_active: number };
  /** What the run could not compute for want of an input, each saying where to add it (no_active_tariffs, no_dimensions, no_sales_data). */
  warnings: Messages.DescribedMessage[];
  /** Catalogue discovery at the start of the run; `error` set makes the run partial. */
  discovery: DiscoveryResult;
}

/** Extra client options the run supplies: the budgeted fetch when a rate budget applies. */
export interface ClientExtras {
  fetch?: typeof globalThis.fetch;
}

export interface SyncOptions {
  trigger: Sync.RunTrigger;
  /**
   * The client, or how to make one: made inside the run (a configuration failure is recorded with
   * it), once per shard like the shard step in AWS, and given the run's budgeted fetch.
   */
  marketplace: MarketplaceClient | ((extras: ClientExtras) => Promise<MarketplaceClient>);
  /** The run's clock: lease, heartbeat, records and the business day. */
  clock?: () => Date;
  heartbeatMs?: number;
  shardSize?: number;
  concurrency?: number;
  /** The run's marketplace call budget; default MARKETPLACE_MAX_CALLS_PER_MINUTE, none when unset. */
  budget?: CallBudget | null;
  /** Told the run id as soon as the run is recorded (POST /full/sync answers 202 with it). */
  onStarted?: (runId: string) => void;
}

/**
 * CONTRACTS section 5, as the in-process runner of the three sync steps: plan (services/sync-plan.ts),
 * the shards with a concurrency bound, each retried up to SHARD_ATTEMPTS times
 * (services/sync-shard.ts), then finalize exactly once (services/sync-finalize.ts). Every run is
 * recorded (services/sync-run.ts) and holds the lease, renewed by a heartbeat, while it works.
 *
 * Outcomes: `succeeded`; `partial` when some ads (or whole shards) failed; `failed` — thrown as
 * SyncFailedError — when the marketplace or its configuration fails the run or no Full ad could be
 * read at all.
 */
export async function runSync(ref: TableRef, options: SyncOptions): Promise<SyncResult> {
  const clock = options.clock ?? (() => new Date());
  const timeZone = await businessTimeZone(ref, { fresh: true });
  const run = await startRun(ref, { trigger: options.trigger, clock, timeZone, heartbeatMs: options.heartbeatMs });
  options.onStarted?.(run.id);
  const progressLog = setInterval(() => void logProgress(ref, run.id), PROGRESS_LOG_MS);
  progressLog.unref?.();
  try {
    const now = clock();
    const budget = options.budget === undefined ? budgetFromEnvironment() : options.budget;
    const fetch = budget ? budgetedFetch(ref, run.id, budget) : undefined;
    const given = options.marketplace;
    const client = typeof given === "function" ? () => given(fetch ? { fetch } : {}) : () => Promise.resolve(given);
    // A client that cannot be made (configuration) fails the run before any shard.
    const planClient = await client();
    run.step("discoverCatalogue");
    const plan = await planRun(ref, run.id, now, planClient, options.shardSize);
    const renewLease = () => renewRunLease(ref, run.id, clock());
    const fatal = await runShards(ref, run, plan, { now, timeZone, concurrency: options.concurrency ?? shardConcurrency(), client, renewLease });
    run.step("recomputeCosts");
    const outcome = await finalOutcome(ref, run.id, clock());
    if (!outcome) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
    const { end } = outcome;
    await run.finish(end);
    if (end.state === "failed") throw fatal ? asSyncFailure(fatal, run.id) : new SyncFailedError(end.error, { runId: run.id });
    return {
      success: true,
      run_id: run.id,
      stock: { ads_full: end.result.ads_full, inventories: end.result.inventories, dimensions_updated: end.result.dimensions_updated, failed: [...end.failed] },
      cost: { updated: end.result.cost_updated, skipped: end.result.cost_skipped, tariffs_active: end.result.tariffs_active },
      warnings: end.result.warnings ?? [],
      discovery: outcome.discovery ?? plan.discovery,
    };
  } catch (error) {
    if (error instanceof SyncFailedError && error.runId === run.id) throw error;
    const failure = asSyncFailure(error, run.id);
    const reason = failure instanceof SyncFailedError ? failure.reason : `unexpected failure: ${errorText(error)}`;
    await run.finish({ state: "failed", error: reason, failed: [] }).catch((finishError: unknown) =>
      logger.warn("Sync run outcome not stored", { run_id: run.id, reason: errorText(finishError) }),
    );
    throw failure;
  } finally {
    clearInterval(progressLog);
  }
}

const budgetFromEnvironment = (): CallBudget | null => {
  const maxCalls = maxCallsPerMinute();
  return maxCalls ? { maxCalls } : null;
};

/** The cause of a step's failure in words: the operator's sentence when there is one. */
export function syncFailureText(error: unknown): string {
  const failure = asSyncFailure(error, undefined);
  return failure instanceof SyncFailedError ? failure.reason : `unexpected failure: ${errorText(error)}`;
}

/** A failure no retry would mend: a refused token, missing configuration, a lost lease. */
export const isFatal = (error: unknown): boolean =>
  error instanceof MarketplaceAuthError || error instanceof MissingCredentialError || error instanceof MarketplaceConfigError || error instanceof SyncLeaseLostError;

interface ShardRunOptions {
  now: Date;
  timeZone: string;
  concurrency: number;
  client: () => Promise<MarketplaceClient>;
  renewLease: () => Promise<boolean>;
}

/**
 * Every shard of the plan, at most `concurrency` at once. A shard that throws is retried; one that
 * still fails is recorded failed and the others go on. A fatal failure stops new shards from
 * starting and is returned (the run ends failed).
 */
async function runShards(ref: TableRef, run: RunHandle, plan: Plan, options: ShardRunOptions): Promise<unknown> {
  let next = 0;
  let fatal: unknown;
  const work = async (shard: number): Promise<void> => {
    for (let attempt = 1; ; attempt++) {
      try {
        const marketplace = await options.client();
        await runShard(ref, { runId: run.id, shard, marketplace, now: options.now, timeZone: options.timeZone, step: (name) => run.step(name), renewLease: options.renewLease });
        return;
      } catch (error) {
        const failure = asSyncFailure(error, run.id);
        const reason = failure instanceof SyncFailedError ? failure.reason : errorText(error);
        if (isFatal(error)) {
          fatal ??= error;
          if (!(error instanceof SyncLeaseLostError)) await failShard(ref, run.id, shard, reason, reason);
          return;
        }
        if (attempt >= SHARD_ATTEMPTS) {
          logger.warn(`Sync shard ${shard} failed after ${attempt} attempts; the other shards go on`, { run_id: run.id, shard, reason });
          await failShard(ref, run.id, shard, reason, null);
          return;
        }
        logger.info(`Sync shard ${shard} failed (attempt ${attempt}); retrying`, { run_id: run.id, shard, reason });
      }
    }
  };
  const worker = async (): Promise<void> => {
    while (next < plan.shards.length && fatal === undefined) await work(plan.shards[next++]!);
  };
  await Promise.all(Array.from({ length: Math.min(options.concurrency, plan.shards.length) }, worker));
  return fatal;
}

/** The progress line of a long run on the console (the status endpoint shows the same figures). */
async function logProgress(ref: TableRef, runId: string): Promise<void> {
  const run = await getRun(ref, runId).catch(() => undefined);
  const p = run?.progress;
  if (!p || run?.state !== "running") return;
  logger.info(`Sync run ${runId}: ${p.ads_done} of ${p.ads_total} ads, ${p.shards_done} of ${p.shards_total} shards`, { run_id: runId, progress: p });
}

/** A failure the operator can act on becomes SyncFailedError with its cause in words; anything else stays unexpected. */
function asSyncFailure(error: unknown, runId: string | undefined): unknown {
  if (error instanceof SyncFailedError) return error;
  if (error instanceof MarketplaceAuthError) return new SyncFailedError(authFailureText(error), { cause: error, runId });
  if (error instanceof MarketplaceError || error instanceof MissingCredentialError || error instanceof MarketplaceConfigError || error instanceof SyncLeaseLostError) {
    return new SyncFailedError(error.message, { cause: error, runId });
  }
  return error;
}

function authFailureText(error: MarketplaceAuthError): string {
  if (error.endpoint === "POST /oauth/token") return `token refresh rejected: ${error.code ?? `HTTP ${error.status}`} (${error.message})`;
  return `the marketplace refused the access token even after a refresh (${error.message})`;
}

