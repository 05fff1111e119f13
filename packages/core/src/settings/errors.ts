/** A group name outside the six of SPEC 4.B. */
export class UnknownGroupError extends Error {
  constructor(readonly group: string) {
    super(`Unknown group: ${group}`);
    this.name = "UnknownGroupError";
  }
}

/** A PUT body that is not a JSON object of keys to values (SPEC 4.B answers it as a failed PUT). */
export class InvalidSettingsBodyError extends Error {
  constructor() {
    super("Request body must be a JSON object of setting keys to values");
    this.name = "InvalidSettingsBodyError";
  }
}
