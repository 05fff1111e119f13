/** A request body over API Gateway's limit: refused before it is parsed. */
export class PayloadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body larger than ${limitBytes} bytes`);
    this.name = "PayloadTooLargeError";
  }
}

/** The invocation reached its time limit before the handler finished (middy's early timeout). */
export class OutOfTimeError extends Error {
  constructor(readonly limitMs: number) {
    super(`The request did not finish within its ${Math.round(limitMs / 1000)} s time limit`);
    this.name = "OutOfTimeError";
  }
}

/** The text of a refused answer too large to send without compression. */
export const uncompressedTooLargeText = (payloadBytes: number, limitBytes: number): string =>
  `The response is too large to send uncompressed (${payloadBytes} bytes; responses are limited to ${limitBytes} bytes); send the header "Accept-Encoding: gzip" (or br) to receive it compressed`;

/** An answer known to pass the payload limit before it is read, for a client that accepts no compression. */
export class UncompressedResponseTooLargeError extends Error {
  constructor(readonly payloadBytes: number, readonly limitBytes: number) {
    super(uncompressedTooLargeText(payloadBytes, limitBytes));
    this.name = "UncompressedResponseTooLargeError";
  }
}
