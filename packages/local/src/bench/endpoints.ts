/** The GET endpoints of the route table, called through the handler module Lambda runs. */
import { resolve } from "node:path";
import { pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";
import { apiGatewayEvent, lambdaContext as localLambdaContext } from "../gateway/event.js";

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
  query?: Record<string, string>;
  headers?: Record<string, string>;
  body?: string;
}

/** The event a bench request becomes: the local gateway's builder, path parameters filled in. */
export function apiEvent(input: RequestInput): APIGatewayProxyEventV2 {
  const method = input.method ?? "GET";
  let path = input.path;
  for (const [name, value] of Object.entries(input.pathParameters ?? {})) path = path.replace(`{${name}}`, encodeURIComponent(value));
  return apiGatewayEvent({
    method,
    path,
    routeKey: `${method} ${input.path}`,
    headers: { accept: "application/json", "user-agent": "bench", ...(input.headers ?? {}) },
    query: input.query,
    pathParameters: input.pathParameters,
    body: input.body,
    apiId: "bench",
  });
}

export const lambdaContext = (timeoutSeconds = 10): Context => localLambdaContext("bench", undefined, timeoutSeconds * 1000);

export interface BenchEndpoint {
  route: Route;
  key: string;
  name: string;
  handler: LambdaHandler;
  request: RequestInput;
  /** The floor to compare with, when not the route's own (the list's alerts=1 variant). */
  floorKey?: string;
  /** The same request answered by the live path (the read model's baseline). */
  live?: LambdaHandler;
}

/** Path parameters the bench fills in: the viewed ad and a stored settings group. */
export interface PathValues {
  ad_id: string;
  group: string;
}

/** Every GET route, its handler loaded and a request for it. */
/** The account connection's two GETs are steps of a browser flow (they store a state, consume it), not reads to time. */
const FLOW_STEPS = new Set(["GET /marketplace/connect", "GET /marketplace/callback"]);

export async function getEndpoints(values: PathValues): Promise<BenchEndpoint[]> {
  const gets = ROUTES.filter((route) => route.method === "GET" && !FLOW_STEPS.has(routeKey(route)));
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
  return prepareCall(handler, request, timeoutSeconds, accepted)();
}

/**
 * A call with its event and context already built: API Gateway builds the event before Lambda
 * starts the handler, so a timed call starts where the invocation does (the floors build nothing).
 */
export function prepareCall(
  handler: LambdaHandler,
  request: RequestInput,
  timeoutSeconds?: number,
  accepted: readonly number[] = [200],
): () => Promise<APIGatewayProxyStructuredResultV2> {
  const event = apiEvent(request);
  const context = lambdaContext(timeoutSeconds);
  return async () => {
    const result = await handler(event, context);
    if (!accepted.includes(result.statusCode ?? 0)) throw new Error(`${request.method ?? "GET"} ${request.path}: status ${result.statusCode} ${String(result.body).slice(0, 200)}`);
    return result;
  };
}
