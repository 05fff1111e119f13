/** The kinds of marketplace failure the client raises; every one is a MarketplaceError (errors.ts). */
import { MarketplaceError } from "../errors.js";

/** An HTTP error answer that retrying will not fix, or one that outlasted the retries. */
export class MarketplaceHttpError extends MarketplaceError {
  constructor(
    endpoint: string,
    readonly status: number,
    /** The API's error code (`not_found`, `seller_product_not_found`, `invalid_grant`, …) when the body had one. */
    readonly code: string | null,
    /** The API's own explanation, redacted. */
    readonly detail?: string,
    /** How long the API asked the caller to wait (its Retry-After), in ms. */
    readonly retryAfterMs?: number,
  ) {
    super(endpoint, `HTTP ${status}${code ? ` ${code}` : ""}${detail ? `: ${detail}` : ""}`);
  }
}

/** The token refresh was refused, or the API still answered 401 with a fresh token. */
export class MarketplaceAuthError extends MarketplaceHttpError {}

/** A 2xx answer whose body does not have the documented shape. */
export class MarketplacePayloadError extends MarketplaceError {
  constructor(
    endpoint: string,
    /** Dotted path of the offending field ("" for the whole body). */
    readonly field: string,
    readonly problem: string,
  ) {
    super(endpoint, `unexpected payload${field ? ` at "${field}"` : ""}: ${problem}`);
  }
}

/** Why a request got no answer, by the cause undici reports (`error.cause.code`). */
export type NetworkFailure = "refused" | "reset" | "dns" | "timeout" | "tls" | "other";

const FAILURE_TEXT: Record<Exclude<NetworkFailure, "other" | "timeout">, string> = {
  refused: "connection refused",
  reset: "connection reset",
  dns: "host name not found (DNS lookup failed)",
  tls: "TLS handshake failed",
};

/** No answer: connection failure or timeout, after the retries. */
export class MarketplaceNetworkError extends MarketplaceError {
  constructor(
    endpoint: string,
    readonly reason: NetworkFailure,
    /** host[:port] of the marketplace API. */
    readonly host: string,
    /** The low-level code or the wait, e.g. "ECONNREFUSED" or "no answer within 5000 ms". */
    readonly detail: string,
  ) {
    super(endpoint, MarketplaceNetworkError.describe(reason, detail));
  }

  get timedOut(): boolean {
    return this.reason === "timeout";
  }

  /** "connection refused (ECONNREFUSED)", "timed out (no answer within 5000 ms)", … */
  static describe(reason: NetworkFailure, detail: string): string {
    if (reason === "timeout") return `timed out (${detail})`;
    if (reason === "other") return `network error (${detail})`;
    return `${FAILURE_TEXT[reason]} (${detail})`;
  }
}
