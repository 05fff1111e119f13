/** Configuration read once per process from the environment. */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export const tableName = (): string => required("TABLE_NAME");

/** The sync state machine POST /full/sync and the daily job start (in AWS; the local runtime runs its own). */
export const syncStateMachineArn = (): string => required("SYNC_STATE_MACHINE_ARN");

/** Set only for local runs (DynamoDB Local); in AWS the SDK finds the endpoint itself. */
export const dynamoEndpoint = (): string | undefined => process.env.DYNAMODB_ENDPOINT || undefined;

/**
 * The access key presented to DYNAMODB_ENDPOINT. DynamoDB Local keeps one database per access key
 * and region, so the key chooses the data; `npm start` hands its engine's key over in this variable.
 */
export const dynamoAccessKey = (): string => process.env.DYNAMODB_ACCESS_KEY || "local";

export const awsRegion = (env: NodeJS.ProcessEnv = process.env): string => env.AWS_REGION || env.AWS_DEFAULT_REGION || "us-east-1";

/**
 * Browser origins, besides the service's own, whose pages may change data: the console's origin
 * when it is served from another host (CONSOLE_ORIGIN, set by the stack from the deploy setting).
 */
export const trustedOrigins = (): string[] =>
  (process.env.CONSOLE_ORIGIN ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter((origin) => origin !== "");

/** A whole number above zero from a variable, or undefined when unset or not one. */
export function positiveInteger(value: string | undefined): number | undefined {
  if (value === undefined || value.trim() === "") return undefined;
  const n = Number(value);
  return Number.isInteger(n) && n > 0 ? n : undefined;
}

/**
 * How writes of many items go: `batches` (BatchWriteItem, the default and what AWS bills least) or
 * `transactions` (storage/transact-writes.ts), which `npm start` picks for an on-disk DynamoDB Local.
 */
export type BulkWriteMode = "batches" | "transactions";

export function bulkWriteMode(env: NodeJS.ProcessEnv = process.env): BulkWriteMode {
  const value = env.DYNAMODB_BULK_WRITES?.trim() || "batches";
  if (value !== "batches" && value !== "transactions") {
    throw new Error(`DYNAMODB_BULK_WRITES is ${JSON.stringify(value)}: it must be "batches" or "transactions"`);
  }
  return value;
}
