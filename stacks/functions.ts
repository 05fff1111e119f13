import { Duration } from "aws-cdk-lib";
import { ComparisonOperator, TreatMissingData, type Metric } from "aws-cdk-lib/aws-cloudwatch";
import { SnsAction } from "aws-cdk-lib/aws-cloudwatch-actions";
import { Effect, PolicyStatement } from "aws-cdk-lib/aws-iam";
import type { ITopic } from "aws-cdk-lib/aws-sns";
import type { Construct } from "constructs";
import type { Function, FunctionProps, Table } from "sst/constructs";
import { DEFAULT_MEMORY_MB, DEFAULT_TIMEOUT_SECONDS, type TableAccess } from "@fulfillment/functions/routes";

export { DEFAULT_TIMEOUT_SECONDS };

/** Settings every Lambda function of the service shares. */
export const FUNCTION_DEFAULTS = {
  runtime: "nodejs22.x",
  architecture: "arm_64",
  memorySize: DEFAULT_MEMORY_MB,
  timeout: DEFAULT_TIMEOUT_SECONDS,
  tracing: "active",
  logRetention: "one_month",
  // The map travels inside the bundle; --enable-source-maps turns stack traces back into TypeScript lines.
  // Splitting keeps lazily imported code (SSM config, the SDK's unused credential providers) out of the init path.
  nodejs: { format: "esm", minify: true, sourcemap: true, splitting: true },
} satisfies FunctionProps;

const READ_ACTIONS = ["dynamodb:GetItem", "dynamodb:Query", "dynamodb:BatchGetItem"] as const;

/** TransactWriteItems is authorised through these per-item actions. */
const WRITE_ACTIONS = [
  "dynamodb:PutItem",
  "dynamodb:UpdateItem",
  "dynamodb:DeleteItem",
  "dynamodb:BatchWriteItem",
  "dynamodb:ConditionCheckItem",
] as const;

/** Exactly the DynamoDB actions an access level needs, on the table and its indexes; never Scan. */
export function tableAccessStatements(table: Table, access: TableAccess): PolicyStatement[] {
  if (access === "none") return [];
  const actions = access === "read" ? [...READ_ACTIONS] : [...READ_ACTIONS, ...WRITE_ACTIONS];
  return [
    new PolicyStatement({
      effect: Effect.ALLOW,
      actions,
      resources: [table.tableArn, `${table.tableArn}/index/*`],
    }),
  ];
}

/** Environment common to all functions. */
export const functionEnvironment = (table: Table): Record<string, string> => ({
  TABLE_NAME: table.tableName,
  NODE_OPTIONS: "--enable-source-maps",
});

/** Notifies the topic when the metric reaches 1 within one period. */
export function alarmOn(scope: Construct, id: string, metric: Metric, description: string, topic: ITopic): void {
  const alarm = metric.createAlarm(scope, id, {
    alarmDescription: description,
    threshold: 1,
    evaluationPeriods: 1,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
  alarm.addAlarmAction(new SnsAction(topic));
}

/** Alarms when a function fails or is throttled within five minutes. */
export function alarmOnFunction(scope: Construct, id: string, fn: Function, label: string, topic: ITopic): void {
  const period = Duration.minutes(5);
  alarmOn(scope, `${id}Errors`, fn.metricErrors({ period, statistic: "Sum" }), `${label}: errors`, topic);
  alarmOn(scope, `${id}Throttles`, fn.metricThrottles({ period, statistic: "Sum" }), `${label}: throttled`, topic);
}

/** A construct id from a route key: "GET /full/inventory/{ad_id}" -> "GET_full_inventory_ad_id". */
export const constructIdOf = (key: string): string =>
  key
    .replace(/[^A-Za-z0-9]+/g, "_")
    .replace(/^_+|_+$/g, "");
