import type { APIGatewayProxyEventV2 } from "aws-lambda";
import { Messages } from "@fulfillment/core";
import { negotiatedOf, type Negotiated, type ResponseEncoding } from "./negotiation.js";
import { actorOfEvent } from "./actor.js";

export interface HttpRequest {
  method: string;
  path: string;
  pathParameters: Record<string, string>;
  query: Record<string, string>;
  /** The decoded body text, or undefined when none was sent. */
  body: string | undefined;
  headers: Record<string, string>;
  /** The API's domain as API Gateway received the request (requestContext.domainName). */
  domainName: string | undefined;
  /** The language of the answer's texts, from Accept-Language (pt-BR unless English is preferred). */
  locale: Messages.Locale;
  /** The codings Accept-Encoding allows, best first (http/negotiation.ts). */
  encodings: ResponseEncoding[];
  /** What Accept prefers of the report representations. */
  representation: "json" | "csv";
  /** API Gateway's id of the request (requestContext.requestId), also sent back in the apigw-requestid header. */
  requestId: string | null;
  /** Who made the request (http/actor.ts): a person, a machine client, an IAM caller or `local`. */
  actor: string;
}

/** A JSON answer; `body` may be a stored view's text (json-text.ts). http/answers.ts says which bodies a route may answer. */
export interface JsonResult<S extends number = number, B = unknown> {
  statusCode: S;
  body: B;
  contentType?: undefined;
  headers?: Record<string, string>;
}

/** A text answer sent as it is, not as JSON: a CSV report or an HTML page. */
export interface TextResult<S extends number = number, M extends string = string> {
  statusCode: S;
  body: string;
  contentType: M;
  headers?: Record<string, string>;
}

export type HttpResult = JsonResult | TextResult;

export const CSV_CONTENT_TYPE = "text/csv; charset=utf-8";
export const HTML_CONTENT_TYPE = "text/html; charset=utf-8";

/** A JSON answer of `statusCode` (200 by default); the route's schema for that status types `body`. */
export const ok = <const B, S extends number = 200>(body: B, statusCode: S = 200 as S, headers?: Record<string, string>): JsonResult<NoInfer<S>, B> => ({
  statusCode,
  body,
  headers,
});

/** A 200 answer whose body is already text of the given content type. */
export const okText = <M extends string>(body: string, contentType: M, headers: Record<string, string> = {}): TextResult<200, M> => ({
  statusCode: 200,
  body,
  contentType,
  headers,
});

/** 302 to `location`; the JSON body repeats it for clients that do not follow redirects. */
export const redirect = <const B>(location: string, body: B): JsonResult<302, B> => ({
  statusCode: 302,
  body,
  headers: { location, "cache-control": "no-store" },
});

/** An HTML page (the page a browser lands on), not JSON. */
export const htmlPage = <S extends number = 200>(text: string, statusCode: S = 200 as S): TextResult<NoInfer<S>, typeof HTML_CONTENT_TYPE> => ({
  statusCode,
  body: text,
  contentType: HTML_CONTENT_TYPE,
  headers: { "cache-control": "no-store" },
});

/** Reads what handlers need from an API Gateway HTTP API (payload v2) event. */
export function toRequest(event: APIGatewayProxyEventV2, negotiated: Negotiated = negotiatedOf(undefined)): HttpRequest {
  const headers: Record<string, string> = {};
  for (const [name, value] of Object.entries(event.headers ?? {})) if (value !== undefined) headers[name.toLowerCase()] = value;
  const defined = (record: Record<string, string | undefined> | undefined): Record<string, string> =>
    Object.fromEntries(Object.entries(record ?? {}).filter((e): e is [string, string] => e[1] !== undefined));
  let body: string | undefined;
  if (event.body !== undefined && event.body !== null) {
    body = event.isBase64Encoded ? Buffer.from(event.body, "base64").toString("utf8") : event.body;
  }
  return {
    method: event.requestContext?.http?.method ?? "GET",
    path: event.rawPath ?? event.requestContext?.http?.path ?? "/",
    pathParameters: defined(event.pathParameters),
    query: defined(event.queryStringParameters),
    body,
    headers,
    domainName: event.requestContext?.domainName || undefined,
    ...negotiated,
    requestId: event.requestContext?.requestId || null,
    actor: actorOfEvent(event),
  };
}

/** Parses a body as JSON; undefined when it is absent or not valid JSON. */
export function parseJsonBody(body: string | undefined): unknown {
  if (body === undefined || body.trim() === "") return undefined;
  try {
    return JSON.parse(body);
  } catch {
    return undefined;
  }
}

/** A JSON object (not an array, not null), as PUT bodies of key → value must be. */
export const isJsonObject = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);
