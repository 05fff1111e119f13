/** An answer already serialised (a stored view): sent as it is, never parsed and serialised again. */
export class JsonText {
  constructor(readonly text: string) {}
}

/**
 * A stored answer kept compressed: sent gzip-encoded as it is stored to a client that accepts
 * gzip (nothing decoded or compressed per request), decoded to its text for one that does not.
 */
export class StoredJson {
  constructor(
    /** The gzip member in base64, as Lambda sends a binary body. */
    readonly gzipBase64: () => string,
    readonly text: () => string,
  ) {}
}
