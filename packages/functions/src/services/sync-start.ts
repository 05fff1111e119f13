import type { Sync } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { getRun } from "#storage/sync-runs";
import { getRunPlan } from "#storage/sync-shards";
import { logger } from "#logging/logger";
import { businessTimeZone } from "./business-time.js";
import { SyncFailedError } from "./sync-errors.js";
import { closeRun, recordRunStart } from "./sync-run.js";
import { errorText } from "./sync-shard.js";
import { tracedClient } from "../observability/tracing.js";
import { runSync, type SyncOptions, type SyncResult } from "./sync.js";
import type { DiscoveryResult } from "./discovery.js";

/** How long POST /full/sync waits for the run before answering 202 (API Gateway gives up at 29 s). */
export const ANSWER_WAIT_MS = 20_000;
/** How often the wait reads the run record in AWS. */
const POLL_MS = 1_000;

/** The 202 body's run: still running, with its progress so far. */
export interface RunningRun {
  id: string;
  state: "running";
  progress: Sync.RunProgress;
}

/** Progress before the plan has counted the catalogue: nothing known, nothing done. */
const NOT_PLANNED_YET: Sync.RunProgress = { ads_total: 0, ads_done: 0, shards_total: 0, shards_done: 0 };

export type SyncAnswer = { finished: SyncResult } | { running: RunningRun };

const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Starts a run and waits up to `waitMs` for it: finished, its result (or its SyncFailedError);
 * still running, the run and its progress while it goes on. With SYNC_STATE_MACHINE_ARN set (in
 * AWS) the state machine runs it; otherwise the in-process runner does.
 */
export async function startSync(ref: TableRef, options: SyncOptions, waitMs = ANSWER_WAIT_MS): Promise<SyncAnswer> {
  const machine = process.env.SYNC_STATE_MACHINE_ARN;
  return machine ? startOnMachine(ref, machine, options.trigger, waitMs) : startInProcess(ref, options, waitMs);
}

async function startInProcess(ref: TableRef, options: SyncOptions, waitMs: number): Promise<SyncAnswer> {
  let runId: string | undefined;
  const running = runSync(ref, { ...options, onStarted: (id) => (runId = id) });
  let timer: NodeJS.Timeout | undefined;
  const waited = new Promise<"waiting">((resolve) => (timer = setTimeout(() => resolve("waiting"), waitMs)));
  const first = await Promise.race([running.then((result) => ({ finished: result })), waited]).finally(() => clearTimeout(timer));
  if (first !== "waiting") return first;
  // The run goes on; its outcome is stored on the run record and logged at its end.
  running.catch((error: unknown) => logger.debug("Sync run ended with a failure after the 202 answer", { run_id: runId, reason: errorText(error) }));
  return { running: await runningRun(ref, runId) };
}

async function runningRun(ref: TableRef, runId: string | undefined): Promise<RunningRun> {
  const run = runId ? await getRun(ref, runId) : undefined;
  return { id: runId ?? "", state: "running", progress: run?.progress ?? NOT_PLANNED_YET };
}

/** AWS: the run recorded (lease taken, so a second start is 409 at once), the state machine started, the run record followed. */
async function startOnMachine(ref: TableRef, stateMachineArn: string, trigger: Sync.RunTrigger, waitMs: number): Promise<SyncAnswer> {
  const clock = () => new Date();
  const run = await recordRunStart(ref, { trigger, clock, timeZone: await businessTimeZone(ref) });
  try {
    const { SFNClient, StartExecutionCommand } = await import("@aws-sdk/client-sfn");
    await tracedClient(new SFNClient({})).send(new StartExecutionCommand({ stateMachineArn, name: executionName(run.id), input: JSON.stringify({ run_id: run.id }) }));
  } catch (error) {
    await closeRun(ref, run.id, { state: "failed", error: `the sync state machine could not be started: ${errorText(error)}`, failed: [] }, clock());
    throw error;
  }
  const deadline = Date.now() + waitMs;
  for (;;) {
    const stored = await getRun(ref, run.id);
    if (stored && stored.state !== "running") return { finished: resultOf(stored, await discoveryOf(ref, run.id)) };
    if (Date.now() + POLL_MS > deadline) return { running: { id: run.id, state: "running", progress: stored?.progress ?? NOT_PLANNED_YET } };
    await pause(POLL_MS);
  }
}

/** Execution names allow letters, digits, - and _ only (80 at most). */
export const executionName = (runId: string): string => runId.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 80);

const NO_DISCOVERY: DiscoveryResult = { listed: 0, added: 0, updated: 0, no_longer_full: 0, sales_from_ledger: 0, failed: [], error: null };

/** The run's discovery as finalize stored it. */
async function discoveryOf(ref: TableRef, runId: string): Promise<DiscoveryResult> {
  return ((await getRunPlan(ref, runId))?.discovery as DiscoveryResult | undefined) ?? NO_DISCOVERY;
}

/** The SPEC result of a finished run, read from its record; a failed run is its SyncFailedError. */
function resultOf(run: Sync.SyncRun, discovery: DiscoveryResult): SyncResult {
  if (run.state === "failed" || !run.result) throw new SyncFailedError(run.error ?? "the run failed", { runId: run.id });
  const r = run.result;
  return {
    success: true,
    run_id: run.id,
    stock: { ads_full: r.ads_full, inventories: r.inventories, dimensions_updated: r.dimensions_updated, failed: run.failed_ads },
    cost: { updated: r.cost_updated, skipped: r.cost_skipped, tariffs_active: r.tariffs_active },
    warnings: r.warnings ?? [],
    discovery,
  };
}
