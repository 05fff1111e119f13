/**
 * The marketplace calls of a run's steps: one client per step, within the application's call
 * budget per minute (storage/sync/call-budget.ts) when MARKETPLACE_MAX_CALLS_PER_MINUTE is set.
 */
import type { TableRef } from "#storage/client";
import { takeCall } from "#storage/sync/call-budget";
import { maxCallsPerMinute } from "../../config/sync.js";
import { pause } from "../../backoff.js";
import type { MarketplaceClient } from "../../marketplace/index.js";
import { marketplaceClient } from "../marketplace.js";

export interface CallBudget {
  maxCalls: number;
  /** The budget's window; a minute unless a test shortens it. */
  windowMs?: number;
  now?: () => number;
  sleep?: (ms: number) => Promise<void>;
}

/**
 * A fetch that takes one call from the budget before each request. The counter lives in the table
 * (per minute), so every shard of every run, of any seller, shares it wherever it runs; a spent
 * minute waits for the next. 429s and Retry-After are still the client's to honour.
 */
export function budgetedFetch(ref: TableRef, budget: CallBudget, inner: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  const windowMs = budget.windowMs ?? 60_000;
  const now = budget.now ?? Date.now;
  const sleep = budget.sleep ?? pause;
  return async (input, init) => {
    for (;;) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      if (await takeCall(ref, windowStart, budget.maxCalls)) break;
      await sleep(windowStart + windowMs - at + 1);
    }
    return inner(input, init);
  };
}

/** The marketplace client of one step of a run: its own call count, the application's budget when MARKETPLACE_MAX_CALLS_PER_MINUTE is set. */
export async function runMarketplaceClient(ref: TableRef, _runId: string): Promise<MarketplaceClient> {
  const maxCalls = maxCallsPerMinute();
  return marketplaceClient(ref, maxCalls ? { fetch: budgetedFetch(ref, { maxCalls }) } : {});
}
