import { IdempotencyAlreadyInProgressError, IdempotencyValidationError } from "@aws-lambda-powertools/idempotency";
import { Imports, Settings, Tariffs } from "@fulfillment/core";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.js";
import { MarketplaceConfigError, MarketplaceError, MissingCredentialError } from "../marketplace/errors.js";
import { SyncFailedError } from "#services/sync/errors";
import { SettingsGroupTooLargeError, UnstorableSettingKeyError } from "#storage/settings";
import { CreateKeyReusedError } from "#storage/tariffs";
import { CrossOriginRequestError } from "./cross-origin.js";
import { PayloadTooLargeError, UncompressedResponseTooLargeError } from "./errors.js";

type ErrorClass = abstract new (...args: any[]) => Error;

/** Answers to a reused Idempotency-Key: Powertools' own messages name hashes, not causes. */
const KEY_REUSED = "This Idempotency-Key was already used with a different body; use a new key for a different request";
const KEY_IN_PROGRESS =
  "A request with this Idempotency-Key is still in progress; retry when it has finished to get its answer";

/**
 * The one table from domain error to HTTP status; the first class the error is an instance of
 * wins, so a subclass is listed before its parent. The error's own message is the answer's
 * `error` text unless a third column gives one. Anything not listed is unexpected: logged with its
 * stack and answered 500.
 */
const STATUS_BY_ERROR: readonly (readonly [ErrorClass, number, string?])[] = [
  [InvalidInputError, 400],
  [Tariffs.TariffValueError, 400],
  [Settings.UnknownGroupError, 400],
  [Imports.ImportValueError, 400],
  [Tariffs.TariffNotFoundError, 404],
  [CrossOriginRequestError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  // Safe retries (http/idempotency.ts): the key names another request, or its twin still runs.
  [IdempotencyValidationError, 422, KEY_REUSED],
  [CreateKeyReusedError, 422],
  [IdempotencyAlreadyInProgressError, 409, KEY_IN_PROGRESS],
  [UncompressedResponseTooLargeError, 406],
  // SPEC 4.B: a PUT of settings that cannot be stored is a failed PUT, answered 500 with its reason.
  [Settings.InvalidSettingsBodyError, 500],
  [UnstorableSettingKeyError, 500],
  [SettingsGroupTooLargeError, 500],
  // The sync's failures: the message names the cause and never carries a token.
  [SyncFailedError, 500],
  [MarketplaceError, 500],
  [MissingCredentialError, 500],
  [MarketplaceConfigError, 500],
];

/** The status a domain error answers with; undefined for an unexpected error. */
export function statusOf(error: unknown): number | undefined {
  return STATUS_BY_ERROR.find(([type]) => error instanceof type)?.[1];
}

/** The `error` text of a domain error's answer. */
export function answerTextOf(error: Error): string {
  return STATUS_BY_ERROR.find(([type]) => error instanceof type)?.[2] ?? error.message;
}
