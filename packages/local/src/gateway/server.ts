import { createServer, type IncomingMessage, type Server, type ServerResponse } from "node:http";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { ROUTES, routeKey, type Route } from "@fulfillment/functions/routes";
import { errorBody } from "@fulfillment/functions/http/envelope";
import { API_GATEWAY_REQUEST_BYTES, LAMBDA_RESPONSE_PAYLOAD_BYTES, lambdaPayloadBytes, surelyWithin } from "@fulfillment/functions/http/limits";
import { SECURITY_HEADERS } from "@fulfillment/functions/http/security-headers";
import { negotiate } from "@fulfillment/functions/http/negotiation";
import { explain, explanationText, type Explanation } from "@fulfillment/functions/error-texts";
import { createRouter, familyRoute } from "./router.js";
import { lambdaContext, toApiGatewayEvent } from "./event.js";
import { inInvocation, useConcurrentInvocations } from "./invocation.js";
import { logAccess } from "./access-log.js";
import type { Verdict } from "./jwt-authorizer.js";
import type { Throttle } from "./throttle.js";

/** Decides, before any handler runs, whether a request may reach its route (API Gateway's authorizer). */
export type Authorize = (authorization: string | undefined, route: Route) => Promise<Verdict>;

const REPO_ROOT = resolve(dirname(fileURLToPath(import.meta.url)), "../../../..");

type LambdaHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

/** "packages/functions/src/handlers/x.handler" → the module file and the export name. */
export function handlerModule(handler: string): { file: string; exportName: string } {
  const dot = handler.lastIndexOf(".");
  return { file: join(REPO_ROOT, `${handler.slice(0, dot)}.ts`), exportName: handler.slice(dot + 1) };
}

const handlers = new Map<string, Promise<LambdaHandler>>();
function loadHandler(route: Route): Promise<LambdaHandler> {
  let loaded = handlers.get(route.handler);
  if (!loaded) {
    const { file, exportName } = handlerModule(route.handler);
    loaded = import(pathToFileURL(file).href).then((module) => module[exportName] as LambdaHandler);
    handlers.set(route.handler, loaded);
  }
  return loaded;
}

/** Loads a route's handler module ahead of its first request (one whose caller will not wait for a cold import). */
export async function warmHandler(route: Route): Promise<void> {
  await loadHandler(route);
}

export interface ExtraRoute {
  method: string;
  /** An exact path, or a prefix ending in "/*" ("/docs/assets/*" serves every path below /docs/assets/). */
  path: string;
  serve: (request: IncomingMessage, response: ServerResponse) => void | Promise<void>;
}

const servesPath = (extra: ExtraRoute, path: string): boolean =>
  extra.path.endsWith("/*") ? path.startsWith(extra.path.slice(0, -1)) : extra.path === path;

function sendJson(response: ServerResponse, statusCode: number, body: unknown, headers: Record<string, string> = {}): void {
  const text = JSON.stringify(body);
  // The gateway's own answers (404, 405, 413) carry the headers the handlers' answers carry.
  response.writeHead(statusCode, {
    "content-type": "application/json; charset=utf-8",
    "content-length": Buffer.byteLength(text),
    ...SECURITY_HEADERS,
    ...headers,
  });
  response.end(text);
}

async function readBody(request: IncomingMessage): Promise<Buffer | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of request) {
    size += (chunk as Buffer).length;
    if (size > API_GATEWAY_REQUEST_BYTES) return undefined;
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * The request target as a URL. A path is taken literally: "//full/overview" is that path (no route),
 * never a host named "full"; an unparsable target gives undefined.
 */
function requestUrl(target: string | undefined): URL | undefined {
  try {
    return new URL(target?.startsWith("/") ? `http://127.0.0.1${target}` : (target ?? "/"), "http://127.0.0.1");
  } catch {
    return undefined;
  }
}

/** Writes a handler's result the way API Gateway does: base64 bodies decoded, headers passed through. */
export function writeLambdaResult(response: ServerResponse, result: APIGatewayProxyStructuredResultV2): void {
  const body = result.body === undefined ? Buffer.alloc(0) : Buffer.from(result.body, result.isBase64Encoded ? "base64" : "utf8");
  const headers: Record<string, string | string[]> = {};
  for (const [name, value] of Object.entries(result.headers ?? {})) headers[name.toLowerCase()] = String(value);
  if (result.cookies?.length) headers["set-cookie"] = result.cookies;
  // A 304 has no body: its headers describe the answer the client already holds.
  if (result.statusCode !== 304) {
    headers["content-length"] = String(body.length);
    headers["content-type"] ??= "application/json";
  }
  response.writeHead(result.statusCode ?? 200, headers);
  response.end(body);
}

/**
 * The local API Gateway: each request becomes the payload-v2 event AWS would deliver, handed to
 * the very handler module that is deployed, each in its own invocation context (log keys included).
 * Loopback only; open unless `authorize` checks every route that has an authorizer (all but
 * auth "none"), as API Gateway does. `access` receives one readable line per request.
 */
export function createGateway(
  options: {
    routes?: readonly Route[];
    extra?: ExtraRoute[];
    log?: (line: string) => void;
    access?: (line: string) => void;
    authorize?: Authorize;
    /** The API's rate limits (throttle.ts), as `npm start` enforces them; unset: none. */
    throttle?: Throttle;
  } = {},
): Server {
  const routes = options.routes ?? ROUTES;
  const route = createRouter(routes);
  const log = options.log ?? (() => undefined);
  void useConcurrentInvocations();
  return createServer(async (request, response) => {
    const method = request.method ?? "GET";
    const url = requestUrl(request.url);
    if (options.access) logAccess(request, response, url?.pathname ?? String(request.url), options.access);
    // The gateway's own refusals follow Accept-Language as the handlers' do.
    const locale = negotiate(request.headers as Record<string, string | undefined>).locale;
    const say = (explanation: Explanation): string => explanationText(explanation, locale);
    const language = { "content-language": locale, vary: "Accept-Language" };
    if (!url) return sendJson(response, 400, errorBody("error", say(explain("malformed_target", { target: JSON.stringify(request.url) }))), language);
    try {
      const extra = options.extra?.find((e) => e.method === method && servesPath(e, url.pathname));
      if (extra) return await extra.serve(request, response);

      const match = route(method, url.pathname);
      if (match.kind === "not-found") {
        const family = familyRoute(url.pathname, routes);
        return sendJson(response, 404, errorBody(family?.envelope ?? "error", say(explain("no_route", { method, path: url.pathname }))), language);
      }
      if (match.kind === "method-not-allowed") {
        return sendJson(response, 405, errorBody(match.envelopeOf.envelope, say(explain("method_not_allowed", { method, path: url.pathname }))), {
          ...language,
          allow: match.allowed.join(", "),
        });
      }
      // API Gateway throttles before the authorizer runs: a flood costs no token checks.
      const admission = options.throttle?.(match.route);
      if (admission) for (const [name, value] of Object.entries(admission.headers)) response.setHeader(name, value);
      if (admission && !admission.allowed) {
        const { ratePerSecond, burst } = admission.limit;
        const message = say(explain("too_many_requests", { route: routeKey(match.route), rate: ratePerSecond, burst, retry_after: String(admission.headers["retry-after"]) }));
        return sendJson(response, 429, errorBody(match.route.envelope, message), language);
      }
      let authorizer: Extract<Verdict, { allowed: true }>["authorizer"] | undefined;
      if (options.authorize && match.route.auth !== "none") {
        const verdict = await options.authorize(request.headers.authorization, match.route);
        if (!verdict.allowed) return sendJson(response, verdict.statusCode, verdict.body, verdict.headers);
        authorizer = verdict.authorizer;
      }
      const body = await readBody(request);
      if (body === undefined) {
        return sendJson(response, 413, errorBody(match.route.envelope, say(explain("payload_too_large", { limit_bytes: API_GATEWAY_REQUEST_BYTES }))), language);
      }
      const event = toApiGatewayEvent(request, url, body, routeKey(match.route), match.pathParameters, authorizer);
      const handler = await loadHandler(match.route);
      const context = lambdaContext(match.route.handler, event.requestContext.requestId, (match.route.timeoutSeconds ?? 10) * 1000);
      // API Gateway names each request in this header; locally it is also the invocation's request id.
      response.setHeader("apigw-requestid", event.requestContext.requestId);
      const result = await inInvocation(event.requestContext.requestId, () => handler(event, context));
      // Lambda fails an invocation whose result exceeds its payload limit; API Gateway then answers a bare 500.
      // Serialised again only when its size is in doubt (a large body), as the handlers' own check does.
      const payloadBytes = surelyWithin(result, LAMBDA_RESPONSE_PAYLOAD_BYTES) ? 0 : lambdaPayloadBytes(result);
      if (payloadBytes > LAMBDA_RESPONSE_PAYLOAD_BYTES) {
        log(
          `gateway: ${method} ${url.pathname} failed: response payload size (${payloadBytes} bytes) exceeded maximum allowed payload size (${LAMBDA_RESPONSE_PAYLOAD_BYTES} bytes)`,
        );
        return sendJson(response, 500, { message: "Internal Server Error" });
      }
      writeLambdaResult(response, result);
    } catch (error) {
      log(`gateway: ${method} ${url.pathname} failed: ${(error as Error).message}`);
      if (!response.headersSent) sendJson(response, 500, { message: "Internal Server Error" });
      else response.end();
    }
  });
}

export { ROUTES };
