/**
 * The one backoff rule of the service: exponential with full jitter. The attempt's ceiling
 * doubles from `baseMs` up to `maxMs`; the wait is a random share of it, so concurrent retries
 * spread out instead of colliding again.
 */
export interface Backoff {
  baseMs: number;
  maxMs: number;
  /** "equal": at least half the ceiling, for waits that must not shrink to nothing (a message's next delivery). */
  jitter?: "full" | "equal";
}

/** The wait before retry `attempt` (0 for the first retry), in ms. */
export const backoffMs = ({ baseMs, maxMs, jitter = "full" }: Backoff, attempt: number, random: () => number = Math.random): number => {
  const ceiling = Math.min(maxMs, baseMs * 2 ** attempt);
  return Math.floor(jitter === "equal" ? ceiling / 2 + random() * (ceiling / 2) : random() * ceiling);
};

export const pause = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

/** Waits the backoff of retry `attempt`. */
export const backOff = (policy: Backoff, attempt: number): Promise<void> => pause(backoffMs(policy, attempt));
