/**
 * A run for each of several sellers (the daily job, POST /full/sync?seller_id=all): started at
 * once, each in its seller's scope, and not waited for (GET /full/sync/status follows each).
 */
import type { Sync } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { withScope } from "#storage/scope";
import { startSync, type SyncAnswer } from "./start.js";

/**
 * Each seller's start, in the order given: its answer, or why it did not start (SyncRunningError
 * while one of that seller is running). One seller's failed start does not keep the others from starting.
 */
export const startEachSeller = (
  ref: TableRef,
  scopes: readonly string[],
  trigger: Sync.RunTrigger,
  origin?: Sync.RunOrigin,
): Promise<PromiseSettledResult<SyncAnswer>[]> =>
  Promise.allSettled(scopes.map((scope) => withScope(scope, () => startSync(ref, trigger, { waitMs: 0, ...(origin ? { origin } : {}) }))));

/** The first failure of `outcomes` that is not `expected`: what the caller answers as its own failure once every seller has tried. */
export const unexpectedFailure = (outcomes: readonly PromiseSettledResult<unknown>[], expected: (error: unknown) => boolean): unknown =>
  outcomes.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected" && !expected(outcome.reason))?.reason;
