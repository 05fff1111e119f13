import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { awsRegion, dynamoAccessKey, dynamoEndpoint, tableName } from "../config/env.js";

/**
 * One document client per process. Timeouts are bounded so an unreachable engine
 * turns into a quick 500 instead of a hung request; the SDK's standard retry mode
 * backs off on throttling. `endpoint: null` means AWS itself, whatever DYNAMODB_ENDPOINT says.
 */
export function createDocumentClient(
  options: { endpoint?: string | null; accessKeyId?: string; maxAttempts?: number } = {},
): DynamoDBDocumentClient {
  const endpoint = options.endpoint === null ? undefined : (options.endpoint ?? dynamoEndpoint());
  const client = new DynamoDBClient({
    region: awsRegion(),
    maxAttempts: options.maxAttempts ?? 5,
    requestHandler: { connectionTimeout: 1_000, requestTimeout: 5_000 },
    ...(endpoint
      ? { endpoint, credentials: localCredentials(options.accessKeyId ?? dynamoAccessKey()) }
      : {}),
  });
  return DynamoDBDocumentClient.from(client, {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/** A local engine checks no signature: the key only selects its database, the secret is never used. */
const localCredentials = (accessKeyId: string) => ({ accessKeyId, secretAccessKey: accessKeyId });

export interface TableRef {
  doc: DynamoDBDocumentClient;
  table: string;
}

let shared: TableRef | undefined;

/** The process-wide table handle, created on first use from the environment. */
export function table(): TableRef {
  shared ??= { doc: createDocumentClient(), table: tableName() };
  return shared;
}

/** Replaces the process-wide handle (tests and the local runtime point it at their table). */
export function useTable(ref: TableRef | undefined): void {
  shared = ref;
}
