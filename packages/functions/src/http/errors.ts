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
