/** Configuration read once per process from the environment. */

function required(name: string): string {
  const value = process.env[name];
  if (!value) throw new Error(`Missing required environment variable ${name}`);
  return value;
}

export const tableName = (): string => required("TABLE_NAME");

/** Set only for local runs (DynamoDB Local); in AWS the SDK finds the endpoint itself. */
export const dynamoEndpoint = (): string | undefined => process.env.DYNAMODB_ENDPOINT || undefined;

export const awsRegion = (): string => process.env.AWS_REGION || process.env.AWS_DEFAULT_REGION || "us-east-1";

/**
 * Browser origins, besides the service's own, whose pages may change data: the console's origin
 * when it is served from another host (CONSOLE_ORIGIN, set by the stack from the deploy setting).
 */
export const trustedOrigins = (): string[] =>
  (process.env.CONSOLE_ORIGIN ?? "")
    .split(",")
    .map((origin) => origin.trim().replace(/\/+$/, ""))
    .filter((origin) => origin !== "");
