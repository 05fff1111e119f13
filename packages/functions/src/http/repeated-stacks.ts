/**
 * Remembers when each stack trace was last logged, so a failure that repeats on every request (a
 * dependency down) logs its stack once a minute and a one-line cause otherwise.
 */
export class RepeatedStacks {
  private readonly loggedAt = new Map<string, number>();

  constructor(
    private readonly windowMs = 60_000,
    private readonly remembered = 500,
  ) {}

  /** True when this error's stack was not logged within the window; it then counts as logged now. */
  firstInWindow(error: Error, now = Date.now()): boolean {
    const signature = stackSignature(error);
    const last = this.loggedAt.get(signature);
    if (last !== undefined && now - last < this.windowMs) return false;
    this.loggedAt.delete(signature);
    this.loggedAt.set(signature, now);
    // Oldest first (insertion order): forget the oldest when full.
    if (this.loggedAt.size > this.remembered) this.loggedAt.delete(this.loggedAt.keys().next().value!);
    return true;
  }
}

/** The error's type and frames: the same code path is the same stack whatever ids its message holds. */
const stackSignature = (error: Error): string =>
  `${error.name}\n${(error.stack ?? "")
    .split("\n")
    .filter((line) => line.trimStart().startsWith("at "))
    .join("\n")}`;
