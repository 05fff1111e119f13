/** What every group of examples shares: the demo day, the shapes of an example, the errors every route answers. */
import { errorBody } from "@fulfillment/functions/http/envelope";
import { PayloadTooLargeError } from "@fulfillment/functions/errors";
import { parseRequest } from "@fulfillment/functions/http/handler";
import type { HttpRequest } from "@fulfillment/functions/http/request";
import type { Endpoint } from "@fulfillment/functions/contract/schema";
import { MAX_REQUEST_BODY_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES } from "@fulfillment/functions/http/limits";
import type { ErrorEnvelope, Operation } from "@fulfillment/functions/routes";

/** The demo day the examples are computed for. */
export const EXAMPLE_DAY = "2026-11-21";

export interface Example {
  summary: string;
  value: unknown;
}

/** Examples of one operation: request body and responses by status, each by name. */
export interface OperationExamples {
  request?: Record<string, Example>;
  responses: Record<number, Record<string, Example>>;
}

/** Examples by the route table's operation name. */
export type Examples = Partial<Record<Operation, OperationExamples>>;

export const one = (summary: string, value: unknown): Record<string, Example> => ({ demo: { summary, value } });

export const SHOWN_ITEMS = 3;
export const SHOWN_DAYS = 7;
export const SHOWN_LOGS = 3;
export const SHOWN_DEMO = "Demo dataset";

/** A request id as Lambda gives it, fixed so the document does not change between runs. */
const REQUEST_ID = "3f8c1a52-7d4e-4b1a-9c2e-5a6b7c8d9e0f";

/** Error examples of the statuses every route shares, in the route family's envelope. */
export function commonErrors(envelope: ErrorEnvelope, bodyLimit = MAX_REQUEST_BODY_BYTES): Record<number, Record<string, Example>> {
  return {
    406: one(
      "Answer too large to send uncompressed",
      errorBody(
        envelope,
        `The response is too large to send uncompressed (6291700 bytes; responses are limited to ${RESPONSE_PAYLOAD_BUDGET_BYTES} bytes); send the header "Accept-Encoding: gzip" (or br) to receive it compressed`,
      ),
    ),
    413: one("Body too large", errorBody(envelope, new PayloadTooLargeError(bodyLimit).message)),
    500: one("Unexpected failure", errorBody(envelope, `Unexpected failure while handling the request (request id ${REQUEST_ID})`)),
  };
}

/** The text the endpoint's request schema answers a refused request with. */
export function refusal(endpoint: Endpoint, request: Partial<HttpRequest>): string {
  try {
    parseRequest(endpoint, { pathParameters: {}, query: {}, headers: {}, body: undefined, ...request } as HttpRequest);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("Expected the request to be refused");
}
