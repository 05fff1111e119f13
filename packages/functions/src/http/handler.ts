import middy from "@middy/core";
import * as z from "zod/mini";
import type { Messages } from "@fulfillment/core";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Context } from "aws-lambda";
import type { Endpoint, RequestOf } from "../contract/schema.js";
import { InvalidInputError, PayloadTooLargeError } from "../errors.js";
import { DEFAULT_TIMEOUT_SECONDS, routeOf, type Route } from "../routes.js";
import { responseCompression } from "./compression.js";
import { conditionalGet } from "./conditional.js";
import { crossOriginProtection } from "./cross-origin.js";
import { errorBody } from "./envelope.js";
import { answerTextOf, statusOf } from "./error-status.js";
import { OutOfTimeError } from "./errors.js";
import { withIdempotencyKey } from "./idempotency.js";
import { withSeller } from "./seller.js";
import { MAX_REQUEST_BODY_BYTES } from "./limits.js";
import { contentNegotiation, negotiatedOf, type NegotiatedContext } from "./negotiation.js";
import { explain, explanationText, issueText, type Explanation } from "../error-texts.js";
import { boundRefusal } from "../contract/limits.js";
import { logger } from "#logging/logger";
import { observability } from "../observability/handler.js";
import type { AnswerOf } from "./answers.js";
import { parseJsonBody, toRequest, type HttpRequest, type HttpResult } from "./request.js";
import { jsonResponse, storedJsonResponse, textResponse } from "./response.js";
import { StoredJson } from "../json-text.js";
import { languageHeaders } from "./language.js";
import { securityHeaders } from "./security-headers.js";
import { outOfTime, storageFailure, storageFailureStatus } from "./storage-failure.js";
import { storageUnavailableIn, trackingWrites } from "#storage/unavailable";

export type HttpHandler = (event: APIGatewayProxyEventV2, context: Context) => Promise<APIGatewayProxyStructuredResultV2>;

type Middleware = middy.MiddlewareObj<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2, Error, Context>;

// The Lambda context reaches the log lines through observability's logger middleware.
const requestLogging: Middleware = {
  before: (request) => {
    logger.appendKeys({ route: `${request.event.requestContext?.http?.method} ${request.event.rawPath}` });
  },
};

const ZOD_SENTENCES: Record<Messages.Locale, z.core.$ZodErrorMap> = { "pt-BR": z.locales.pt().localeError, en: z.locales.en().localeError };

/** A bound the contract words no refusal for is refused naming the field (contract/limits.ts); other rules in zod's sentence. */
const SENTENCES = Object.fromEntries(
  Object.entries(ZOD_SENTENCES).map(([locale, sentence]): [string, z.core.$ZodErrorMap] => [
    locale,
    (issue) => {
      const bound = boundRefusal(issue as z.core.$ZodIssue);
      return bound ? issueText(bound) : sentence(issue);
    },
  ]),
) as Record<Messages.Locale, z.core.$ZodErrorMap>;

/** Time kept back from the Lambda limit to answer a request that ran out of time. */
const ANSWER_RESERVE_MS = 500;

/**
 * Domain errors answer with the status of errors.ts (http/error-status.ts) and their own message. Storage that
 * did not answer or could not be reached answers the route's storage-failure status with a text
 * saying so and whether the change may have been stored, logged as one line naming the cause.
 * Unexpected errors are logged with their stack (the logger prints a repeated stack once a minute)
 * and answered with a readable message that holds no internals: 500, or what the route table says
 * a storage failure of that route answers.
 */
function errorEnvelope(route: Route): Middleware {
  return {
    onError: (request) => {
      const error = request.error as Error;
      // Errors are answered in the request's language; the logs keep English.
      const locale = negotiatedOf(request.context as NegotiatedContext).locale;
      const answer = (status: number, explanation: Explanation) => jsonResponse(status, errorBody(route.envelope, explanationText(explanation, locale)));
      // Checked first: a domain error may carry storage's silence as its cause.
      const unavailable = storageUnavailableIn(error);
      if (unavailable) {
        logger.error(unavailable.message, { change_may_be_stored: unavailable.changeMayBeStored });
        request.response = answer(storageFailureStatus(route), storageFailure(route, unavailable, request.event));
        return;
      }
      const status = statusOf(error);
      if (status !== undefined) {
        if (status >= 500) logger.warn("Request refused", { reason: error.message });
        request.response = jsonResponse(status, errorBody(route.envelope, answerTextOf(error, locale)));
        return;
      }
      if (error instanceof OutOfTimeError) {
        logger.error(error.message);
        request.response = answer(storageFailureStatus(route), outOfTime(route, error.limitMs, request.event));
        return;
      }
      if (route.storageFailure) {
        logger.error(`Storage failure: ${route.storageFailure}`, error);
        request.response = answer(400, explain("tariff_storage_failure", { action: route.storageFailure }));
        return;
      }
      logger.error("Unexpected failure", error);
      request.response = answer(500, explain("unexpected_failure", { request_id: request.context?.awsRequestId || null }));
    },
  };
}

/**
 * The request as the endpoint's schema reads it: path, query, headers and the body parsed as JSON
 * (undefined when absent or not JSON). A refusal answers 400 with the first issue's sentence, or
 * the endpoint's own error; a domain error raised by the schema's rules is thrown as it is.
 */
export function parseRequest<E extends Endpoint>(endpoint: E, request: HttpRequest): RequestOf<E> {
  const input = { path: request.pathParameters, query: request.query, headers: request.headers, body: parseJsonBody(request.body) };
  // zod's own sentences (for rules the contract words no refusal of its own) in the request's language.
  const result = endpoint.request.safeParse(input, { error: SENTENCES[request.locale] });
  if (result.success) return result.data as RequestOf<E>;
  const issue = result.error.issues[0]!;
  throw endpoint.refusal?.(issue) ?? new InvalidInputError(issue.message);
}

/**
 * Wraps an endpoint: cross-site writes refused, size limit, request parsing with the endpoint's schema, one place that turns
 * errors into the endpoint family's envelope (from the route table), response compression that
 * keeps answers under the Lambda payload limit, an ETag and If-None-Match on the routes whose
 * contract declares a 304, and the security headers on every answer. Middy
 * runs `after`/`onError` in reverse `use` order: error mapping first, compression after it, the
 * security headers last. On routes that accept an Idempotency-Key the handler itself is wrapped
 * (http/idempotency.ts), so a replayed answer goes through every middleware as a fresh one; a route
 * of one seller's data runs in that seller's scope (http/seller.ts); a
 * request about to pass its Lambda time limit is answered in its envelope. What `run` may answer is
 * typed by the endpoint's response schemas (http/answers.ts).
 */
export function httpHandler<E extends Endpoint>(endpoint: E, run: (input: RequestOf<E>, request: HttpRequest) => Promise<AnswerOf<E>>): HttpHandler {
  const route = routeOf(endpoint.key);
  // An endpoint that reads nothing of the request (no path, query, header or body part) parses to {}.
  const parse = Object.keys(endpoint.parts).length === 0 ? () => ({}) as RequestOf<E> : (request: HttpRequest) => parseRequest(endpoint, request);
  const readOnly = route.access !== "read-write";
  const base = async (event: APIGatewayProxyEventV2, context?: Context): Promise<APIGatewayProxyStructuredResultV2> => {
    // The decoded size: base64 padding does not count, so a body of exactly the limit passes either way.
    const rawLength = event.body ? Buffer.byteLength(event.body, event.isBase64Encoded ? "base64" : "utf8") : 0;
    const limit = route.maxBodyBytes ?? MAX_REQUEST_BODY_BYTES;
    if (rawLength > limit) throw new PayloadTooLargeError(limit);
    const request = toRequest(event, negotiatedOf(context));
    const work = () => run(parse(request), request);
    // A read-only route (the stack grants it no write) has no write to note.
    const result: HttpResult = await (readOnly ? work() : trackingWrites(work));
    if (result.body instanceof StoredJson) return storedJsonResponse(result.statusCode, result.body, request.encodings.includes("gzip"), result.headers);
    return result.contentType
      ? textResponse(result.statusCode, String(result.body), result.contentType, result.headers)
      : jsonResponse(result.statusCode, result.body, result.headers);
  };
  const limitMs = (route.timeoutSeconds ?? DEFAULT_TIMEOUT_SECONDS) * 1000;
  // Answer in the family's envelope before Lambda cuts the invocation off (and API Gateway answers a bare 503).
  const timeLimit = { timeoutEarlyInMillis: ANSWER_RESERVE_MS, timeoutEarlyResponse: () => { throw new OutOfTimeError(limitMs); } };
  return middy<APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2>(withSeller(route, withIdempotencyKey(route, base)), timeLimit)
    .use(observability())
    .use(securityHeaders)
    .use(languageHeaders)
    .use(requestLogging)
    .use(contentNegotiation as unknown as Middleware)
    .use(crossOriginProtection)
    // A route whose contract declares 304 answers If-None-Match (http/conditional.ts).
    .use(304 in endpoint.responses ? [conditionalGet] : [])
    .use(responseCompression(route.envelope) as unknown as Middleware[])
    .use(errorEnvelope(route)) as unknown as HttpHandler;
}
