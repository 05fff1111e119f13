/**
 * The marketplace calls of a run's steps: one client per step, within the application's call
 * budget per minute (storage/sync/call-budget.ts) when MARKETPLACE_MAX_CALLS_PER_MINUTE is set.
 */
import type { TableRef } from "#storage/client";
import { takeCalls } from "#storage/sync/call-budget";
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
 * Calls a client takes from the budget with one write, while the minute has room for them. What a
 * client has not spent when its minute ends is lost to that minute: the budget is never exceeded,
 * and a minute's calls may fall short of it by that much per client.
 */
export const CALLS_PER_TAKE = 10;

/**
 * A fetch that takes its calls from the budget before each request. The counter lives in the
 * table (per minute), so every shard of every run, of any seller, shares it wherever it runs; the
 * fetch takes calls CALLS_PER_TAKE at a time and spends them from memory; a spent minute waits for
 * the next. 429s and Retry-After are still the client's to honour.
 */
export function budgetedFetch(ref: TableRef, budget: CallBudget, inner: typeof globalThis.fetch = globalThis.fetch): typeof globalThis.fetch {
  const windowMs = budget.windowMs ?? 60_000;
  const now = budget.now ?? Date.now;
  const sleep = budget.sleep ?? pause;
  const held = { windowStart: Number.NaN, calls: 0 };
  return async (input, init) => {
    for (;;) {
      const at = now();
      const windowStart = Math.floor(at / windowMs) * windowMs;
      if (held.windowStart !== windowStart) Object.assign(held, { windowStart, calls: 0 });
      if (held.calls > 0) {
        held.calls--;
        break;
      }
      const taken = await takeCalls(ref, windowStart, budget.maxCalls, CALLS_PER_TAKE);
      if (taken > 0) {
        // Calls taken for a minute that ended meanwhile are spent on this request only.
        if (held.windowStart === windowStart) held.calls += taken - 1;
        break;
      }
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
