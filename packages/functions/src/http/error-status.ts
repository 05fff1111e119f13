import { Imports, Settings, Tariffs } from "@fulfillment/core";
import { ConflictError, InvalidInputError, NotFoundError } from "../errors.js";
import { MarketplaceConfigError, MarketplaceError, MissingCredentialError } from "../marketplace/errors.js";
import { SyncFailedError } from "../services/sync-errors.js";
import { UnstorableSettingKeyError } from "../storage/settings.js";
import { PayloadTooLargeError } from "./errors.js";

type ErrorClass = abstract new (...args: any[]) => Error;

/**
 * The one table from domain error to HTTP status; the first class the error is an instance of
 * wins, so a subclass is listed before its parent. The error's own message is the answer's
 * `error` text. Anything not listed is unexpected: logged with its stack and answered 500.
 */
const STATUS_BY_ERROR: readonly (readonly [ErrorClass, number])[] = [
  [InvalidInputError, 400],
  [Tariffs.TariffValueError, 400],
  [Settings.UnknownGroupError, 400],
  [Imports.ImportValueError, 400],
  [Tariffs.TariffNotFoundError, 404],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  // SPEC 4.B: a PUT of settings that cannot be stored is a failed PUT, answered 500 with its reason.
  [Settings.InvalidSettingsBodyError, 500],
  [UnstorableSettingKeyError, 500],
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
