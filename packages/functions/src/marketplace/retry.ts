/** Backoff between attempts: exponential with full jitter (the service's one rule, backoff.ts), or the server's Retry-After when it sent one. */
import { backoffMs } from "../backoff.js";

export interface BackoffPolicy {
  baseMs: number;
  maxMs: number;
  /** Upper bound for a Retry-After wait. */
  retryAfterMaxMs: number;
  random: () => number;
  now: () => number;
}

export const isRetryableStatus = (status: number): boolean => status === 429 || status >= 500;

/** Retry-After as a delay in ms: delta-seconds or an HTTP date; undefined when absent or unreadable. */
export function retryAfterMs(header: string | null, now: number): number | undefined {
  if (header === null) return undefined;
  const value = header.trim();
  if (/^\d+(\.\d+)?$/.test(value)) return Number(value) * 1000;
  const date = Date.parse(value);
  return Number.isNaN(date) ? undefined : Math.max(0, date - now);
}

/** Delay before retry number `attempt` (0 for the first retry). */
export function backoffDelay(policy: BackoffPolicy, attempt: number, retryAfterHeader: string | null = null): number {
  const hinted = retryAfterMs(retryAfterHeader, policy.now());
  if (hinted !== undefined) return Math.min(hinted, policy.retryAfterMaxMs);
  return backoffMs(policy, attempt, policy.random);
}

export { pause as sleep } from "../backoff.js";
