import type { APIGatewayProxyEventV2 } from "aws-lambda";
import type { Route } from "../routes.js";
import type { StorageUnavailableError } from "#storage/unavailable";
import { IDEMPOTENCY_KEY_HEADER } from "./idempotency.js";
import { explain, type Explanation } from "../error-texts.js";

/** SPEC section 7: a tariff write's storage failure answers 400; every other route 500. */
export const storageFailureStatus = (route: Route): number => (route.storageFailure ? 400 : 500);

const sentKey = (event: APIGatewayProxyEventV2 | undefined): boolean =>
  Object.keys(event?.headers ?? {}).some((name) => name.toLowerCase() === IDEMPOTENCY_KEY_HEADER);

/** The retry advice of a write route, after a failure that may have stored the change. */
function retryAdvice(route: Route, event: APIGatewayProxyEventV2 | undefined): Explanation {
  if (!route.idempotencyKey) return explain("retry_is_safe");
  return sentKey(event) ? explain("retry_with_key_is_safe") : explain("retry_send_key");
}

/** What the answer says after `what` happened: nothing changed on a read; on a write, whether it may be stored and how to retry. */
function outcome(route: Route, what: Explanation, mayBeStored: boolean, event: APIGatewayProxyEventV2 | undefined): Explanation {
  if (route.method === "GET") return explain("sentences", { first: what, second: explain("nothing_changed_retry"), third: null });
  return explain("sentences", { first: what, second: explain(mayBeStored ? "change_may_be_stored" : "change_not_stored"), third: retryAdvice(route, event) });
}

/** The answer's `error` when the invocation ran out of time: a dependency (storage, the marketplace) kept it waiting. */
export function outOfTime(route: Route, limitMs: number, event?: APIGatewayProxyEventV2): Explanation {
  return outcome(route, explain("out_of_time", { seconds: Math.round(limitMs / 1000) }), true, event);
}

/**
 * The answer's `error` when storage did not answer or could not be reached: what happened, whether
 * the change may have been stored, and how to retry safely. No host, port or stack.
 */
export function storageFailure(route: Route, failure: StorageUnavailableError, event?: APIGatewayProxyEventV2): Explanation {
  const what = failure.reason === "unreachable" ? explain("storage_unreachable") : explain("storage_no_answer", { seconds: failure.budgetMs / 1000 });
  return outcome(route, what, failure.changeMayBeStored, event);
}
