/** The invocation reached its time limit before the handler finished (middy's early timeout). */
export class OutOfTimeError extends Error {
  constructor(readonly limitMs: number) {
    super(`The request did not finish within its ${Math.round(limitMs / 1000)} s time limit`);
    this.name = "OutOfTimeError";
  }
}
