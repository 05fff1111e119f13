import type { APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import { JsonText } from "../json-text.js";

/** A JSON answer as API Gateway HTTP API (payload v2) expects it from Lambda. */
export const jsonResponse = (statusCode: number, body: unknown): APIGatewayProxyStructuredResultV2 => ({
  statusCode,
  headers: { "content-type": "application/json; charset=utf-8" },
  body: body instanceof JsonText ? body.text : JSON.stringify(body),
});
