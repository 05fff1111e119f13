/**
 * Conditional GETs (RFC 9110 sections 8.8.3 and 13.1.2) for the routes whose contract declares a
 * 304: the 200 answer carries a strong ETag, a hash of the body exactly as sent (after compression,
 * so a gzip answer and a plain one have tags of their own, as their bytes differ), and a request
 * whose If-None-Match names that tag is answered 304 with no body. A client polling a screen
 * then downloads the body only when the data changed.
 */
import { createHash } from "node:crypto";
import type middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";

type Result = APIGatewayProxyStructuredResultV2;
type Request = middy.Request<APIGatewayProxyEventV2, Result, Error, Context>;

/** A strong entity tag of a body as sent: 128 bits of its SHA-256, quoted. */
export function entityTag(body: string): string {
  return `"${createHash("sha256").update(body).digest("base64url").slice(0, 22)}"`;
}

/**
 * Whether If-None-Match names the tag. The comparison is the weak one RFC 9110 prescribes for
 * If-None-Match (a W/ prefix is ignored); `*` matches any current answer.
 */
export function noneMatchHolds(ifNoneMatch: string | undefined, tag: string): boolean {
  if (ifNoneMatch === undefined) return false;
  const opaque = tag.replace(/^W\//, "");
  return ifNoneMatch.split(",").some((candidate) => {
    const value = candidate.trim();
    return value === "*" || value.replace(/^W\//, "") === opaque;
  });
}

const headerOf = (event: APIGatewayProxyEventV2, name: string): string | undefined => {
  for (const [key, value] of Object.entries(event.headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
};

/** Headers a 304 keeps (RFC 9110 section 15.4.5): the validator and what the answer varies on. */
const KEPT_ON_304 = ["etag", "vary", "cache-control", "content-location", "expires"];

function revalidate(request: Request): void {
  const response = request.response;
  if (!response || typeof response !== "object" || response.statusCode !== 200 || typeof response.body !== "string") return;
  const tag = entityTag(response.body);
  const headers = { ...response.headers, etag: tag };
  if (!noneMatchHolds(headerOf(request.event, "if-none-match"), tag)) {
    response.headers = headers;
    return;
  }
  request.response = {
    statusCode: 304,
    headers: Object.fromEntries(Object.entries(headers).filter(([name]) => KEPT_ON_304.includes(name.toLowerCase()))),
    body: "",
  };
}

/**
 * Runs after the compression's last step (it is `use`d just before it), so it sees the body as it
 * will be sent. Errors are never revalidated: only a 200 gets a tag.
 */
export const conditionalGet: middy.MiddlewareObj<APIGatewayProxyEventV2, Result, Error, Context> = { after: revalidate };
