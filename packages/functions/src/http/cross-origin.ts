import type middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { trustedOrigins } from "../config/env.js";
import { CrossOriginRequestError } from "../errors.js";

/** Methods that change nothing; every other method is checked. */
const SAFE_METHODS = new Set(["GET", "HEAD", "OPTIONS"]);

function header(headers: Record<string, string | undefined> | undefined, name: string): string | undefined {
  for (const [key, value] of Object.entries(headers ?? {})) if (key.toLowerCase() === name) return value;
  return undefined;
}

/** "https://a.example:8443" → "a.example:8443", as a Host header names it; undefined for "null" or garbage. */
function hostOf(origin: string): string | undefined {
  try {
    const url = new URL(origin);
    return url.host === "" ? undefined : url.host;
  } catch {
    return undefined;
  }
}

/**
 * Go's CrossOriginProtection: a request is cross-site when the browser says so (Sec-Fetch-Site other
 * than same-origin or none) or, from older browsers, when its Origin names another host than the
 * request's Host. The service's own origin is therefore whatever host the client reached (the API
 * Gateway domain, a custom domain, 127.0.0.1:PORT locally); the console's origin, when it is served
 * from elsewhere, is trusted by configuration. Requests with neither header (curl, the ERP,
 * server-to-server calls) are not a browser's and pass.
 */
export function isCrossSiteWrite(
  method: string,
  headers: Record<string, string | undefined> | undefined,
  trusted: readonly string[],
): boolean {
  if (SAFE_METHODS.has(method.toUpperCase())) return false;
  const origin = header(headers, "origin");
  if (origin !== undefined && trusted.includes(origin)) return false;
  const fetchSite = header(headers, "sec-fetch-site")?.trim().toLowerCase();
  if (fetchSite !== undefined) return fetchSite !== "same-origin" && fetchSite !== "none";
  if (origin === undefined) return false;
  const host = header(headers, "host");
  return host === undefined || hostOf(origin) !== host.toLowerCase();
}

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

/** Refuses cross-site writes before the handler runs. */
export const crossOriginProtection: Middleware = {
  before: (request) => {
    const { event } = request;
    const method = event.requestContext?.http?.method ?? "GET";
    // A read changes nothing: the trusted origins are not even parsed for it.
    if (SAFE_METHODS.has(method.toUpperCase())) return;
    if (isCrossSiteWrite(method, event.headers, trustedOrigins())) throw new CrossOriginRequestError(header(event.headers, "origin"));
  },
};
