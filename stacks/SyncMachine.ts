import { Duration } from "aws-cdk-lib";
import { LogLevel, StateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Function, use, type StackContext } from "sst/constructs";
import { SYNC_STEP_HANDLERS } from "@fulfillment/functions/routes";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { isDevelopmentStage, readDeploySettings } from "./deploy-settings.js";
import { Shared } from "./Shared.js";
import { SHARD_MAX_CONCURRENCY, SHARD_RETRIES } from "./sync-settings.js";
import { Storage } from "./Storage.js";
import { SYNC_EXECUTION_TIMEOUT, syncDefinition } from "./sync-definition.js";

export { SHARD_MAX_CONCURRENCY, SHARD_RETRIES };

/**
 * The sync at any catalogue size: the state machine of sync-definition.ts (plan → Distributed Map
 * of shards → finalize), started by POST /full/sync and the daily schedule, with its three step
 * functions, its logs and its alarms. The local runtime executes the same definition.
 */
export function SyncMachine({ stack }: StackContext) {
  const { table } = use(Storage);
  const { alarmTopic, marketplace, alertDelivery } = use(Shared);
  // Plan (a run it cannot plan) and finalize close runs, which records alerts and queues their deliveries.
  const environment = { ...functionEnvironment(table), ...alertDelivery.environment };
  const { marketplaceMaxCallsPerMinute: maxCalls } = readDeploySettings();
  // The run's rate budget reaches the two steps that call the marketplace.
  const marketplaceEnvironment = {
    ...environment,
    ...marketplace.environment,
    ...(maxCalls ? { MARKETPLACE_MAX_CALLS_PER_MINUTE: String(maxCalls) } : {}),
  };

  // Plan lists the seller's Full items and upserts their ads (catalogue discovery): it calls the marketplace.
  const plan = new Function(stack, "SyncPlan", {
    ...FUNCTION_DEFAULTS,
    handler: SYNC_STEP_HANDLERS.plan,
    timeout: 10 * 60,
    environment: marketplaceEnvironment,
    permissions: [...tableAccessStatements(table, "read-write"), ...alertDelivery.statements],
    bind: marketplace.bindings,
  });
  const shard = new Function(stack, "SyncShard", {
    ...FUNCTION_DEFAULTS,
    handler: SYNC_STEP_HANDLERS.shard,
    timeout: 5 * 60,
    environment: marketplaceEnvironment,
    permissions: tableAccessStatements(table, "read-write"),
    bind: marketplace.bindings,
  });
  const finalize = new Function(stack, "SyncFinalize", {
    ...FUNCTION_DEFAULTS,
    handler: SYNC_STEP_HANDLERS.finalize,
    timeout: 5 * 60,
    environment,
    permissions: [...tableAccessStatements(table, "read-write"), ...alertDelivery.statements],
  });

  const machine = new StateMachine(stack, "SyncStateMachine", {
    definitionBody: syncDefinition(stack, { plan, shard, finalize }),
    timeout: SYNC_EXECUTION_TIMEOUT,
    tracingEnabled: true,
    // Every state's events in development stages; errors only where real sellers' data flows.
    logs: {
      destination: new LogGroup(stack, "SyncStateMachineLogs", { retention: RetentionDays.ONE_MONTH }),
      level: isDevelopmentStage(stack.stage) ? LogLevel.ALL : LogLevel.ERROR,
    },
  });

  for (const [id, fn, label] of [
    ["SyncPlan", plan, "sync plan"],
    ["SyncShard", shard, "sync shard"],
    ["SyncFinalize", finalize, "sync finalize"],
  ] as const) {
    alarmOnFunction(stack, id, fn, label, alarmTopic);
  }
  const period = Duration.minutes(5);
  alarmOn(stack, "SyncExecutionsFailed", machine.metricFailed({ period, statistic: "Sum" }), "sync state machine: failed runs", alarmTopic);
  alarmOn(stack, "SyncExecutionsTimedOut", machine.metricTimedOut({ period, statistic: "Sum" }), "sync state machine: runs timed out", alarmTopic);

  return { machine };
}
