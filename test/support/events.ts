import type { APIGatewayEventRequestContextJWTAuthorizer, APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { apiGatewayEvent, lambdaContext as localLambdaContext } from "@fulfillment/local/gateway/event";
import { checkDocumentedResponse } from "#test/openapi";

export interface EventInput {
  method?: string;
  path: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | object;
  base64?: boolean;
  /** What API Gateway's authorizer found (a JWT's claims, as strings); none on the open local API. */
  authorizer?: APIGatewayEventRequestContextJWTAuthorizer;
}

/** An API Gateway HTTP API (payload v2) event, as AWS would deliver it (the local gateway's builder). */
export function apiEvent(input: EventInput): APIGatewayProxyEventV2 {
  const method = input.method ?? "GET";
  const bodyText = input.body === undefined ? undefined : typeof input.body === "string" ? input.body : JSON.stringify(input.body);
  return apiGatewayEvent({
    method,
    path: input.path,
    routeKey: `${method} ${input.path}`,
    query: input.query,
    headers: { "content-type": "application/json", "user-agent": "vitest", ...(input.headers ?? {}) },
    pathParameters: input.pathParameters,
    body: bodyText === undefined || !input.base64 ? bodyText : Buffer.from(bodyText).toString("base64"),
    isBase64Encoded: input.base64,
    authorizer: input.authorizer,
  });
}

/** A Lambda context; `timeoutMs` is the time left, the function's timeout (10 s by default: a slow, busy machine must not time a test's invocation out). */
export const lambdaContext = (timeoutMs = 10_000): Context => ({ ...localLambdaContext("test"), getRemainingTimeInMillis: () => timeoutMs });

export interface InvokeResult<T = any> {
  statusCode: number;
  headers: Record<string, string>;
  body: T;
}

type Handler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2 | string | void>;

/**
 * Calls a handler as Lambda would and parses its JSON body. An answer on a route of the route
 * table must match docs/openapi.json (status documented for the route, body of its schema).
 */
export async function invoke<T = any>(handler: Handler, input: EventInput, options: { timeoutMs?: number } = {}): Promise<InvokeResult<T>> {
  const { text: _text, ...answer } = await invokeWithText<T>(handler, input, options);
  return answer;
}

/** As `invoke`, with the body as sent (decoded when compressed) for byte-for-byte comparisons. */
export async function invokeWithText<T = any>(handler: Handler, input: EventInput, options: { timeoutMs?: number } = {}): Promise<InvokeResult<T> & { text: string }> {
  const result = (await handler(apiEvent(input), lambdaContext(options.timeoutMs))) as APIGatewayProxyStructuredResultV2;
  let text = result.body ?? "";
  if (result.isBase64Encoded) {
    const { gunzipSync, brotliDecompressSync } = await import("node:zlib");
    const raw = Buffer.from(text, "base64");
    const encoding = String(result.headers?.["content-encoding"] ?? result.headers?.["Content-Encoding"] ?? "");
    text = (encoding === "gzip" ? gunzipSync(raw) : encoding === "br" ? brotliDecompressSync(raw) : raw).toString("utf8");
  }
  const headers = (result.headers ?? {}) as Record<string, string>;
  const mediaType = String(headers["content-type"] ?? "application/json").split(";")[0]!.trim();
  const answer = {
    statusCode: result.statusCode ?? 200,
    headers,
    // A text answer (CSV) is handed back as text.
    body: (mediaType === "application/json" ? (text ? JSON.parse(text) : undefined) : text) as T,
    text,
  };
  checkDocumentedResponse(input.method ?? "GET", input.path, answer.statusCode, answer.body, mediaType);
  return answer;
}
