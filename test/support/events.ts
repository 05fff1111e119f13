import { randomUUID } from "node:crypto";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { checkDocumentedResponse } from "./openapi.js";

export interface EventInput {
  method?: string;
  path: string;
  pathParameters?: Record<string, string>;
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string | object;
  base64?: boolean;
}

/** An API Gateway HTTP API (payload v2) event, as AWS would deliver it. */
export function apiEvent(input: EventInput): APIGatewayProxyEventV2 {
  const method = input.method ?? "GET";
  const bodyText = input.body === undefined ? undefined : typeof input.body === "string" ? input.body : JSON.stringify(input.body);
  const query = input.query ?? {};
  const rawQueryString = new URLSearchParams(query).toString();
  return {
    version: "2.0",
    routeKey: `${method} ${input.path}`,
    rawPath: input.path,
    rawQueryString,
    headers: { "content-type": "application/json", ...(input.headers ?? {}) },
    queryStringParameters: Object.keys(query).length ? query : undefined,
    pathParameters: input.pathParameters,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: { method, path: input.path, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "vitest" },
      requestId: randomUUID(),
      routeKey: `${method} ${input.path}`,
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: bodyText === undefined ? undefined : input.base64 ? Buffer.from(bodyText).toString("base64") : bodyText,
    isBase64Encoded: Boolean(input.base64 && bodyText !== undefined),
  };
}

/** A Lambda context; `timeoutMs` is the function's timeout (10 s, the default of the routes). */
export function lambdaContext(timeoutMs = 10_000): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: "test",
    functionVersion: "$LATEST",
    invokedFunctionArn: "arn:aws:lambda:us-east-1:000000000000:function:test",
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: "/aws/lambda/test",
    logStreamName: "test",
    getRemainingTimeInMillis: () => timeoutMs,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

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
  const answer: InvokeResult<T> = {
    statusCode: result.statusCode ?? 200,
    headers,
    // A text answer (CSV) is handed back as text.
    body: mediaType === "application/json" ? (text ? JSON.parse(text) : undefined) : (text as T),
  };
  checkDocumentedResponse(input.method ?? "GET", input.path, answer.statusCode, answer.body, mediaType);
  return answer;
}
