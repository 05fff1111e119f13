import { storageUnavailableIn } from "@fulfillment/functions/storage/unavailable";
import type { LoadTarget } from "./load-target.js";

/** Network failures that mean "nothing answers there", as Node reports them. */
const UNREACHABLE = new Set(["ECONNREFUSED", "ECONNRESET", "ENOTFOUND", "EHOSTUNREACH", "ENETUNREACH", "ETIMEDOUT", "EAI_AGAIN"]);

const codeOf = (error: unknown): string | undefined => {
  const { code, cause } = (error ?? {}) as { code?: unknown; cause?: unknown };
  return typeof code === "string" ? code : cause ? codeOf(cause) : undefined;
};

export function isUnreachable(error: unknown): boolean {
  const code = codeOf(error);
  return (code !== undefined && UNREACHABLE.has(code)) || (error as Error | undefined)?.name === "TimeoutError" || storageUnavailableIn(error) !== undefined;
}

/**
 * What went wrong with a load (or a backup, a restore: `action`), in words that say what to do,
 * instead of the SDK's raw error.
 */
export function describeLoadFailure(error: unknown, target: LoadTarget, stage?: string, action = "Load into"): string {
  const { name, message } = error as Error;
  if (target.kind === "local") {
    if (isUnreachable(error)) {
      return (
        `No DynamoDB engine answers at ${target.endpoint}. Start one with \`npm start\` in another terminal ` +
        "(it runs DynamoDB Local on DYNAMODB_PORT, default 8000), or set DYNAMODB_ENDPOINT to an engine that runs."
      );
    }
    return `${action} ${target.endpoint} failed: ${message}`;
  }
  if (name === "CredentialsProviderError") {
    return `No AWS credentials: the default credential chain (environment variables, shared profile, SSO, instance role) found none. ${message}`;
  }
  if (name === "ResourceNotFoundException") {
    return (
      `Table ${target.table} does not exist in ${target.region}: deploy the stage first ` +
      `(npx sst deploy --stage ${stage ?? "<stage>"}), or set AWS_REGION to the region it was deployed to.`
    );
  }
  if (isUnreachable(error)) return `DynamoDB in ${target.region} could not be reached: ${message}`;
  return `${action} ${target.table} (${target.region}) failed: ${name}: ${message}`;
}
