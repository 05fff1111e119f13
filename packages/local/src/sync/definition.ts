import { App, Stack } from "aws-cdk-lib";
import { Function as LambdaFunction } from "aws-cdk-lib/aws-lambda";
import { StateMachine, type CfnStateMachine } from "aws-cdk-lib/aws-stepfunctions";
import type { StateMachineDefinition } from "aws-local-stepfunctions";
import { SYNC_EXECUTION_TIMEOUT, syncDefinition } from "@fulfillment/stacks/sync-definition";

/** Any ARN serves: the interpreter calls the step handlers in place of the functions. */
const standIn = (name: string): string => `arn:aws:lambda:us-east-1:000000000000:function:${name}`;

type Definition = StateMachineDefinition;

/** An intrinsic of the synthesized definition string, joined (only literal parts remain once the ARNs are literal). */
function joined(value: unknown): string {
  if (typeof value === "string") return value;
  const join = (value as { "Fn::Join"?: [string, unknown[]] })["Fn::Join"];
  if (!join) throw new Error(`The sync definition holds an unresolved reference: ${JSON.stringify(value).slice(0, 200)}`);
  return join[1].map(joined).join(join[0]);
}

let built: Definition | undefined;

/** The sync state machine's definition (Amazon States Language), built from the deployed construct with stand-in function ARNs. */
export function syncMachineDefinition(): Definition {
  if (built) return structuredClone(built);
  const stack = new Stack(new App(), "LocalSync");
  const fn = (name: string) => LambdaFunction.fromFunctionArn(stack, name, standIn(name));
  const machine = new StateMachine(stack, "SyncStateMachine", {
    definitionBody: syncDefinition(stack, { plan: fn("SyncPlan"), shard: fn("SyncShard"), finalize: fn("SyncFinalize") }),
    timeout: SYNC_EXECUTION_TIMEOUT,
  });
  built = JSON.parse(joined(stack.resolve((machine.node.defaultChild as CfnStateMachine).definitionString))) as Definition;
  return structuredClone(built);
}

