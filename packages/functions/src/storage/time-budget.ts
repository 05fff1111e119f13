import { StandardRetryStrategy } from "@smithy/core/retry";
import type { RetryErrorInfo, RetryStrategyV2, StandardRetryToken } from "@smithy/types";

/**
 * How long one DynamoDB call may take, retries included, before it gives up: chosen on purpose,
 * not left to the SDK's defaults (which wait on a silent engine for as long as the socket lives).
 */
export interface TimeBudget {
  /** The whole call, every attempt and backoff included. */
  callMs: number;
  /**
   * One attempt without an answer. Nearly the whole budget: an engine that is slow for a moment
   * (a 1 MB page on a busy machine) still answers, and a silent one is given up on once.
   */
  attemptMs: number;
  /** Establishing a connection: a local or regional endpoint connects in milliseconds. */
  connectMs: number;
  /** Attempts for throttling and refused connections, as long as they fit in the budget. */
  maxAttempts: number;
}

export const STORAGE_TIME_BUDGET: TimeBudget = { callMs: 5_000, attemptMs: 4_500, connectMs: 1_000, maxAttempts: 5 };

/**
 * A sync step run beside the API in one process (npm start): a batch on a busy engine gets longer
 * than a request would (its wait for a slot is not counted, storage/bulk-slots.ts), and a busy
 * event loop longer to connect; the shard backs off when even that is spent.
 */
export const SYNC_STEP_TIME_BUDGET: Partial<TimeBudget> = { callMs: 20_000, attemptMs: 15_000, connectMs: 5_000 };

/**
 * Table set-up and bulk loads (npm start, npm run load): nobody waits on them request by request,
 * and a freshly started engine answers its first calls slowly on a busy machine.
 */
export const ADMIN_TIME_BUDGET: Partial<TimeBudget> = { callMs: 60_000, attemptMs: 30_000 };

const isSilence = (error: unknown): boolean => {
  const e = error as { name?: string; message?: string } | undefined;
  return e?.name === "TimeoutError" && !/establish a connection/.test(e.message ?? "");
};

/**
 * The SDK's standard retry strategy (backoff with jitter, a retry quota) within the call's budget:
 * an attempt that got no answer is retried only if a whole new attempt still fits, any other
 * retryable failure (throttling, a refused connection) only while the budget lasts.
 */
export class TimeBudgetRetryStrategy implements RetryStrategyV2 {
  private readonly standard: StandardRetryStrategy;
  private readonly startedAt = new WeakMap<StandardRetryToken, number>();

  constructor(
    private readonly budget: TimeBudget = STORAGE_TIME_BUDGET,
    private readonly now: () => number = Date.now,
  ) {
    this.standard = new StandardRetryStrategy(budget.maxAttempts);
  }

  async acquireInitialRetryToken(scope: string): Promise<StandardRetryToken> {
    const token = await this.standard.acquireInitialRetryToken(scope);
    this.startedAt.set(token, this.now());
    return token;
  }

  async refreshRetryTokenForRetry(token: StandardRetryToken, errorInfo: RetryErrorInfo): Promise<StandardRetryToken> {
    const started = this.startedAt.get(token) ?? this.now();
    const elapsed = (): number => this.now() - started;
    const needs = isSilence(errorInfo.error) ? this.budget.attemptMs : 0;
    if (elapsed() + needs >= this.budget.callMs) throw errorInfo.error;
    // The standard strategy decides (retryable, attempts, quota) and waits its backoff.
    const next = await this.standard.refreshRetryTokenForRetry(token, errorInfo);
    if (elapsed() + needs >= this.budget.callMs) throw errorInfo.error;
    this.startedAt.set(next, started);
    return next;
  }

  recordSuccess(token: StandardRetryToken): void {
    this.standard.recordSuccess(token);
  }
}
