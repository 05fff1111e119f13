import { Duration } from "aws-cdk-lib";
import { Choice, Condition, DefinitionBody, DistributedMap, Fail, JsonPath, LogLevel, StateMachine, Succeed, TaskInput } from "aws-cdk-lib/aws-stepfunctions";
import { LambdaInvoke } from "aws-cdk-lib/aws-stepfunctions-tasks";
import { LogGroup, RetentionDays } from "aws-cdk-lib/aws-logs";
import { Function, use, type StackContext } from "sst/constructs";
import { SYNC_STEP_HANDLERS } from "@fulfillment/functions/routes";
import { alarmOn, alarmOnFunction, FUNCTION_DEFAULTS, functionEnvironment, tableAccessStatements } from "./functions.js";
import { readDeploySettings } from "./deploy-settings.js";
import { Shared } from "./Shared.js";
import { SHARD_MAX_CONCURRENCY, SHARD_RETRIES } from "./sync-settings.js";
import { Storage } from "./Storage.js";

export { SHARD_MAX_CONCURRENCY, SHARD_RETRIES };

/**
 * The sync at any catalogue size: plan → Distributed Map of shards → finalize, a Step Functions
 * state machine started by POST /full/sync and the daily schedule. The map carries only shard
 * numbers (the definitions are in the table) and discards the shards' results (each shard stores
 * its own), so no ResultWriter is needed. Finalize runs once after the map, and also when the map fails.
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

  const planStep = new LambdaInvoke(stack, "Plan", {
    lambdaFunction: plan,
    payload: TaskInput.fromObject({ run_id: JsonPath.stringAt("$.run_id") }),
    payloadResponseOnly: true,
    resultPath: "$.plan",
  });
  const shardStep = new LambdaInvoke(stack, "Shard", {
    lambdaFunction: shard,
    payloadResponseOnly: true,
    // Each item's output is {}: whatever the shard count, the map's combined results stay far below 256 KB.
    outputPath: JsonPath.DISCARD,
  });
  shardStep.addRetry({ errors: ["States.ALL"], maxAttempts: SHARD_RETRIES, interval: Duration.seconds(5), backoffRate: 2 });
  const shards = new DistributedMap(stack, "Shards", {
    itemsPath: JsonPath.stringAt("$.plan.shards"),
    itemSelector: { run_id: JsonPath.stringAt("$.run_id"), shard: JsonPath.numberAt("$$.Map.Item.Value") },
    maxConcurrency: SHARD_MAX_CONCURRENCY,
    // A shard that still fails is recorded in the run by its last attempt; the others go on.
    toleratedFailurePercentage: 100,
    resultPath: JsonPath.DISCARD,
  });
  shards.itemProcessor(shardStep);
  const finalizeStep = new LambdaInvoke(stack, "Finalize", {
    lambdaFunction: finalize,
    payload: TaskInput.fromObject({ run_id: JsonPath.stringAt("$.run_id") }),
    payloadResponseOnly: true,
  });
  finalizeStep.addRetry({ errors: ["States.ALL"], maxAttempts: 3, interval: Duration.seconds(10), backoffRate: 2 });
  // A run that ends failed fails its execution, so the failed-executions alarm speaks of failed runs too.
  const outcome = new Choice(stack, "RunOutcome")
    .when(
      Condition.stringEquals("$.state", "failed"),
      new Fail(stack, "RunFailed", { error: "SyncRunFailed", cause: "The sync run ended failed; its record names the cause (GET /full/sync/runs)" }),
    )
    .otherwise(new Succeed(stack, "RunClosed"));
  planStep.addCatch(finalizeStep, { resultPath: "$.error" });
  shards.addCatch(finalizeStep, { resultPath: "$.error" });

  const machine = new StateMachine(stack, "SyncStateMachine", {
    definitionBody: DefinitionBody.fromChainable(planStep.next(shards).next(finalizeStep).next(outcome)),
    timeout: Duration.hours(6),
    tracingEnabled: true,
    logs: { destination: new LogGroup(stack, "SyncStateMachineLogs", { retention: RetentionDays.ONE_MONTH }), level: LogLevel.ERROR },
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
