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
import { logProgressWhile } from "./progress.js";

type TaskHandlers = NonNullable<NonNullable<RunOptions["overrides"]>["taskResourceLocalHandlers"]>;

/** Each task state calls the step handler its function would run in AWS, with the payload the definition builds. */
const STEP_HANDLERS = {
  [SYNC_TASK_STATES.plan]: (event: PlanEvent) => plan(event),
  [SYNC_TASK_STATES.shard]: (event: ShardEvent) => shard(event),
  [SYNC_TASK_STATES.finalize]: (event: FinalizeEvent) => finalize(event),
} as unknown as TaskHandlers;

export interface LocalSyncOptions {
  /**
   * Pause before each retry of a step, in ms; the definition's own intervals (5 s then 10 s for a
   * shard) when absent. Tests set 0.
   */
  retryIntervalMs?: number;
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
  const running = new Set<Promise<unknown>>();
  useSyncExecutions(async (runId): Promise<SyncExecution> => {
    const execution = (await built()).run(
      { run_id: runId },
      {
        overrides: {
          taskResourceLocalHandlers: STEP_HANDLERS,
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
