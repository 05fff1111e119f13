/** The GET endpoints of the route table, called through the handler module Lambda runs. */
import { randomUUID } from "node:crypto";
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";

export type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

export const REPO_ROOT = resolve(import.meta.dirname, "../../../..");

/** "packages/functions/src/handlers/full/sync.handler" → the handler's source file. */
export const handlerFile = (handler: string): string => resolve(REPO_ROOT, `${handler.replace(/\.handler$/, "")}.ts`);

export async function loadHandler(handler: string): Promise<LambdaHandler> {
  const module = (await import(pathToFileURL(handlerFile(handler)).href)) as { handler: LambdaHandler };
  return module.handler;
}

/** "GET /full/inventory/{ad_id}" → "full_inventory_ad_id". */
export const slug = (path: string): string => path.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "");

export interface RequestInput {
  method?: string;
  path: string;
  pathParameters?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

/** An API Gateway HTTP API (payload v2) event. */
export function apiEvent(input: RequestInput): APIGatewayProxyEventV2 {
  const method = input.method ?? "GET";
  let rawPath = input.path;
  for (const [name, value] of Object.entries(input.pathParameters ?? {})) rawPath = rawPath.replace(`{${name}}`, encodeURIComponent(value));
  return {
    version: "2.0",
    routeKey: `${method} ${input.path}`,
    rawPath,
    rawQueryString: "",
    headers: { accept: "application/json", ...(input.headers ?? {}) },
    pathParameters: input.pathParameters,
    requestContext: {
      accountId: "000000000000",
      apiId: "bench",
      domainName: "localhost",
      domainPrefix: "localhost",
      http: { method, path: rawPath, protocol: "HTTP/1.1", sourceIp: "127.0.0.1", userAgent: "bench" },
      requestId: randomUUID(),
      routeKey: `${method} ${input.path}`,
      stage: "$default",
      time: new Date().toUTCString(),
      timeEpoch: Date.now(),
    },
    body: input.body,
    isBase64Encoded: false,
  };
}

/** A Lambda context; `timeoutSeconds` is the function's timeout (middy answers early near it). */
export function lambdaContext(timeoutSeconds = 10): Context {
  return {
    callbackWaitsForEmptyEventLoop: false,
    functionName: "bench",
    functionVersion: "$LATEST",
    invokedFunctionArn: "arn:aws:lambda:us-east-1:000000000000:function:bench",
    memoryLimitInMB: "1024",
    awsRequestId: randomUUID(),
    logGroupName: "/aws/lambda/bench",
    logStreamName: "bench",
    getRemainingTimeInMillis: () => timeoutSeconds * 1000,
    done: () => undefined,
    fail: () => undefined,
    succeed: () => undefined,
  };
}

export interface BenchEndpoint {
  route: Route;
  key: string;
  name: string;
  handler: LambdaHandler;
  request: RequestInput;
}

/** Path parameters the bench fills in: the viewed ad and a stored settings group. */
export interface PathValues {
  ad_id: string;
  group: string;
}

/** Every GET route, its handler loaded and a request for it. */
export async function getEndpoints(values: PathValues): Promise<BenchEndpoint[]> {
  const gets = ROUTES.filter((route) => route.method === "GET");
  return Promise.all(
    gets.map(async (route) => {
      const names = [...route.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]!);
      const pathParameters = Object.fromEntries(names.map((name) => [name, values[name as keyof PathValues] ?? ""]));
      return {
        route,
        key: routeKey(route),
        name: slug(route.path),
        handler: await loadHandler(route.handler),
        request: { path: route.path, ...(names.length ? { pathParameters } : {}) },
      };
    }),
  );
}

/** Calls a handler as Lambda would; throws unless it answers 200 (or another of `accepted`). */
export async function call(handler: LambdaHandler, request: RequestInput, timeoutSeconds?: number, accepted: readonly number[] = [200]): Promise<APIGatewayProxyStructuredResultV2> {
  const result = await handler(apiEvent(request), lambdaContext(timeoutSeconds));
  if (!accepted.includes(result.statusCode ?? 0)) throw new Error(`${request.method ?? "GET"} ${request.path}: status ${result.statusCode} ${String(result.body).slice(0, 200)}`);
  return result;
}
