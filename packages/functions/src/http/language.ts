/**
 * Answers whose texts follow Accept-Language (http/negotiation.ts) name their language in
 * Content-Language, and Vary tells caches they depend on the header: every error answer, and the
 * answers whose handlers say so (Vary naming Accept-Language, http/representation.ts).
 */
import type middy from "@middy/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import { negotiatedOf, type NegotiatedContext } from "./negotiation.js";

type Request = middy.Request<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

function nameLanguage(request: Request): void {
  const response = request.response;
  if (response === undefined || response === null || typeof response !== "object") return;
  const headers = { ...response.headers };
  const varyName = Object.keys(headers).find((name) => name.toLowerCase() === "vary") ?? "vary";
  const vary = headers[varyName] === undefined ? "" : String(headers[varyName]);
  const declared = /accept-language/i.test(vary);
  if (!declared && (response.statusCode ?? 200) < 400) return;
  if (!declared) headers[varyName] = vary ? `${vary}, Accept-Language` : "Accept-Language";
  headers["content-language"] = negotiatedOf(request.context as NegotiatedContext).locale;
  response.headers = headers;
}

/** Runs after the error mapping and the compression, on success and failure alike. */
export const languageHeaders: middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> = {
  after: nameLanguage,
  onError: nameLanguage,
};
