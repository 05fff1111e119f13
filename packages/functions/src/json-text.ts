/**
 * An answer already serialised (a stored view): sent as it is, never parsed and serialised again.
 * `Body` is the body the text holds, set where the text is made; the route's answer type checks it.
 */
export class JsonText<Body = unknown> {
  /** The held body's type, for the compiler only: nothing is stored here. */
  declare readonly holds?: Body;
  constructor(readonly text: string) {}
}

/**
 * A stored answer kept compressed: sent gzip-encoded as it is stored to a client that accepts
 * gzip (nothing decoded or compressed per request), decoded to its text for one that does not.
 */
export class StoredJson<Body = unknown> {
  /** The held body's type, for the compiler only: nothing is stored here. */
  declare readonly holds?: Body;
  constructor(
    /** The gzip member in base64, as Lambda sends a binary body. */
    readonly gzipBase64: () => string,
    readonly text: () => string,
  ) {}
}

/** A body as computed, or as a stored view keeps it. */
export type StoredBody<Body> = Body | JsonText<Body> | StoredJson<Body>;
