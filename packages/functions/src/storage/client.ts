import { AsyncLocalStorage } from "node:async_hooks";
import { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { AwsCredentialIdentity, HttpAuthScheme } from "@smithy/types";
import { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { awsRegion, dynamoAccessKey, dynamoEndpoint, tableName, type BulkWriteMode } from "../config/env.js";
import { TimeBudgetRetryStrategy, STORAGE_TIME_BUDGET, type TimeBudget } from "./time-budget.js";
import { reportUnavailableStorage } from "./unavailable.js";
import { limitBulkCalls } from "./bulk-slots.js";
import { tracedClient } from "../observability/tracing.js";
import { LocalEngineTransport } from "./local-transport.js";

/**
 * One document client per process. Every call gives up within its budget (time-budget.ts): an
 * engine that does not answer or cannot be reached becomes a StorageUnavailableError that says
 * whether the change may have been stored, instead of a hung request. `endpoint: null` means AWS
 * itself, whatever DYNAMODB_ENDPOINT says.
 */
export function createDocumentClient(
  options: {
    endpoint?: string | null;
    accessKeyId?: string;
    maxAttempts?: number;
    budget?: Partial<TimeBudget>;
    /** Connections the client keeps open at most (the SDK's 50 unless given): its own pool, shared with no other client. */
    maxSockets?: number;
    /** Bulk calls in flight at most (bulk-slots.ts); unbounded unless given. */
    bulkInFlight?: number;
  } = {},
): DynamoDBDocumentClient {
  const endpoint = options.endpoint === null ? undefined : (options.endpoint ?? dynamoEndpoint());
  const budget: TimeBudget = { ...STORAGE_TIME_BUDGET, ...options.budget };
  if (options.maxAttempts !== undefined) budget.maxAttempts = options.maxAttempts;
  const client = new DynamoDBClient({
    region: awsRegion(),
    base64Decoder: decodeBase64,
    retryStrategy: new TimeBudgetRetryStrategy(budget),
    requestHandler: isLocalEngine(endpoint)
      ? new LocalEngineTransport(endpoint, { connectMs: budget.connectMs, attemptMs: budget.attemptMs, maxSockets: options.maxSockets })
      : {
          connectionTimeout: budget.connectMs,
          requestTimeout: budget.attemptMs,
          // Without this the SDK only logs a warning when the request timeout passes, and waits on.
          throwOnRequestTimeout: true,
          ...(options.maxSockets ? { httpAgent: { maxSockets: options.maxSockets } } : {}),
        },
    ...(endpoint
      ? { endpoint, credentials: localCredentials(options.accessKeyId ?? dynamoAccessKey()), httpAuthSchemes: [LOCAL_ENGINE_AUTH] }
      : {}),
  });
  reportUnavailableStorage(client, budget);
  if (options.bulkInFlight) limitBulkCalls(client, options.bulkInFlight);
  withoutCallLogging(client);
  if (endpoint) withFixedUserAgent(client);
  return DynamoDBDocumentClient.from(tracedClient(client), {
    marshallOptions: { removeUndefinedValues: true },
  });
}

/**
 * Binary attributes (the stored answers' deflated pages) arrive in base64. The SDK checks each
 * value against a regular expression before decoding it: 35 ms per restock plan at 100,000
 * records (4.4 MB of pages), most of the request. DynamoDB sends only what it was given as
 * binary, so the value is decoded as it is.
 */
export function decodeBase64(text: string): Uint8Array {
  const bytes = Buffer.from(text, "base64");
  return new Uint8Array(bytes.buffer, bytes.byteOffset, bytes.byteLength);
}

/**
 * The SDK's logger middleware builds a log entry of every call after it answers, whether a logger
 * is configured or not: it walks the whole answer (every item, every attribute) through the
 * operation's schema to mask sensitive fields, for the no-op logger the client has. On the
 * detail's Query of ~60 items that walk was 9 % of the round trip. No SDK logger is ever set (the
 * service logs storage failures itself, storage/unavailable.ts), so the middleware goes.
 */
function withoutCallLogging(client: DynamoDBClient): DynamoDBClient {
  client.middlewareStack.remove("loggerMiddleware");
  return client;
}

/** A local engine on plain HTTP (DynamoDB Local), not AWS. */
const isLocalEngine = (endpoint: string | undefined): endpoint is string => endpoint?.startsWith("http://") ?? false;

/**
 * The SDK builds its user agent (AWS's usage statistics) on every call; a local engine never reads
 * it. Its middleware is replaced by one setting a fixed header, under the same name: Powertools
 * places its own user-agent entries after that middleware by name, and fails every call without it.
 */
function withFixedUserAgent(client: DynamoDBClient): void {
  client.middlewareStack.remove(USER_AGENT_MIDDLEWARE);
  client.middlewareStack.add(
    (next) => (args) => {
      const request = args.request as { headers?: Record<string, string> };
      if (request.headers) request.headers["user-agent"] = LOCAL_USER_AGENT;
      return next(args);
    },
    { step: "build", priority: "low", name: USER_AGENT_MIDDLEWARE, override: true },
  );
}

const USER_AGENT_MIDDLEWARE = "getUserAgentMiddleware";
export const LOCAL_USER_AGENT = "fulfillment-service (local engine)";

/** A local engine checks no signature: the key only selects its database, the secret is never used. */
const localCredentials = (accessKeyId: string) => ({ accessKeyId, secretAccessKey: accessKeyId });

/** The Authorization header a local engine reads: the key and region that select its database, no signature. */
export const localAuthorization = (accessKeyId: string, region: string): string =>
  `AWS4-HMAC-SHA256 Credential=${accessKeyId}/20000101/${region}/dynamodb/aws4_request, SignedHeaders=host, Signature=0`;

/**
 * Signing a call to a local engine computed a SigV4 signature (a SHA-256 of the body and five
 * HMACs) that the engine never checks: a fifth of the client's time on a one-item read. The
 * local engine's calls carry only what it reads; calls to AWS are signed as always.
 */
const LOCAL_ENGINE_AUTH: HttpAuthScheme = {
  schemeId: "aws.auth#sigv4",
  identityProvider: (config) => config.getIdentityProvider("aws.auth#sigv4"),
  signer: {
    sign: async (request, identity, properties) => {
      const { accessKeyId } = identity as AwsCredentialIdentity;
      request.headers.authorization = localAuthorization(accessKeyId, String(properties.signing_region ?? awsRegion()));
      return request;
    },
  },
};

export interface TableRef {
  doc: DynamoDBDocumentClient;
  table: string;
  /** How this table takes writes of many items, where it differs from DYNAMODB_BULK_WRITES (a bench holding two engines). */
  bulkWrites?: BulkWriteMode;
}

let shared: TableRef | undefined;
const scoped = new AsyncLocalStorage<TableRef>();

/** The table handle of the work under way (withTable), else the process-wide one, created on first use from the environment. */
export function table(): TableRef {
  const own = scoped.getStore();
  if (own) return own;
  shared ??= { doc: createDocumentClient(), table: tableName() };
  return shared;
}

/**
 * Runs `work` with `ref` as its table handle, and everything it starts (timers included). The
 * local runtime runs the sync's steps on a client of their own: requests never wait for a
 * connection behind a run's writes.
 */
export function withTable<T>(ref: TableRef, work: () => T): T {
  return scoped.run(ref, work);
}

/** Replaces the process-wide handle (tests and the local runtime point it at their table). */
export function useTable(ref: TableRef | undefined): void {
  shared = ref;
}
