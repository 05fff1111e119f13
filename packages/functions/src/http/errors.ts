/** Domain errors that carry the HTTP status they answer with; anything else is a 500. */
export class HttpError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

export class NotFoundError extends HttpError {
  constructor(message: string) {
    super(404, message);
  }
}

export class BadRequestError extends HttpError {
  constructor(message: string) {
    super(400, message);
  }
}

export class UnknownGroupError extends HttpError {
  constructor(group: string) {
    super(400, `Unknown group: ${group}`);
  }
}

export class ConflictError extends HttpError {
  constructor(message: string) {
    super(409, message);
  }
}

export class PayloadTooLargeError extends HttpError {
  constructor(limitBytes: number) {
    super(413, `Request body larger than ${limitBytes} bytes`);
  }
}

/** SPEC 4.B: a PUT body that is not a JSON object is a failure answered with 500, not 400. */
export class InvalidSettingsBodyError extends HttpError {
  constructor() {
    super(500, "Request body must be a JSON object of setting keys to values");
  }
}

/** SPEC 4.B: a key the store cannot hold ("", "__proto__", over 64 KB) fails the PUT with 500, readably. */
export class UnstorableSettingKeyError extends HttpError {
  constructor(key: string) {
    super(500, `Setting key ${JSON.stringify(key.length > 40 ? `${key.slice(0, 40)}…` : key)} cannot be stored`);
  }
}
