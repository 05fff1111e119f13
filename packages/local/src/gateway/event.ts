import { randomUUID } from "node:crypto";
import type { IncomingMessage } from "node:http";
import type { APIGatewayProxyEventV2, Context } from "aws-lambda";

const TEXT_TYPES = /^(application\/(json|x-www-form-urlencoded|xml)|text\/)/i;

/** The API Gateway HTTP API (payload v2) event for a local request, as AWS builds it. */
export function toApiGatewayEvent(
  request: IncomingMessage,
  url: URL,
  body: Buffer,
  routeKey: string,
  pathParameters: Record<string, string>,
): APIGatewayProxyEventV2 {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined) continue;
    headers[name.toLowerCase()] = Array.isArray(value) ? value.join(",") : value;
  }
  // Repeated query parameters arrive comma-joined, as API Gateway delivers them.
  const query: Record<string, string> = {};
  for (const [name, value] of url.searchParams) query[name] = name in query ? `${query[name]},${value}` : value;
  const cookies = headers.cookie?.split(/;\s*/).filter(Boolean);
  const isText = body.length === 0 || TEXT_TYPES.test(headers["content-type"] ?? "application/json");
  const method = request.method ?? "GET";
  const now = Date.now();
  return {
    version: "2.0",
    routeKey,
    rawPath: url.pathname,
    rawQueryString: url.search.replace(/^\?/, ""),
    cookies,
    headers,
    queryStringParameters: Object.keys(query).length > 0 ? query : undefined,
    pathParameters: Object.keys(pathParameters).length > 0 ? pathParameters : undefined,
    requestContext: {
      accountId: "000000000000",
      apiId: "local",
      domainName: headers.host ?? "127.0.0.1",
      domainPrefix: "local",
      http: {
        method,
        path: url.pathname,
        protocol: `HTTP/${request.httpVersion}`,
        sourceIp: request.socket.remoteAddress ?? "127.0.0.1",
        userAgent: headers["user-agent"] ?? "",
      },
      requestId: randomUUID(),
      routeKey,
      stage: "$default",
      time: new Date(now).toUTCString(),
      timeEpoch: now,
    },
    body: body.length === 0 ? undefined : isText ? body.toString("utf8") : body.toString("base64"),
    isBase64Encoded: body.length > 0 && !isText,
  };
}

export function lambdaContext(functionName: string, requestId: string, timeoutMs: number): Context {
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
