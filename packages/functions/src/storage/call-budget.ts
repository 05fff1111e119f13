import { StandardRetryStrategy } from "@smithy/core/retry";
import type { RetryErrorInfo, RetryStrategyV2, StandardRetryToken } from "@smithy/types";

/**
 * How long one DynamoDB call may take, retries included, before it gives up. Chosen on purpose,
 * not left to the SDK's defaults (which wait on a silent engine for as long as the socket lives):
 * a call that cannot finish within the budget fails, and the answer says so.
 */
export const STORAGE_CALL_BUDGET_MS = 5_000;
/** One attempt: the engine's slowest answers here (a 1 MB query page under load) take well under a second. */
export const STORAGE_ATTEMPT_TIMEOUT_MS = 2_000;
/** Establishing a connection: a local or regional endpoint connects in milliseconds. */
export const STORAGE_CONNECT_TIMEOUT_MS = 1_000;
/** Attempts for throttling and refused connections, as long as they fit in the budget. */
export const STORAGE_MAX_ATTEMPTS = 5;

/**
 * The SDK's standard retry strategy (backoff with jitter, a retry quota), with one more rule:
 * a retry is made only if it can still time out within the call's budget.
 */
export class CallBudgetRetryStrategy implements RetryStrategyV2 {
  private readonly standard: StandardRetryStrategy;
  private readonly startedAt = new WeakMap<StandardRetryToken, number>();

  constructor(
    maxAttempts = STORAGE_MAX_ATTEMPTS,
    private readonly budgetMs = STORAGE_CALL_BUDGET_MS,
    private readonly attemptTimeoutMs = STORAGE_ATTEMPT_TIMEOUT_MS,
  ) {
    this.standard = new StandardRetryStrategy(maxAttempts);
  }

  async acquireInitialRetryToken(scope: string): Promise<StandardRetryToken> {
    const token = await this.standard.acquireInitialRetryToken(scope);
    this.startedAt.set(token, Date.now());
    return token;
  }

  async refreshRetryTokenForRetry(token: StandardRetryToken, errorInfo: RetryErrorInfo): Promise<StandardRetryToken> {
    const started = this.startedAt.get(token) ?? Date.now();
    const fits = (): boolean => Date.now() - started + this.attemptTimeoutMs <= this.budgetMs;
    if (!fits()) throw errorInfo.error;
    // The standard strategy decides (retryable, attempts, quota) and waits its backoff.
    const next = await this.standard.refreshRetryTokenForRetry(token, errorInfo);
    if (!fits()) throw errorInfo.error;
    this.startedAt.set(next, started);
    return next;
  }

  recordSuccess(token: StandardRetryToken): void {
    this.standard.recordSuccess(token);
  }
}
