/** How long a printed stack trace is not printed again. */
export const STACK_REPEAT_WINDOW_MS = 60_000;

/**
 * A JSON replacer for log lines: a stack trace printed less than a minute ago is replaced by a
 * pointer to that line. While a dependency is down every request fails the same way, and one
 * stack per request would bury the lines that say what happened.
 */
export function skipRepeatedStacks(windowMs = STACK_REPEAT_WINDOW_MS): (key: string, value: unknown) => unknown {
  const printedAt = new Map<string, number>();
  return (key, value) => {
    if (key !== "stack" || typeof value !== "string") return value;
    const now = Date.now();
    const last = printedAt.get(value);
    if (last !== undefined && now - last < windowMs) return `(same stack trace as logged at ${new Date(last).toISOString()})`;
    for (const [stack, at] of printedAt) if (now - at >= windowMs) printedAt.delete(stack);
    printedAt.set(value, now);
    return value;
  };
}
