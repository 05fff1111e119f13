import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from "@aws-lambda-powertools/idempotency";
import { STATUS_BY_ERROR, type ErrorStatus } from "../errors.js";

/** Answers to a reused Idempotency-Key: Powertools' own messages name hashes, not causes. */
const KEY_REUSED = "This Idempotency-Key was already used with a different body; use a new key for a different request";
const KEY_IN_PROGRESS =
  "A request with this Idempotency-Key is still in progress; retry when it has finished to get its answer";

/**
 * The statuses of every error an answer is made of (errors.ts), with those of the idempotency
 * library's errors: only the http layer loads the library (http/idempotency.ts), so only it maps them.
 */
const ANSWERED: readonly ErrorStatus[] = [
  ...STATUS_BY_ERROR,
  // Safe retries: the key names another request, or its twin still runs.
  [IdempotencyValidationError, 422, KEY_REUSED],
  [IdempotencyAlreadyInProgressError, 409, KEY_IN_PROGRESS],
];

/** The status a domain error answers with; undefined for an unexpected error. */
export function statusOf(error: unknown): number | undefined {
  return ANSWERED.find(([type]) => error instanceof type)?.[1];
}

/** The `error` text of a domain error's answer. */
export function answerTextOf(error: Error): string {
  return ANSWERED.find(([type]) => error instanceof type)?.[2] ?? error.message;
}
