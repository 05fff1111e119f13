import { clockTime } from "../time.js";
import { describeAll, type DescribedMessage, type Locale } from "../messages/index.js";
import type { RunDrift } from "./drift.js";

/** A sync run as stored and as GET /full/sync/status and GET /full/sync/runs show it (snake_case, every field present). */
export type RunTrigger = "api" | "schedule";
export type RunState = "running" | "succeeded" | "partial" | "failed";

export interface RunResult {
  ads_full: number;
  inventories: number;
  dimensions_updated: number;
  cost_updated: number;
  cost_skipped: number;
  tariffs_active: number;
  /** What the run could not compute for want of an input (no active tariff, ads without dimensions, no sales). */
  warnings?: DescribedMessage[];
}

export interface RunProgress {
  ads_total: number;
  ads_done: number;
  shards_total: number;
  shards_done: number;
}

export interface FailedAd {
  ad_id: string;
  error: string;
}

export interface SyncRun {
  /** "<ISO started_at>#<short random>": sorts by start time. */
  id: string;
  trigger: RunTrigger;
  state: RunState;
  started_at: string;
  finished_at: string | null;
  duration_ms: number | null;
  heartbeat_at: string | null;
  result: RunResult | null;
  failed_count: number;
  /** The first FAILED_ADS_CAP failed ads; failed_count has them all. */
  failed_ads: FailedAd[];
  /** A sentence a person understands; never a token. */
  error: string | null;
  progress: RunProgress | null;
  /** Who started it through the API (http/actor.ts); null for the daily schedule. */
  actor: string | null;
  /** API Gateway's id of the request that started it; null for the daily schedule. */
  request_id: string | null;
  /** Inventories whose stored stock differed from the marketplace's (drift.ts); null until a run completes. */
  drift: RunDrift | null;
}

/** Who started a run, when a request did. */
export interface RunOrigin {
  actor: string;
  request_id: string | null;
}

export const FAILED_ADS_CAP = 50;

/** Runs are kept this long (the table's TTL removes them). */
export const RUN_RETENTION_DAYS = 90;

export const runId = (startedAt: Date, random: string): string => `${startedAt.toISOString()}#${random}`;

/** A new run, just started. */
export function startedRun(id: string, trigger: RunTrigger, startedAt: Date, origin?: RunOrigin): SyncRun {
  const at = startedAt.toISOString();
  return {
    id,
    trigger,
    state: "running",
    started_at: at,
    finished_at: null,
    duration_ms: null,
    heartbeat_at: at,
    result: null,
    failed_count: 0,
    failed_ads: [],
    error: null,
    progress: null,
    actor: origin?.actor ?? null,
    request_id: origin?.request_id ?? null,
    drift: null,
  };
}

/** The run as it ended: its state, counters, failed ads (capped) and error. */
export function finishedRun(
  run: SyncRun,
  end: {
    state: Exclude<RunState, "running">;
    at: Date;
    result: RunResult | null;
    failed: readonly FailedAd[];
    error: string | null;
    progress: RunProgress | null;
    drift?: RunDrift | null;
  },
): SyncRun {
  const finished = end.at.toISOString();
  return {
    ...run,
    state: end.state,
    finished_at: finished,
    duration_ms: Math.max(0, end.at.getTime() - Date.parse(run.started_at)),
    heartbeat_at: finished,
    result: end.result,
    failed_count: end.failed.length,
    failed_ads: end.failed.slice(0, FAILED_ADS_CAP).map(({ ad_id, error }) => ({ ad_id, error })),
    error: end.error,
    progress: end.progress,
    drift: end.drift ?? null,
  };
}

/** Why a run is taken for dead: its owner stopped renewing the lease. The time is the business zone's wall clock. */
export const abandonedReason = (lastHeartbeat: Date, timeZone: string): string => `abandoned: no heartbeat since ${clockTime(timeZone, lastHeartbeat)}`;

/**
 * A run left `running` by an owner that stopped renewing its heartbeat, as failed: it ended, as
 * far as anyone can tell, at its last heartbeat.
 */
export function abandonedRun(run: SyncRun, timeZone: string): SyncRun {
  const last = new Date(run.heartbeat_at ?? run.started_at);
  return {
    ...run,
    state: "failed",
    finished_at: last.toISOString(),
    duration_ms: Math.max(0, last.getTime() - Date.parse(run.started_at)),
    error: abandonedReason(last, timeZone),
  };
}

/** The run with its warnings written in `locale` (stored in the default language). */
export function localizeRun(run: SyncRun, locale: Locale): SyncRun {
  if (!run.result?.warnings) return run;
  return { ...run, result: { ...run.result, warnings: describeAll(run.result.warnings, locale) } };
}
