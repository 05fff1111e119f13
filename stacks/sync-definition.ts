/**
 * The sync's state machine definition: plan → Distributed Map of shards → finalize → the run's
 * outcome. One definition for both places it runs: the stack deploys it (SyncMachine.ts) and the
 * local runtime executes it in a local interpreter (packages/local/src/sync/machine.ts). It needs
 * aws-cdk-lib only, so the local runtime builds it without loading SST.
 */
import os from "node:os";
import path from "node:path";
import { App, Duration, Stack } from "aws-cdk-lib";
import { Function as LambdaFunction, type IFunction } from "aws-cdk-lib/aws-lambda";
import { Choice, Condition, DefinitionBody, DistributedMap, Fail, JsonPath, StateMachine, Succeed, TaskInput, type CfnStateMachine } from "aws-cdk-lib/aws-stepfunctions";
import { LambdaInvoke } from "aws-cdk-lib/aws-stepfunctions-tasks";
import type { Construct } from "constructs";
import { SHARD_MAX_CONCURRENCY, SHARD_RETRIES, SYNC_TASK_STATES } from "./sync-settings.js";

/** The functions behind the three task states. */
export interface SyncStepFunctions {
  plan: IFunction;
  shard: IFunction;
  finalize: IFunction;
}

/** How long one execution may run: part of the definition (its TimeoutSeconds). */
export const SYNC_EXECUTION_TIMEOUT = Duration.hours(6);

/** The task states' names: a local interpreter maps each to the step handler it calls. */
export { SYNC_TASK_STATES };

/**
 * Every step gets the run's id and its seller's scope (the execution's input), which it enters
 * again. The map carries only shard numbers (the definitions are in the table) and discards the shards'
 * results (each shard stores its own), so no ResultWriter is needed. Finalize runs once after the
 * map, and also when the plan or the map fails.
 */
export function syncDefinition(scope: Construct, steps: SyncStepFunctions): DefinitionBody {
  const planStep = new LambdaInvoke(scope, SYNC_TASK_STATES.plan, {
    lambdaFunction: steps.plan,
    payload: TaskInput.fromObject({ run_id: JsonPath.stringAt("$.run_id"), scope: JsonPath.stringAt("$.scope") }),
    payloadResponseOnly: true,
    resultPath: "$.plan",
  });
  const shardStep = new LambdaInvoke(scope, SYNC_TASK_STATES.shard, {
    lambdaFunction: steps.shard,
    payloadResponseOnly: true,
    // Each item's output is {}: whatever the shard count, the map's combined results stay far below 256 KB.
    outputPath: JsonPath.DISCARD,
  });
  shardStep.addRetry({ errors: ["States.ALL"], maxAttempts: SHARD_RETRIES, interval: Duration.seconds(5), backoffRate: 2 });
  const shards = new DistributedMap(scope, "Shards", {
    itemsPath: JsonPath.stringAt("$.plan.shards"),
    itemSelector: { run_id: JsonPath.stringAt("$.run_id"), scope: JsonPath.stringAt("$.scope"), shard: JsonPath.numberAt("$$.Map.Item.Value") },
    maxConcurrency: SHARD_MAX_CONCURRENCY,
    // A shard that still fails is recorded in the run by its last attempt and returns normally, so
    // the map never fails for it (a local interpreter, which knows no tolerated failures, agrees).
    toleratedFailurePercentage: 100,
    resultPath: JsonPath.DISCARD,
  });
  shards.itemProcessor(shardStep);
  const finalizeStep = new LambdaInvoke(scope, SYNC_TASK_STATES.finalize, {
    lambdaFunction: steps.finalize,
    payload: TaskInput.fromObject({ run_id: JsonPath.stringAt("$.run_id"), scope: JsonPath.stringAt("$.scope") }),
    payloadResponseOnly: true,
  });
  finalizeStep.addRetry({ errors: ["States.ALL"], maxAttempts: 3, interval: Duration.seconds(10), backoffRate: 2 });
  // A run that ends failed fails its execution, so the failed-executions alarm speaks of failed runs too.
  const outcome = new Choice(scope, "RunOutcome")
    .when(
      Condition.stringEquals("$.state", "failed"),
      new Fail(scope, "RunFailed", { error: "SyncRunFailed", cause: "The sync run ended failed; its record names the cause (GET /full/sync/runs)" }),
    )
    .otherwise(new Succeed(scope, "RunClosed"));
  planStep.addCatch(finalizeStep, { resultPath: "$.error" });
  shards.addCatch(finalizeStep, { resultPath: "$.error" });
  return DefinitionBody.fromChainable(planStep.next(shards).next(finalizeStep).next(outcome));
}

/** An Amazon States Language definition, as JSON. */
export type StatesLanguage = { StartAt: string; States: Record<string, unknown> } & Record<string, unknown>;

/** Any ARN serves: a local interpreter calls the step handlers in place of the functions. */
const standIn = (name: string): string => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

/** An intrinsic of the synthesized definition string, joined (only literal parts remain once the ARNs are literal). */
function joined(value: unknown): string {
  if (typeof value === "string") return value;
  const join = (value as { "Fn::Join"?: [string, unknown[]] })["Fn::Join"];
  if (!join) throw new Error(`The sync definition holds an unresolved reference: ${JSON.stringify(value).slice(0, 200)}`);
  return join[1].map(joined).join(join[0]);
}

let built: StatesLanguage | undefined;

/** The definition as the deployed construct synthesizes it, with stand-in function ARNs: what the local runtime executes. */
export function syncStatesLanguage(): StatesLanguage {
  if (built) return structuredClone(built);
  // An App without an outdir makes a new temporary folder each time; this one is made once and reused.
  const stack = new Stack(new App({ outdir: path.join(os.tmpdir(), "fulfillment-sync-definition") }), "LocalSync");
  const fn = (name: string) => LambdaFunction.fromFunctionArn(stack, name, standIn(name));
  const machine = new StateMachine(stack, "SyncStateMachine", {
    definitionBody: syncDefinition(stack, { plan: fn("SyncPlan"), shard: fn("SyncShard"), finalize: fn("SyncFinalize") }),
    timeout: SYNC_EXECUTION_TIMEOUT,
  });
  built = JSON.parse(joined(stack.resolve((machine.node.defaultChild as CfnStateMachine).definitionString))) as StatesLanguage;
  return structuredClone(built);
}
