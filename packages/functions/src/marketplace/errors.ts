/** Failures of marketplace calls. Messages name the endpoint and never carry tokens or secrets. */
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

/** An HTTP error answer that retrying will not fix, or one that outlasted the retries. */
export class MarketplaceHttpError extends MarketplaceError {
  constructor(
    endpoint: string,
    readonly status: number,
    /** The API's error code (`not_found`, `seller_product_not_found`, `invalid_grant`, …) when the body had one. */
    readonly code: string | null,
    detail?: string,
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

/** No answer: connection failure or timeout, after the retries. */
export class MarketplaceNetworkError extends MarketplaceError {
  constructor(
    endpoint: string,
    readonly timedOut: boolean,
    detail: string,
  ) {
    super(endpoint, timedOut ? `timed out (${detail})` : `network error (${detail})`);
  }
}

/** The sync cannot call the marketplace before the `mercadolivre` token pair is stored. */
export class MissingCredentialError extends Error {
  constructor(readonly provider: string) {
    super(`No marketplace credential stored (provider ${provider}); store its token pair first`);
    this.name = "MissingCredentialError";
  }
}
