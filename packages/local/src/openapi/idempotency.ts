import type { Route } from "@fulfillment/functions/routes";
import type { ResponseContract } from "@fulfillment/functions/contract/schema";
import { IDEMPOTENCY_WINDOW_SECONDS } from "@fulfillment/functions/http/idempotency";
import { STORAGE_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";

const HOURS = IDEMPOTENCY_WINDOW_SECONDS / 3600;

/** What the document says about retries and storage failures, after the general description. */
export const RETRY_DESCRIPTION = `**Safe retries.** \`POST /full/tariffs\` and \`POST /full/sync\` accept an \`Idempotency-Key\` header (1 to 255 visible ASCII characters; a random UUID per operation). The same key with the same body within ${HOURS} hours answers the first successful answer again and changes nothing; the same key with another body answers 422; a request whose twin with the same key is still running answers 409. Failures are not kept: a retry after a failure runs again, and a tariff create still stores its tariff at most once per key.

**Storage failures.** A database call that does not answer gives up within ${STORAGE_TIME_BUDGET.callMs / 1000} s. The answer, in the family's envelope and status, says that storage did not answer (or is unreachable), whether the change may have been stored, and how to retry safely.`;

/** The header parameter of a route that accepts an Idempotency-Key. */
export const IDEMPOTENCY_KEY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description: `Makes a retry safe: the same key and body within ${HOURS} hours answers the first answer again and changes nothing. Send a new random key (a UUID) for each new operation.`,
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[\\x21-\\x7e]+$" },
};

const IDEMPOTENT_RESPONSES: Record<number, ResponseContract> = {
  400: { description: "The Idempotency-Key header is not 1 to 255 visible ASCII characters" },
  409: { description: "A request with the same Idempotency-Key is still in progress; retry when it has finished" },
  422: { description: "The Idempotency-Key was already used with a different body; nothing was changed" },
};

/** The route's responses plus those of the Idempotency-Key (a status both answer lists both causes). */
export function withIdempotencyResponses(route: Route, responses: Record<number, ResponseContract>): Record<number, ResponseContract> {
  if (!route.idempotencyKey) return responses;
  const merged: Record<number, ResponseContract> = { ...responses };
  for (const [status, response] of Object.entries(IDEMPOTENT_RESPONSES).map(([s, r]) => [Number(s), r] as const)) {
    const own = responses[status];
    merged[status] = own ? { ...own, description: `${own.description}; or: ${response.description}` } : response;
  }
  return merged;
}
