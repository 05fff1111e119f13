/**
 * The OpenAPI 3.1 document of the service, built from the route table and the contract of each flow
 * (packages/functions/src/contract: the request schemas the handlers parse with and their answers),
 * with examples computed over the demo dataset.
 * Deterministic: the same code gives the same document. `npm run openapi` writes docs/openapi.json.
 */
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";
import { ENDPOINTS } from "@fulfillment/functions/contract/endpoints";
import { errorBodyOf, GatewayMessageBody, type Endpoint, type ResponseContract } from "@fulfillment/functions/contract/schema";
import { componentSchemas, documentedBody, jsonSchemaOf, type JsonSchema } from "./json-schema.js";
import { COMPRESSION_THRESHOLD_BYTES, MAX_REQUEST_BODY_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES } from "@fulfillment/functions/http/limits";
import { demoExamples } from "./examples.js";
import type { Example, OperationExamples } from "./examples/common.js";
import { IDEMPOTENCY_KEY_PARAMETER, RETRY_DESCRIPTION, withIdempotencyResponses } from "./idempotency.js";
import { sellerParameters, takesSeller, withSellerResponses } from "./seller.js";
import { describeRateLimits, RATE_LIMIT_HEADERS, throttledResponse } from "./rate-limits.js";
import { AUTHORIZATION_DESCRIPTION, CORS_HEADERS, describeCors, OAUTH_SCHEME, operationSecurity, SECURITY_SCHEMES } from "./security.js";

export const OPENAPI_VERSION = "3.1.0";
export const API_VERSION = "1.0.0";
export const DEFAULT_LOCAL_URL = "http://127.0.0.1:3000";

const REF_BASE = "#/components/schemas/";
const JSON_MEDIA = "application/json";
/** A response header's value (an ETag, a Location): API Gateway's header limit is far above it. */
const HEADER_VALUE_CHARS = 2048;
const CSV_MEDIA = "text/csv";

export interface OpenApiOptions {
  /** The URL of the local API (npm start) when the document is served by it: then its first server. */
  localUrl?: string;
}

const DEPLOYED_SERVER = {
  url: "https://{apiId}.execute-api.{region}.amazonaws.com",
  description: "The deployed HTTP API of a stage (production, or a development stage); the deploy prints its URL (ApiEndpoint)",
  variables: { apiId: { default: "abcdef1234" }, region: { default: "us-east-1" } },
  "x-internal": false,
};

const localServer = (url: string) => ({
  url,
  description: "Local development only: npm start on loopback (PORT sets the port); with AUTH_MODE=open it checks no token",
  "x-internal": true,
});

export type OpenApiDocument = Record<string, unknown> & {
  paths: Record<string, Record<string, Record<string, unknown>>>;
  components: { schemas: Record<string, JsonSchema> } & Record<string, unknown>;
};

const DESCRIPTION = `Fulfillment stock, replenishment suggestions, storage tariffs and the settings store.

**Error envelopes.** There is no shared error envelope: each endpoint family answers every error with its own body (\`{error}\`, \`{has_data: false, error}\` or \`{success: false, error}\`), as listed under each operation. The error text is readable and never holds a stack or a credential.

**Compression.** Answers of ${COMPRESSION_THRESHOLD_BYTES} bytes or more are sent gzip- or brotli-encoded when the request's \`Accept-Encoding\` allows it (\`Vary: Accept-Encoding\`). An answer over the Lambda payload limit is refused with 406 when the request did not accept compression, never cut short.

${AUTHORIZATION_DESCRIPTION}

**Cross-site writes.** A POST, PUT or DELETE that a browser marks as sent for another site's page (\`Sec-Fetch-Site\` other than \`same-origin\` or \`none\`, or an \`Origin\` whose host is not the request's \`Host\` and not the configured console origin) answers 403 in the family's envelope and changes nothing. Clients that send neither header (curl, an ERP, server-to-server calls) are not affected.

**Caching.** Every answer carries \`Cache-Control: no-store\` and \`X-Content-Type-Options: nosniff\`.`;

/** Who answers for the API: the operations team that deploys it. */
const CONTACT = { name: "Fulfillment operations" };

const TAGS = [
  { name: "Fulfillment", description: "Fulfillment stock: overview, inventory, replenishment and the manual sync" },
  { name: "Tariffs", description: "Fulfillment storage tariffs" },
  { name: "Settings", description: "System settings by group" },
  { name: "History", description: "Forecasting-engine activity" },
  { name: "Marketplace account", description: "Connecting the seller's Mercado Livre account (OAuth authorization code)" },
  { name: "Marketplace notifications", description: "Where Mercado Livre posts a notification for each change of the seller's stock and listings; the service queues it and reads the resource itself" },
  { name: "Imports", description: "Local stock, unit costs and 30-day sales, by API or by file in the import bucket" },
  { name: "Alerts", description: "Alerts derived after each sync and import, their event log, subscriptions (webhook, e-mail) and deliveries" },
];

/** The request schema's path, query and header parts as OpenAPI Parameter objects, from their input side. */
function parameters(contract: Endpoint): Record<string, unknown>[] {
  const list: Record<string, unknown>[] = [];
  const add = (location: "path" | "query" | "header", part: Endpoint["parts"]["path"]): void => {
    if (!part) return;
    const object = jsonSchemaOf(part, "input", REF_BASE) as { properties?: Record<string, JsonSchema>; required?: string[] };
    for (const [name, { description, ...schema }] of Object.entries(object.properties ?? {})) {
      const required = location === "path" || (object.required ?? []).includes(name);
      list.push({ name, in: location, required, ...(description ? { description } : {}), schema });
    }
  };
  add("path", contract.parts.path);
  add("query", contract.parts.query);
  add("header", contract.parts.headers);
  return list;
}

function media(schema: JsonSchema, examples: Record<string, Example> | undefined): Record<string, unknown> {
  return { [JSON_MEDIA]: { schema, ...(examples ? { examples } : {}) } };
}

/** Sent by a client that holds an earlier answer of a route that declares a 304 (http/conditional.ts). */
const IF_NONE_MATCH_PARAMETER = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of the answer the client holds: answered 304 with no body while it is still the current one",
  schema: { type: "string", maxLength: 256 },
};

/** Every state-changing route refuses cross-site browser requests (http/cross-origin.ts). */
const CROSS_SITE: ResponseContract = {
  description:
    "A browser sent the request for a page of another site (Sec-Fetch-Site cross-site or same-site, or an Origin other than the service's own or the console's); nothing was changed",
};

/** The authorizer's refusal of a route that takes a token (security.ts), with API Gateway's own body. */
const UNAUTHORIZED: ResponseContract = {
  description:
    'No valid access token (missing, expired, or of another issuer or audience): refused by the JWT authorizer before any function runs, with a WWW-Authenticate header and API Gateway\'s own body {"message": "Unauthorized"}. A token without the route\'s scope answers 403 {"message": "Forbidden"} the same way',
  schema: GatewayMessageBody,
  headers: { "WWW-Authenticate": 'Bearer, with error="invalid_token" and its description' },
};

const OVER_LIMIT = "a value over the limit its schema states (maxLength, maxItems, maximum), refused naming the field; nothing was done";

/**
 * Every route that reads a query, headers or a body answers 400 to a value over its limits
 * (contract/limits.ts); a path id over its limit names nothing, as its route's own refusals say.
 */
function withOverLimit(contract: Endpoint, responses: Record<number, ResponseContract>): Record<number, ResponseContract> {
  const { query, headers, body } = contract.parts;
  if (!query && !headers && !body) return responses;
  const refused = responses[400];
  return { ...responses, 400: refused ? { ...refused, description: `${refused.description}; or ${OVER_LIMIT}` } : { description: `Refused: ${OVER_LIMIT}` } };
}

function operation(route: Route, contract: Endpoint, examples: OperationExamples | undefined): Record<string, unknown> {
  const responses: Record<string, unknown> = {};
  const declared: Record<number, ResponseContract> = route.method === "GET" ? contract.responses : { 403: CROSS_SITE, ...contract.responses };
  const own = withOverLimit(contract, route.auth === "none" ? declared : { 401: UNAUTHORIZED, ...declared });
  const contracts: Record<number, ResponseContract> = { ...withIdempotencyResponses(route, withSellerResponses(route, own)), 429: throttledResponse(route) };
  for (const status of Object.keys(contracts).map(Number).sort((a, b) => a - b)) {
    const response = contracts[status]!;
    const headers = response.headers
      ? { headers: Object.fromEntries(Object.entries(response.headers).map(([name, description]) => [name, { description, schema: { type: "string", maxLength: HEADER_VALUE_CHARS } }])) }
      : {};
    if (response.empty) {
      responses[String(status)] = { description: response.description, ...headers };
      continue;
    }
    if (response.html) {
      responses[String(status)] = { description: response.description, ...headers, content: { "text/html": { schema: { type: "string", maxLength: RESPONSE_PAYLOAD_BUDGET_BYTES } } } };
      continue;
    }
    const schema = jsonSchemaOf(response.schema ?? errorBodyOf(route.envelope), "output", REF_BASE);
    const content = media(schema, examples?.responses[status]);
    if (response.csv) content[CSV_MEDIA] = { schema: { type: "string", maxLength: RESPONSE_PAYLOAD_BUDGET_BYTES, description: response.csv } };
    responses[String(status)] = { description: response.description, ...headers, content };
  }
  describeRateLimits(responses);
  describeCors(responses);
  const parameterList = [
    ...parameters(contract),
    ...(route.idempotencyKey ? [IDEMPOTENCY_KEY_PARAMETER] : []),
    ...(takesSeller(route) ? sellerParameters(route) : []),
    ...(contract.responses[304] ? [IF_NONE_MATCH_PARAMETER] : []),
  ];
  return {
    operationId: contract.operationId,
    tags: [contract.tag],
    summary: contract.summary,
    description: contract.description,
    // The scope the route's token needs; the routes no authorizer runs on say so with an empty list.
    security: operationSecurity(route),
    ...(parameterList.length > 0 ? { parameters: parameterList } : {}),
    ...(contract.body && contract.parts.body
      ? {
          requestBody: {
            description: contract.body.description,
            required: contract.body.required,
            content: {
              ...media(jsonSchemaOf(documentedBody(contract.parts.body), "input", REF_BASE), examples?.request),
              ...(contract.body.csv ? { [CSV_MEDIA]: { schema: { type: "string", maxLength: route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES }, example: contract.body.csv } } : {}),
            },
          },
        }
      : {}),
    responses,
  };
}

/** The OpenAPI 3.1 document of every route of the route table. */
export function generateOpenApi(options: OpenApiOptions = {}): OpenApiDocument {
  const examples = demoExamples();
  const paths: OpenApiDocument["paths"] = {};
  for (const route of ROUTES) {
    const key = routeKey(route);
    const contract = ENDPOINTS.get(key);
    if (!contract) throw new Error(`No HTTP contract for ${key}: add it to the contract module of its flow`);
    (paths[route.path] ??= {})[route.method.toLowerCase()] = operation(route, contract, examples[contract.operationId]);
  }
  const orphans = [...ENDPOINTS.keys()].filter((key) => !ROUTES.some((route) => routeKey(route) === key));
  if (orphans.length > 0) throw new Error(`HTTP contracts without a route: ${orphans.join(", ")}`);

  const schemas = componentSchemas(REF_BASE);
  return {
    openapi: OPENAPI_VERSION,
    info: { title: "Fulfillment Stock and Settings API", version: API_VERSION, contact: CONTACT, description: `${DESCRIPTION}\n\n${RETRY_DESCRIPTION}` },
    servers: [...(options.localUrl ? [localServer(options.localUrl)] : []), DEPLOYED_SERVER],
    // The committed document describes the deployed API: the local one, plain HTTP on loopback, is only named.
    ...(options.localUrl ? {} : { "x-local-server": localServer(DEFAULT_LOCAL_URL) }),
    security: [{ [OAUTH_SCHEME]: [] }],
    tags: TAGS,
    paths,
    components: {
      schemas: Object.fromEntries(Object.keys(schemas).sort().map((id) => [id, schemas[id]!])),
      securitySchemes: SECURITY_SCHEMES,
      headers: { ...RATE_LIMIT_HEADERS, ...CORS_HEADERS },
    },
  };
}

/** The document as written to docs/openapi.json: two-space indentation and a final newline. */
export const renderOpenApi = (document: OpenApiDocument): string => `${JSON.stringify(document, null, 2)}\n`;
