/** A request body over API Gateway's limit: refused before it is parsed. */
export class PayloadTooLargeError extends Error {
  constructor(readonly limitBytes: number) {
    super(`Request body larger than ${limitBytes} bytes`);
    this.name = "PayloadTooLargeError";
  }
}
