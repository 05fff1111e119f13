import type middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";

/**
 * On every answer: no cache (browser or proxy) keeps one, since GET /settings holds secrets, and
 * no browser reads a JSON body as another type.
 */
export const SECURITY_HEADERS = {
  "cache-control": "no-store",
  "x-content-type-options": "nosniff",
} as const;

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

function addHeaders(request: Request): void {
  const response = request.response;
  if (response === undefined || response === null || typeof response !== "object") return;
  response.headers = { ...response.headers, ...SECURITY_HEADERS };
}

/** Used first, so it runs last: after the error mapping and the compression, on success and failure alike. */
export const securityHeaders: middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> = {
  after: addHeaders,
  onError: addHeaders,
};
