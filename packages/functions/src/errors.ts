/**
 * Domain errors shared by several modules. They carry what the answer needs and no HTTP
 * status: http/error-status.ts is the one place that maps error classes to statuses.
 */

/** Input that cannot be used as given (a value, a query parameter, a body). */
export class InvalidInputError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The thing asked for does not exist. */
export class NotFoundError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** The request collides with work or a change already under way. */
export class ConflictError extends Error {
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}
