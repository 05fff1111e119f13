/**
 * The errors an answer is made of, and the status each answers with. They carry what the answer
 * needs; http, services, storage and the marketplace client raise them and import them from here.
 * A subclass raised in one place (SyncRunningError, MarketplaceHttpError, …) lives beside its
 * raiser and answers as the class it extends.
 */
import { Imports, Settings, Tariffs } from "@fulfillment/core";
import { explain, explanationOf, explanationText, type Explanation } from "./error-texts.js";

/**
 * An error whose answer a person reads: its `explanation` (code and params) is written in the
 * request's language, its `message` in English for the logs.
 */
export abstract class ExplainedError extends Error {
  readonly explanation: Explanation;

  constructor(what: string | Explanation, options?: ErrorOptions) {
    const explanation = typeof what === "string" ? explanationOf(what) : what;
    super(explanationText(explanation, "en"), options);
    this.explanation = explanation;
    this.name = new.target.name;
  }
}

/** Input that cannot be used as given (a value, a query parameter, a body). */
export class InvalidInputError extends ExplainedError {}

/** The thing asked for does not exist. */
export class NotFoundError extends ExplainedError {}

/** The request collides with work or a change already under way. */
export class ConflictError extends ExplainedError {}

/** A state-changing request a browser sent on behalf of another site's page: answered 403, nothing changed. */
export class CrossOriginRequestError extends ExplainedError {
  constructor(readonly origin: string | undefined) {
    super(explain("cross_origin", { origin: origin ?? null }));
  }
}

/** A request body over API Gateway's limit: refused before it is parsed. */
export class PayloadTooLargeError extends ExplainedError {
  constructor(readonly limitBytes: number) {
    super(explain("payload_too_large", { limit_bytes: limitBytes }));
  }
}

/** The text of a refused answer too large to send without compression. */
export const uncompressedTooLarge = (payloadBytes: number, limitBytes: number): Explanation =>
  explain("response_too_large_uncompressed", { payload_bytes: payloadBytes, limit_bytes: limitBytes });

/** An answer known to pass the payload limit before it is read, for a client that accepts no compression. */
export class UncompressedResponseTooLargeError extends ExplainedError {
  constructor(readonly payloadBytes: number, readonly limitBytes: number) {
    super(uncompressedTooLarge(payloadBytes, limitBytes));
  }
}

/** The request key already created a tariff with other fields. */
export class CreateKeyReusedError extends ExplainedError {
  constructor() {
    super(explain("tariff_key_reused"));
  }
}

/** A key the store cannot hold ("", "__proto__", over the key size limit): the PUT fails as a whole. */
export class UnstorableSettingKeyError extends Error {
  constructor(readonly key: string) {
    super(`Setting key ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)} cannot be stored`);
    this.name = "UnstorableSettingKeyError";
  }
}

/** The group, with this PUT's keys, would pass what one transaction can store; nothing was written. */
export class SettingsGroupTooLargeError extends Error {
  constructor(
    readonly group: string | null,
    readonly bytes: number,
    readonly limitBytes: number,
    what = `settings group '${group ?? "(no group)"}'`,
  ) {
    super(
      `Settings not stored: the ${what} would hold ${bytes.toLocaleString("en-US")} bytes, over the limit of ${limitBytes.toLocaleString("en-US")} bytes; nothing was changed`,
    );
    this.name = "SettingsGroupTooLargeError";
  }
}

/** The sync could not run: the marketplace, its configuration or its credential failed it. The message names the cause, never a token. */
export class SyncFailedError extends ExplainedError {
  /** The cause in English words, as the run stores it ("marketplace unreachable at api.mercadolibre.com: connection refused (ECONNREFUSED)"). */
  readonly reason: string;
  readonly runId: string | undefined;

  constructor(reason: string | Explanation, options: { cause?: unknown; runId?: string } = {}) {
    const explained = typeof reason === "string" ? explain("marketplace_reason", { text: reason }) : reason;
    super(explain("sync_failed", { reason: explained }), { cause: options.cause });
    this.reason = explanationText(explained, "en");
    this.runId = options.runId;
  }
}

/** Failures of marketplace calls (marketplace/errors.ts names each kind). Messages name the endpoint and never carry tokens or secrets. */
export class MarketplaceError extends Error {
  constructor(
    /** Method and path, e.g. "GET /items" (no query string). */
    readonly endpoint: string,
    message: string,
  ) {
    super(`${endpoint}: ${message}`);
    this.name = new.target.name;
  }
}

/** The sync cannot call the marketplace before the `mercadolivre` token pair is stored. */
export class MissingCredentialError extends ExplainedError {
  constructor(readonly provider: string) {
    super(explain("missing_credential", { provider }));
  }
}

/** The marketplace cannot be called as configured: client id or secret missing, or no seller id stored. */
export class MarketplaceConfigError extends ExplainedError {}

export type ErrorClass = abstract new (...args: any[]) => Error;
/** An error class, its status, and what the answer's `error` says when not the error's own explanation. */
export type ErrorStatus = readonly [ErrorClass, number, Explanation?];

/**
 * The table from error to HTTP status; the first class the error is an instance of wins, so a
 * subclass is listed before its parent. Anything not listed is unexpected: logged with its stack
 * and answered 500. The http layer adds the statuses of its idempotency library's errors
 * (http/error-status.ts).
 */
export const STATUS_BY_ERROR: readonly ErrorStatus[] = [
  [InvalidInputError, 400],
  [Tariffs.TariffValueError, 400],
  [Settings.UnknownGroupError, 400],
  [Imports.ImportValueError, 400],
  [Tariffs.TariffNotFoundError, 404],
  [CrossOriginRequestError, 403],
  [NotFoundError, 404],
  [ConflictError, 409],
  [PayloadTooLargeError, 413],
  [CreateKeyReusedError, 422],
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
