import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type {
  APIGatewayEventRequestContextIAMAuthorizer,
  APIGatewayEventRequestContextJWTAuthorizer,
  APIGatewayProxyEventV2,
  Context,
} from "aws-lambda";

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** What a request carries, as API Gateway hands it on; the one builder of events for the gateway, the tests and the bench. */
export interface EventParts {
  method: string;
  /** The path as requested ("/full/inventory/MLB1"). */
  path: string;
  /** The route it matched ("GET /full/inventory/{ad_id}"). */
  routeKey: string;
  /** Decoded query parameters, repeated ones comma-joined as API Gateway delivers them. */
  query?: Record<string, string>;
  rawQueryString?: string;
  headers?: Record<string, string>;
  pathParameters?: Record<string, string>;
  /** The body as text, or base64 when `isBase64Encoded`. */
  body?: string;
  isBase64Encoded?: boolean;
  sourceIp?: string;
  protocol?: string;
  apiId?: string;
  /** What the route's authorizer found (API Gateway's `requestContext.authorizer`); none on an open route. */
  authorizer?: APIGatewayEventRequestContextJWTAuthorizer | APIGatewayEventRequestContextIAMAuthorizer;
}

/** An API Gateway HTTP API (payload v2) event, as AWS builds it. */
export function apiGatewayEvent(parts: EventParts): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(parts.headers ?? {})) headers[name.toLowerCase()] = value;
  const query = parts.query ?? {};
  const cookies = headers.cookie?.split(/;\s*/).filter(Boolean);
  const now = Date.now();
  return {
    version: "2.0",
    routeKey: parts.routeKey,
    rawPath: parts.path,
    rawQueryString: parts.rawQueryString ?? new URLSearchParams(query).toString(),
    ...(cookies ? { cookies } : {}),
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: parts.pathParameters && Object.keys(parts.pathParameters).length > 0 ? parts.pathParameters : undefined,
    requestContext: {
      accountId: "000000000000",
      apiId: parts.apiId ?? "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: "local",
      http: {
        method: parts.method,
        path: parts.path,
        protocol: parts.protocol ?? "HTTP/1.1",
        sourceIp: parts.sourceIp ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey: parts.routeKey,
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
      ...(parts.authorizer ? { authorizer: parts.authorizer } : {}),
    },
    body: parts.body,
    isBase64Encoded: parts.body !== undefined && Boolean(parts.isBase64Encoded),
  };
}

/** The event for a request the local gateway received. */
export function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
  authorizer?: EventParts["authorizer"],
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value !== undefined) headers[name] = Array.isArray(value) ? value.join(",") : value;
  }
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const isText = body.length === 0 || TEXT_TYPES.test(headers["content-type"] ?? "application/json");
  return apiGatewayEvent({
    method: request.method ?? "GET",
    path: url.pathname,
    routeKey,
    query,
    rawQueryString: url.search.replace(/^\?/, ""),
    headers,
    pathParameters,
    body: body.length === 0 ? undefined : isText ? body.toString("utf8") : body.toString("base64"),
    isBase64Encoded: !isText,
    sourceIp: request.socket.remoteAddress ?? "127.0.0.1",
    protocol: `HTTP/${request.httpVersion}`,
    authorizer,
  });
}

/** The Lambda context of one invocation, with the function's time limit. */
export function lambdaContext(functionName: string, requestId: string = randomUUID(), timeoutMs = 10_000): Context {
  const deadline = Date.now() + timeoutMs;
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName,
    functionVersion: "$LATEST",
    invokedFunctionArn: `arn:aws:lambda:local:000000000000:function:${functionName}`,
    memoryLimitInMB: "1024",
    awsRequestId: requestId,
    logGroupName: `/aws/lambda/${functionName}`,
    logStreamName: "local",
    getRemainingTimeInMillis: () => Math.max(0, deadline - Date.now()),
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}
