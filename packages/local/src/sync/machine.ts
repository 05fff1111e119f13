/**
 * The sync as it deploys, run locally: the state machine definition of stacks/sync-definition.ts
 * (the one SyncMachine.ts deploys), built in-process and executed by aws-local-stepfunctions, whose
 * task states call the same three step handler modules as the deployed Lambda functions. npm
 * start, the tests and the benchmark run every sync through it.
 */
import { StateMachine, type RunOptions } from "aws-local-stepfunctions";
import { SYNC_TASK_STATES } from "@fulfillment/stacks/sync-settings";
import { handler as plan, type PlanEvent } from "@fulfillment/functions/handlers/sync/plan";
import { handler as shard, type ShardEvent } from "@fulfillment/functions/handlers/sync/shard";
import { handler as finalize, type FinalizeEvent } from "@fulfillment/functions/handlers/sync/finalize";
import { useSyncExecutions, type SyncExecution } from "@fulfillment/functions/services/sync/start";
import { logger } from "@fulfillment/functions/logging/logger";
import { createDocumentClient, withTable, type TableRef } from "@fulfillment/functions/storage/client";
import { SYNC_STEP_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { logProgressWhile } from "./progress.js";

type TaskHandlers = NonNullable<NonNullable<RunOptions["overrides"]>["taskResourceLocalHandlers"]>;

/** Each task state calls the step handler its function would run in AWS, with the payload the definition builds; on `steps` when given. */
function stepHandlers(steps: TableRef | undefined, onStep: LocalSyncOptions["onStep"]): TaskHandlers {
  const on =
    <E, R>(state: string, handler: (event: E) => Promise<R>) =>
    async (event: E) => {
      const started = performance.now();
      try {
        return await (steps ? withTable(steps, () => handler(event)) : handler(event));
      } finally {
        onStep?.(state, performance.now() - started);
      }
    };
  return {
    [SYNC_TASK_STATES.plan]: on(SYNC_TASK_STATES.plan, (event: PlanEvent) => plan(event)),
    [SYNC_TASK_STATES.shard]: on(SYNC_TASK_STATES.shard, (event: ShardEvent) => shard(event)),
    [SYNC_TASK_STATES.finalize]: on(SYNC_TASK_STATES.finalize, (event: FinalizeEvent) => finalize(event)),
  } as unknown as TaskHandlers;
}

/**
 * The steps' own client: its bulk calls (batches, queries) in flight at most, queued before they
 * start, so the engine keeps room for the API's reads; and its connections, enough that a lease's
 * heartbeat never waits behind the batches.
 */
export const SYNC_STEP_BULK_CALLS = 8;
export const SYNC_STEP_SOCKETS = 16;

/**
 * The table as the sync's steps reach it beside the API in one process: a client of their own,
 * with its own few connections, its bulk calls queued, and the sync step's time budget. In AWS each step is a Lambda
 * function of its own.
 */
export function syncStepsTable(options: { endpoint: string; accessKeyId?: string; table: string }): TableRef {
  const doc = createDocumentClient({ endpoint: options.endpoint, accessKeyId: options.accessKeyId, budget: SYNC_STEP_TIME_BUDGET, maxSockets: SYNC_STEP_SOCKETS, bulkInFlight: SYNC_STEP_BULK_CALLS });
  return { doc, table: options.table };
}

export interface LocalSyncOptions {
  /**
   * Pause before each retry of a step, in ms; the definition's own intervals (5 s then 10 s for a
   * shard) when absent. Tests set 0.
   */
  retryIntervalMs?: number;
  /** The steps' table handle (syncStepsTable); the process-wide one when absent. */
  steps?: TableRef;
  /** Told of every step invocation and how long it took (what Lambda would bill). */
  onStep?: (state: string, ms: number) => void;
}

export interface LocalSyncMachine {
  /** Resolves once every execution started so far has ended. */
  settled(): Promise<void>;
  /** Hands sync executions back to the deployed state machine. */
  stop(): void;
}

/**
 * Makes every sync started in this process (POST /full/sync, the daily job) an execution of the
 * sync state machine in the local interpreter.
 */
export function useLocalSyncMachine(options: LocalSyncOptions = {}): LocalSyncMachine {
  // Built at the first sync: the definition comes from the CDK constructs that deploy it, whose
  // library takes a second to load, which a process that never syncs need not pay.
  let machine: Promise<StateMachine> | undefined;
  const built = (): Promise<StateMachine> =>
    (machine ??= import("./definition.js").then(({ syncMachineDefinition }) => new StateMachine(syncMachineDefinition())));
  const retry = options.retryIntervalMs;
  const handlers = stepHandlers(options.steps, options.onStep);
  const running = new Set<Promise<unknown>>();
  useSyncExecutions(async (input): Promise<SyncExecution> => {
    const runId = input.run_id;
    const execution = (await built()).run(
      { ...input },
      {
        overrides: {
          taskResourceLocalHandlers: handlers,
          ...(retry === undefined ? {} : { retryIntervalOverrides: { [SYNC_TASK_STATES.shard]: retry, [SYNC_TASK_STATES.finalize]: retry } }),
        },
      },
    );
    // A run closed as failed fails its execution (the definition's RunFailed state); its record says why.
    const ended = logProgressWhile(runId, execution.result).catch((error: unknown) => {
      if ((error as { cause?: { name?: string } }).cause?.name !== "SyncRunFailed") {
        logger.warn("Sync execution ended with an error", { run_id: runId, reason: (error as Error).message });
      }
    });
    running.add(ended);
    void ended.finally(() => running.delete(ended));
    return { ended };
  });
  return {
    async settled() {
      while (running.size > 0) await Promise.all([...running]);
    },
    stop: () => useSyncExecutions(undefined),
  };
}
