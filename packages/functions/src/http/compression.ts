import { constants } from "node:zlib";
import middy from "@middy/core";
import httpContentEncoding from "@middy/http-content-encoding";
import type { APIGatewayProxyEventV2, APIGatewayProxyStructuredResultV2 } from "aws-lambda";
import type { ErrorEnvelope } from "../routes.js";
import { errorBody } from "./envelope.js";
import { explain, explanationText } from "../error-texts.js";
import { uncompressedTooLarge, UncompressedResponseTooLargeError } from "../errors.js";
import {
  COMPRESSION_THRESHOLD_BYTES,
  RESPONSE_PAYLOAD_BUDGET_BYTES,
  lambdaPayloadBytes,
  surelyWithin,
} from "./limits.js";
import { logger } from "#logging/logger";
import { contentNegotiation, negotiatedOf, type NegotiatedContext, type ResponseEncoding } from "./negotiation.js";
import { jsonResponse } from "./response.js";
import { keepEncodings } from "./kept-encodings.js";

type Event = APIGatewayProxyEventV2;
type Result = APIGatewayProxyStructuredResultV2;
/** The fields @middy/http-content-encoding reads, set by @middy/http-content-negotiation (http/negotiation.ts). */
type EncodingContext = NegotiatedContext;
type Request = middy.Request<Event, Result, Error, EncodingContext>;

// Brotli's default quality (11) takes seconds on a few MB; 4 compresses better than gzip at a similar speed.
const encoder = keepEncodings(httpContentEncoding({
  gzip: {},
  br: { params: { [constants.BROTLI_PARAM_QUALITY]: 4, [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT } },
}) as unknown as middy.MiddlewareObj<Event, Result, Error, EncodingContext>);

const bodyBytes = (response: Result): number =>
  typeof response.body !== "string" ? 0 : response.isBase64Encoded ? response.body.length : Buffer.byteLength(response.body);

/** Tells the encoder which of the negotiated codings to use, and only for bodies worth compressing. */
function chooseEncoding(request: Request): void {
  const accepted: ResponseEncoding[] = negotiatedOf(request.context).encodings;
  request.context.preferredEncodings = accepted;
  const response = request.response;
  const large = response !== undefined && response !== null && bodyBytes(response) >= COMPRESSION_THRESHOLD_BYTES;
  request.context.preferredEncoding = large ? accepted[0] : undefined;
}

function lowerCaseHeaders(response: Result): Record<string, string | number | boolean> {
  const headers: Record<string, string | number | boolean> = {};
  for (const [name, value] of Object.entries(response.headers ?? {})) headers[name.toLowerCase()] = value;
  response.headers = headers;
  return headers;
}

function tooLarge(request: Request, envelope: ErrorEnvelope, response: Result, payloadBytes: number): Result {
  const locale = negotiatedOf(request.context).locale;
  // Compression was tried (or not accepted for lack of gain): only a client that refused it can still be helped.
  const triedCompression = Boolean(response.headers?.["content-encoding"]) || (request.context.preferredEncodings ?? []).length > 0;
  const refusal = triedCompression
    ? jsonResponse(500, errorBody(envelope, explanationText(explain("response_too_large", { payload_bytes: payloadBytes, limit_bytes: RESPONSE_PAYLOAD_BUDGET_BYTES }), locale)))
    : jsonResponse(406, errorBody(envelope, explanationText(uncompressedTooLarge(payloadBytes, RESPONSE_PAYLOAD_BUDGET_BYTES), locale)));
  logger.warn("Response over the Lambda payload limit", {
    statusCode: response.statusCode,
    payloadBytes,
    contentEncoding: response.headers?.["content-encoding"],
    answeredWith: refusal.statusCode,
  });
  refusal.headers = { ...refusal.headers, vary: "Accept-Encoding" };
  return refusal;
}


/** Last step: consistent header names, Vary on answers that depend on Accept-Encoding, and the size check. */
function settle(request: Request, envelope: ErrorEnvelope): void {
  const response = request.response;
  if (response === undefined || response === null || typeof response !== "object") return;
  const headers = lowerCaseHeaders(response);
  const encoded = Boolean(headers["content-encoding"]);
  // A 406 refusal depends on Accept-Encoding as much as a compressed answer does.
  const dependsOnEncoding = response.statusCode === 406 || (!encoded && bodyBytes(response) >= COMPRESSION_THRESHOLD_BYTES);
  if (dependsOnEncoding && !/accept-encoding/i.test(String(headers.vary ?? ""))) {
    headers.vary = headers.vary ? `${headers.vary}, Accept-Encoding` : "Accept-Encoding";
  }
  // The body alone decides most cases without serialising the result again: a small answer fits
  // however its characters are escaped, a body over the budget does not fit at all.
  if (surelyWithin(response, RESPONSE_PAYLOAD_BUDGET_BYTES)) return;
  const payloadBytes = bodyBytes(response) > RESPONSE_PAYLOAD_BUDGET_BYTES ? bodyBytes(response) : lambdaPayloadBytes(response);
  if (payloadBytes > RESPONSE_PAYLOAD_BUDGET_BYTES) request.response = tooLarge(request, envelope, response, payloadBytes);
}

/**
 * Response compression for every handler, in `use` order: the size check (runs last), the
 * encoder, then the negotiation (runs first, after the handler or the error mapping). Bodies of
 * 1 KiB or more are gzip- or brotli-encoded when the client accepts it; a body over the Lambda
 * payload limit is answered with an explicit error in the family's envelope, never cut short.
 */
export function responseCompression(envelope: ErrorEnvelope): middy.MiddlewareObj<Event, Result, Error, EncodingContext>[] {
  return [
    { after: (request) => settle(request, envelope), onError: (request) => settle(request, envelope) },
    encoder,
    { after: chooseEncoding, onError: chooseEncoding },
  ];
}

/** The size of a 200 answer's envelope around its body: status, headers, and the body's quotes. */
const ENVELOPE_BYTES = lambdaPayloadBytes({ ...jsonResponse(200, ""), headers: { "content-type": "application/json; charset=utf-8", vary: "Accept-Encoding" }, body: "" });

/**
 * For a request that accepts no compression: a check of an answer's size known before it is
 * read (a stored view's byte counts), refusing it as the size check after the handler would,
 * with 406. Undefined when the client accepts gzip or br (the answer will be compressed).
 */
export function plainSizeCheck(encodings: readonly ResponseEncoding[]): ((body: { rawBytes: number; escapedBytes: number }) => void) | undefined {
  if (encodings.length > 0) return undefined;
  return ({ rawBytes, escapedBytes }) => {
    const payloadBytes = rawBytes > RESPONSE_PAYLOAD_BUDGET_BYTES ? rawBytes : ENVELOPE_BYTES + escapedBytes;
    if (payloadBytes > RESPONSE_PAYLOAD_BUDGET_BYTES) throw new UncompressedResponseTooLargeError(payloadBytes, RESPONSE_PAYLOAD_BUDGET_BYTES);
  };
}

/**
 * The result a handler would return for a JSON body and an Accept-Encoding header, through the
 * same middleware: for measuring payload sizes outside a Lambda.
 */
export async function encodeBody(json: string, acceptEncoding: string | undefined, envelope: ErrorEnvelope = "error"): Promise<Result> {
  const run = middy<Event, Result, Error, EncodingContext>(async () => ({
    statusCode: 200,
    headers: { "content-type": "application/json; charset=utf-8" },
    body: json,
  }))
    .use(contentNegotiation as unknown as middy.MiddlewareObj<Event, Result, Error, EncodingContext>)
    .use(responseCompression(envelope));
  const event = { headers: acceptEncoding === undefined ? {} : { "accept-encoding": acceptEncoding } } as unknown as Event;
  return run(event, {} as EncodingContext);
}
