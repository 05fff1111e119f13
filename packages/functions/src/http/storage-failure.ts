import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { Route } from "../routes.js";
import type { StorageUnavailableError } from "#storage/unavailable";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency.js";

/** SPEC section 7: a tariff write's storage failure answers 400; every other route 500. */
export const storageFailureStatus = (route: Route): number => (route.storageFailure ? 400 : 500);

const sentKey = (event: APIGatewayProxyEventV2 | undefined): boolean =>
  Object.keys(event?.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER);

/** The retry advice of a write route, after a failure that may have stored the change. */
function retryAdvice(route: Route, event: APIGatewayProxyEventV2 | undefined): string {
  if (!route.idempotencyKey) return "Sending the same request again is safe.";
  return sentKey(event)
    ? "A retry with the same Idempotency-Key is safe: it applies the change at most once."
    : "A retry with the same Idempotency-Key is safe; send the Idempotency-Key header so a retry cannot apply it twice.";
}

/** The answer's `error` when the invocation ran out of time: a dependency (storage, the marketplace) kept it waiting. */
export function outOfTimeText(route: Route, limitMs: number, event?: APIGatewayProxyEventV2): string {
  const what = `Request failed, it did not finish within its ${Math.round(limitMs / 1000)} s time limit (storage or the marketplace did not answer in time).`;
  if (route.method === "GET") return `${what} Nothing was changed; try again shortly.`;
  return `${what} The change may have been stored. ${retryAdvice(route, event)}`;
}

/**
 * The answer's `error` when storage did not answer or could not be reached: what happened, whether
 * the change may have been stored, and how to retry safely. No host, port or stack.
 */
export function storageFailureText(route: Route, failure: StorageUnavailableError, event?: APIGatewayProxyEventV2): string {
  const what =
    failure.reason === "unreachable"
      ? "Request failed, storage unreachable: the database could not be reached."
      : `Request failed, storage did not answer within ${failure.budgetMs / 1000} s.`;
  if (route.method === "GET") return `${what} Nothing was changed; try again shortly.`;
  const stored = failure.changeMayBeStored ? "The change may have been stored." : "The change was not stored.";
  return `${what} ${stored} ${retryAdvice(route, event)}`;
}
