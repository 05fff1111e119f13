/**
 * Every answer's texts (errors included) follow Accept-Language (http/negotiation.ts): the answer
 * names its language in Content-Language, and Vary tells caches the texts depend on the header.
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
  if (!/accept-language/i.test(vary)) headers[varyName] = vary ? `${vary}, Accept-Language` : "Accept-Language";
  headers["content-language"] = negotiatedOf(request.context as NegotiatedContext).locale;
  response.headers = headers;
}

/** Runs after the error mapping and the compression, on success and failure alike. */
export const languageHeaders: middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context> = {
  after: nameLanguage,
  onError: nameLanguage,
};
