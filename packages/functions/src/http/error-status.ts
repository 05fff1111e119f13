import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from "@aws-lambda-powertools/idempotency";
import type { Messages } from "@fulfillment/core";
import { explain, explanationText, type Explanation } from "../error-texts.js";
import { STATUS_BY_ERROR, type ErrorStatus } from "../errors.js";

/** Answers to a reused Idempotency-Key: Powertools' own messages name hashes, not causes. */
const KEY_REUSED = explain("idempotency_key_reused");
const KEY_IN_PROGRESS = explain("idempotency_in_progress");

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

/** The `error` text of a domain error's answer, in `locale`; an error without an explanation answers its message. */
export function answerTextOf(error: Error, locale: Messages.Locale): string {
  const explanation = ANSWERED.find(([type]) => error instanceof type)?.[2] ?? (error as Error & { explanation?: Explanation }).explanation;
  return explanation ? explanationText(explanation, locale) : error.message;
}
