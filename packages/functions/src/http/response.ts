import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { JsonText, StoredJson } from "../json-text.js";

/** A JSON answer as API Gateway HTTP API (payload v2) expects it from Lambda. */
export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: body instanceof JsonText ? body.text : JSON.stringify(body),
});

/**
 * A stored answer: its gzip member as it is stored when the client accepts gzip, else its text.
 * The encoded answer names Accept-Encoding in Vary, as the compression middleware does.
 */
export function storedJsonResponse(statusCode: number, body: StoredJson, acceptsGzip: boolean, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 {
  if (!acceptsGzip) return jsonResponse(statusCode, new JsonText(body.text()), headers);
  const vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  return {
    statusCode,
    headers: { "content-type": "application/json; charset=utf-8", ...headers, "content-encoding": "gzip", vary },
    body: body.gzipBase64(),
    isBase64Encoded: true,
  };
}

/** A text answer (CSV) with its content type and extra headers. */
export const textResponse = (
  statusCode: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({ statusCode, headers: { "content-type": contentType, ...headers }, body });
