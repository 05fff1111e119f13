import { randomBytes } from "node:crypto";
import type { SFNClient } from "@aws-sdk/client-sfn";
import type * as z from "zod/mini";
import { Sync } from "@fulfillment/core";
import type { SyncResponse, SyncStartedResponse } from "../../contract/sync.js";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { currentScope, withScope } from "#storage/scope";
import { acquireLease, readLease, releaseLease } from "#storage/lease";
import { createRun, finishRun, getRun, listRunningRuns } from "#storage/sync/runs";
import { getRunPlan } from "#storage/sync/plan";
import { listShards } from "#storage/sync/shards";
import { syncStateMachineArn } from "../../config/env.js";
import { businessTimeZone } from "../business-time.js";
import { tracedClient } from "../../observability/tracing.js";
import { closeRun, failedAdsOf } from "./close.js";
import type { DiscoveryResult } from "./discovery.js";
import { SyncFailedError } from "../../errors.js";
import { reasonExplanation } from "./failure-texts.js";
import { errorText, SyncRunningError } from "./errors.js";
import { SYNC_LEASE_NAME, SYNC_LEASE_TTL_MS } from "./lease.js";

/** How long POST /full/sync waits for the run before answering 202 (API Gateway gives up at 29 s). */
export const ANSWER_WAIT_MS = 20_000;
/** How often the wait reads the run record. */
const POLL_MS = 1_000;

/** The SPEC result of a finished run: POST /full/sync's 200 body. */
export type SyncResult = z.output<typeof SyncResponse>;

/** The 202 body's run: still running, with its progress so far. */
export type RunningRun = NonNullable<z.output<typeof SyncStartedResponse>["run"]>;

export type SyncAnswer = { finished: SyncResult } | { running: RunningRun };

/** An execution of the sync state machine, started for a recorded run. */
export interface SyncExecution {
  /** Settles when the execution ends, where the starter can tell (the local runtime); the run record says how. */
  ended?: Promise<unknown>;
}

/**
 * The input of a sync execution: its run, and the scope of the seller it syncs (storage/scope.ts),
 * which every step enters again (handlers/sync/).
 */
export interface SyncExecutionInput {
  run_id: string;
  scope: string;
}

/** Starts an execution of the sync state machine with its input. */
export type SyncExecutionStarter = (input: SyncExecutionInput) => Promise<SyncExecution>;

let sfn: Promise<SFNClient> | undefined;
/** The Step Functions client, built at the first start: where the local runtime runs executions, the SDK's module never loads. */
const stepFunctions = (): Promise<SFNClient> => (sfn ??= import("@aws-sdk/client-sfn").then(({ SFNClient }) => tracedClient(new SFNClient({}))));

/** In AWS: an execution of the deployed state machine, named after the run. */
const startDeployedExecution: SyncExecutionStarter = async (input) => {
  const { StartExecutionCommand } = await import("@aws-sdk/client-sfn");
  await (await stepFunctions()).send(new StartExecutionCommand({ stateMachineArn: syncStateMachineArn(), name: executionName(input.run_id), input: JSON.stringify(input) }));
  return {};
};

let startExecution: SyncExecutionStarter = startDeployedExecution;

/**
 * Where sync executions run: the deployed state machine unless the local runtime hands its
 * interpreter of the same definition (packages/local/src/sync/machine.ts).
 */
export function useSyncExecutions(starter: SyncExecutionStarter | undefined): void {
  startExecution = starter ?? startDeployedExecution;
}

/** Execution names allow letters, digits, - and _ only (80 at most). */
export const executionName = (runId: string): string => runId.replace(/[^A-Za-z0-9_-]/g, "-").slice(0, 80);

/** Progress before the plan has counted the catalogue: nothing known, nothing done. */
const NOT_PLANNED_YET: Sync.RunProgress = { ads_total: 0, ads_done: 0, shards_total: 0, shards_done: 0 };

/**
 * POST /full/sync and the daily job: the run recorded (lease taken, so a second start is 409 at
 * once), an execution of the sync state machine started for it, and the run record followed for
 * up to `waitMs`: finished, its result (or its SyncFailedError); still running, the run and its
 * progress while the execution goes on.
 */
export async function startSync(
  ref: TableRef,
  trigger: Sync.RunTrigger,
  options: { waitMs?: number; /** Who started it and the request's id, when a request did (POST /full/sync). */ origin?: Sync.RunOrigin } = {},
): Promise<SyncAnswer> {
  const waitMs = options.waitMs ?? ANSWER_WAIT_MS;
  // The wait counts from the request: a slow start leaves less of it, and the answer still comes in time.
  const answerBy = Date.now() + waitMs;
  const run = await recordRunStart(ref, trigger, new Date(), await businessTimeZone(ref, { fresh: true }), options.origin);
  let execution: SyncExecution;
  try {
    execution = await startExecution({ run_id: run.id, scope: currentScope() });
  } catch (error) {
    await closeRun(ref, run.id, { state: "failed", error: `the sync state machine could not be started: ${errorText(error)}`, failed: [] }, new Date());
    throw error;
  }
  return followRun(ref, run.id, Math.max(0, answerBy - Date.now()), execution.ended);
}

/**
 * The run's record until it is closed (its result, once an execution in this process has also
 * ended), `waitMs` has passed or the execution ended without closing it (its progress).
 */
async function followRun(ref: TableRef, runId: string, waitMs: number, ended: Promise<unknown> | undefined): Promise<SyncAnswer> {
  let over = false;
  let passed = false;
  const settled = ended?.then(
    () => (over = true),
    () => (over = true),
  );
  let deadlineTimer: NodeJS.Timeout | undefined;
  const deadline = new Promise<void>((resolve) => (deadlineTimer = setTimeout(resolve, waitMs))).then(() => (passed = true));
  try {
    for (;;) {
      const executionOver = over;
      const stored = await getRun(ref, runId);
      if (stored && stored.state !== "running") {
        // An execution in this process still rebuilds the overview's warnings once it has closed
        // the run: answered when it has ended, the views then read are the run's.
        if (settled && !executionOver) await Promise.race([settled, deadline]);
        return { finished: await resultOf(ref, stored) };
      }
      if (passed || executionOver) return { running: { id: runId, state: "running", progress: stored?.progress ?? NOT_PLANNED_YET } };
      let pollTimer: NodeJS.Timeout | undefined;
      const poll = new Promise<void>((resolve) => (pollTimer = setTimeout(resolve, POLL_MS)));
      await Promise.race(settled ? [poll, deadline, settled] : [poll, deadline]);
      clearTimeout(pollTimer);
    }
  } finally {
    clearTimeout(deadlineTimer);
  }
}

const NO_DISCOVERY: DiscoveryResult = { listed: 0, added: 0, updated: 0, no_longer_full: 0, sales_from_ledger: 0, failed: [], error: null };

/**
 * The SPEC result of a finished run, read from its records: the run, every failed ad of its shards
 * (the run keeps only the first ones) and its discovery as finalize stored it. A failed run is its
 * SyncFailedError.
 */
async function resultOf(ref: TableRef, run: Sync.SyncRun): Promise<SyncResult> {
  if (run.state === "failed" || !run.result) throw new SyncFailedError(reasonExplanation(run.error ?? "the run failed"), { runId: run.id });
  const [plan, shards] = await Promise.all([getRunPlan(ref, run.id), listShards(ref, run.id)]);
  const r = run.result;
  return {
    success: true,
    run_id: run.id,
    stock: { ads_full: r.ads_full, inventories: r.inventories, dimensions_updated: r.dimensions_updated, failed: failedAdsOf(shards) },
    cost: { updated: r.cost_updated, skipped: r.cost_skipped, tariffs_active: r.tariffs_active },
    warnings: r.warnings ?? [],
    discovery: (plan?.discovery as DiscoveryResult | undefined) ?? NO_DISCOVERY,
  };
}

const newRunId = (startedAt: Date): string => Sync.runId(startedAt, randomBytes(3).toString("hex"));

/**
 * Closes runs still stored as `running` although their owner holds no lease any more: the
 * caller holds the lease now, so they are dead. Each is recorded failed, "abandoned: no
 * heartbeat since …".
 */
async function closeAbandonedRuns(ref: TableRef, ownId: string, timeZone: string): Promise<void> {
  for (const run of await listRunningRuns(ref)) {
    if (run.id === ownId) continue;
    const closed = Sync.abandonedRun(run, timeZone);
    if (await finishRun(ref, closed)) logger.warn(`Sync run ${run.id} ${closed.error}; recorded as failed`, { run_id: run.id, trigger: run.trigger });
  }
}

/**
 * Takes the lease (or throws SyncRunningError) and records the run as running, closing runs left
 * running by a dead owner. The state machine's steps then keep the lease alive (lease.ts).
 */
export async function recordRunStart(ref: TableRef, trigger: Sync.RunTrigger, startedAt: Date, timeZone: string, origin?: Sync.RunOrigin): Promise<Sync.SyncRun> {
  const id = newRunId(startedAt);
  if (!(await acquireLease(ref, SYNC_LEASE_NAME, id, SYNC_LEASE_TTL_MS, startedAt.getTime()))) {
    const holder = await readLease(ref, SYNC_LEASE_NAME);
    throw new SyncRunningError(holder ? { runId: holder.owner, heartbeatAt: holder.heartbeat_at } : undefined);
  }
  const run = Sync.startedRun(id, trigger, startedAt, origin);
  try {
    await closeAbandonedRuns(ref, id, timeZone);
    await createRun(ref, run);
  } catch (error) {
    await releaseLease(ref, SYNC_LEASE_NAME, id).catch(() => undefined);
    throw error;
  }
  logger.info(`Sync run started (trigger ${trigger}, run ${id})`, { trigger, run_id: id });
  return run;
}

/**
 * A run for each of several sellers (the daily job, POST /full/sync?seller_id=all): started at
 * once, each in its seller's scope, not waited for (GET /full/sync/status follows each). Each
 * seller's start in the order given: its answer, or why it did not start (SyncRunningError while
 * one of that seller is running); one seller's failed start does not keep the others from starting.
 */
export const startEachSeller = (
  ref: TableRef,
  scopes: readonly string[],
  trigger: Sync.RunTrigger,
  origin?: Sync.RunOrigin,
): Promise<PromiseSettledResult<SyncAnswer>[]> =>
  Promise.allSettled(scopes.map((scope) => withScope(scope, () => startSync(ref, trigger, { waitMs: 0, ...(origin ? { origin } : {}) }))));

/** The first failure of `outcomes` that is not `expected`: what the caller answers as its own failure once every seller has tried. */
export const unexpectedFailure = (outcomes: readonly PromiseSettledResult<unknown>[], expected: (error: unknown) => boolean): unknown =>
  outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected" && !expected(outcome.reason))?.reason;
