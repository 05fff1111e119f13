import { IdempotencyConfig, IdempotencyPersistenceLayerError, makeIdempotent } from "@aws-lambda-powertools/idempotency";
import { DynamoDBPersistenceLayer } from "@aws-lambda-powertools/idempotency/dynamodb";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { InvalidInputError } from "../errors.js";
import { explain } from "../error-texts.js";
import { currentScope } from "#storage/scope";
import { routeKey, type Route } from "../routes.js";
import { table, type TableRef } from "#storage/client";
import { Entities, TABLE_SCHEMA } from "#storage/keys";
import { StorageUnavailableError, storageUnavailableIn } from "#storage/unavailable";
import { toRequest } from "./request.js";

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** The header a client sets to make retries of a create or a sync safe. */
export const IDEMPOTENCY_KEY_HEADER = "idempotency-key";
/** How long the first answer to a key is kept and replayed. */
export const IDEMPOTENCY_WINDOW_SECONDS = 24 * 60 * 60;
const MAX_KEY_LENGTH = 255;
const VISIBLE_ASCII = /^[\x21-\x7e]+$/;

/**
 * One persistence layer per route and table: the layer keeps the key prefix it was last given, so
 * two routes served by one process (the local gateway) must not share one.
 */
const stores = new Map<string, WeakMap<TableRef, DynamoDBPersistenceLayer>>();
function storeFor(route: Route, ref: TableRef): DynamoDBPersistenceLayer {
  const byTable = stores.get(routeKey(route)) ?? new WeakMap<TableRef, DynamoDBPersistenceLayer>();
  stores.set(routeKey(route), byTable);
  let store = byTable.get(ref);
  if (!store) {
    store = new DynamoDBPersistenceLayer({
      tableName: ref.table,
      keyAttr: TABLE_SCHEMA.partitionKey,
      sortKeyAttr: TABLE_SCHEMA.sortKey,
      staticPkValue: Entities.idempotency.partition(),
      expiryAttr: TABLE_SCHEMA.ttlAttribute,
      // The service's client: same call budget, and its failures read as StorageUnavailableError.
      awsSdkV3Client: ref.doc as unknown as DynamoDBClient,
    });
    byTable.set(ref, store);
  }
  return store;
}

/** A fresh config per invocation: it carries the invocation's Lambda context (the in-progress expiry). */
const configFor = (context: Context): IdempotencyConfig => {
  const config = new IdempotencyConfig({
    eventKeyJmesPath: `headers."${IDEMPOTENCY_KEY_HEADER}"`,
    // The parsed body, so the same JSON with its keys in another order counts as the same request.
    payloadValidationJmesPath: "powertools_json(body)",
    expiresAfterSeconds: IDEMPOTENCY_WINDOW_SECONDS,
  });
  config.registerLambdaContext(context);
  return config;
};

/** What Powertools hashes: the key and the body as JSON text (a body that is not JSON, as a JSON string). */
function hashedPayload(key: string, body: string | undefined): { headers: Record<string, string>; body: string } {
  let json: string;
  try {
    json = body === undefined || body.trim() === "" ? "null" : (JSON.parse(body), body);
  } catch {
    json = JSON.stringify(body);
  }
  return { headers: { [IDEMPOTENCY_KEY_HEADER]: key }, body: json };
}

/**
 * Safe retries with Powertools' idempotency utility (makeIdempotent, records in the single table):
 * on a route that accepts an Idempotency-Key, the same key and body within 24 hours answers the
 * first answer again without running anything; another body answers 422, a twin still running 409
 * (error-status.ts). Only successful answers are kept: every failure is thrown, so Powertools
 * forgets the key and a retry runs again (a tariff create then finds what its lost first try
 * stored, storage/tariffs.ts). Without the header the handler runs every time.
 */
export function withIdempotencyKey(route: Route, handler: Handler): Handler {
  if (!route.idempotencyKey) return handler;
  // Powertools writes the sort key <prefix>#<hash>: the idempotency kind's {route}#{hash}.
  const routePrefix = routeKey(route);
  return async (event, context) => {
    // One seller's key names nothing of another's: a later seller's scope joins the prefix.
    const scope = currentScope();
    const keyPrefix = scope === "" ? routePrefix : `${routePrefix}@${scope}`;
    const request = toRequest(event);
    const key = request.headers[IDEMPOTENCY_KEY_HEADER];
    if (key === undefined) return handler(event, context);
    if (key.length > MAX_KEY_LENGTH || !VISIBLE_ASCII.test(key)) {
      throw new InvalidInputError(explain("idempotency_key_invalid", { max: MAX_KEY_LENGTH }));
    }

    let ran = false;
    let failure: unknown;
    const run = async (_payload: unknown, runEvent: APIGatewayProxyEventV2, runContext: Context) => {
      ran = true;
      try {
        return await handler(runEvent, runContext);
      } catch (error) {
        failure = error;
        throw error;
      }
    };
    const idempotent = makeIdempotent(run, {
      persistenceStore: storeFor(route, table()),
      config: configFor(context),
      keyPrefix,
      dataIndexArgument: 0,
    });
    try {
      return await idempotent(hashedPayload(key, request.body), event, context);
    } catch (error) {
      const unavailable = error instanceof IdempotencyPersistenceLayerError ? storageUnavailableIn(error) : undefined;
      if (!unavailable) throw error;
      // The idempotency record could not be read or written. Before the handler ran nothing was
      // changed; after it, its own writes may have been stored.
      const stored = !ran ? false : failure === undefined ? true : (storageUnavailableIn(failure)?.changeMayBeStored ?? true);
      throw new StorageUnavailableError(unavailable.reason, stored, `${unavailable.detail} on the idempotency record`, unavailable.budgetMs, error);
    }
  };
}
