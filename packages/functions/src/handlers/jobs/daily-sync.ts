import type { ScheduledEvent } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { connectedSellers } from "#storage/sellers";
import { SyncRunningError } from "#services/sync/errors";
import { startSync, type RunningRun, type SyncResult } from "#services/sync/start";
import { observedHandler } from "../../observability/handler.js";

/** The daily run goes on unwatched: the job only records it and starts its execution. */
const NO_WAIT = 0;

type DailyAnswer = SyncResult | { run: RunningRun } | { skipped: string };

/** One seller's daily run, started in its scope; a run of that seller still going is skipped. */
async function startFor(scope: string, event?: Partial<ScheduledEvent>): Promise<DailyAnswer> {
  try {
    const answer = await withScope(scope, () => startSync(table(), "schedule", { waitMs: NO_WAIT }));
    return "finished" in answer ? answer.finished : { run: answer.running };
  } catch (error) {
    if (error instanceof SyncRunningError) {
      logger.warn("Daily sync skipped: another sync is running", { event_id: event?.id ?? null, seller_scope: scope });
      return { skipped: error.message };
    }
    logger.error("Daily sync failed", error as Error);
    throw error;
  }
}

/**
 * The EventBridge daily schedule's target: starts one run per connected seller (trigger
 * `schedule`), each the same way as POST /full/sync, an execution of the sync state machine (the
 * run logs its own start and end). With one seller or none it answers that run's start as it
 * always did; with several, each seller's. A seller whose start fails does not keep the others
 * from starting; the failure is rethrown once all have tried, so Lambda retries it (the sellers
 * already running are then skipped) and, at last, sends it to the dead-letter queue.
 */
async function dailySync(event?: Partial<ScheduledEvent>): Promise<DailyAnswer | { sellers: { seller_id: string; answer: DailyAnswer }[] }> {
  const sellers = await connectedSellers(table());
  if (sellers.length <= 1) return startFor(sellers[0]?.scope ?? "", event);
  const started = await Promise.allSettled(sellers.map((seller) => startFor(seller.scope, event)));
  const failed = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected");
  if (failed) throw failed.reason;
  return { sellers: sellers.map((seller, i) => ({ seller_id: seller.user_id, answer: (started[i] as PromiseFulfilledResult<DailyAnswer>).value })) };
}

export const handler = observedHandler(dailySync);
