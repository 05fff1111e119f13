import { ConflictError } from "../errors.js";

export class SyncRunningError extends ConflictError {
  constructor() {
    super("A stock sync is already running; try again when it finishes");
  }
}

/** The sync could not run: the marketplace or its credential failed it. The message names the cause, never a token. */
export class SyncFailedError extends Error {
  constructor(override readonly cause: Error) {
    super(`Sync failed: ${cause.message}`);
    this.name = "SyncFailedError";
  }
}
