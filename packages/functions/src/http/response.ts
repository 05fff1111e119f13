import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";

/** A JSON answer as API Gateway HTTP API (payload v2) expects it from Lambda. */
export const jsonResponse = (statusCode: number, body: unknown, headers: Record<string, string> = {}): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8", ...headers },
  body: JSON.stringify(body),
});

/** A text answer (CSV) with its content type and extra headers. */
export const textResponse = (
  statusCode: number,
  body: string,
  contentType: string,
  headers: Record<string, string> = {},
): APIGatewayProxyStructuredResultV2 => ({ statusCode, headers: { "content-type": contentType, ...headers }, body });
