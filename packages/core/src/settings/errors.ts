import { message, render, type Message } from "../messages/index.js";

/** A group name outside the six of SPEC 4.B. */
export class UnknownGroupError extends Error {
  constructor(readonly group: string) {
    super(`Unknown group: ${group}`);
    this.name = "UnknownGroupError";
  }
}

/** A PUT body that is not a JSON object of keys to values (SPEC 4.B answers it as a failed PUT). */
export class InvalidSettingsBodyError extends Error {
  readonly explanation: Message = message("settings_body_not_object");

  constructor() {
    super(render(message("settings_body_not_object"), "en"));
    this.name = "InvalidSettingsBodyError";
  }
}
