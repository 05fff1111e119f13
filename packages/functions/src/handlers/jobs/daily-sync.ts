import type { ScheduledEvent } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { connectedSellers } from "#storage/sellers";
import { SyncRunningError } from "#services/sync/errors";
import { startEachSeller, unexpectedFailure, type RunningRun, type SyncAnswer, type SyncResult } from "#services/sync/start";
import { observedHandler } from "../../observability/handler.js";

type DailyAnswer = SyncResult | { run: RunningRun } | { skipped: string };

/** One seller's daily start as the job answers it; a run of that seller still going is skipped, and logged. */
function dailyAnswer(outcome: PromiseSettledResult<SyncAnswer>, scope: string, event?: Partial<ScheduledEvent>): DailyAnswer {
  if (outcome.status === "fulfilled") return "finished" in outcome.value ? outcome.value.finished : { run: outcome.value.running };
  const error = outcome.reason as Error;
  logger.warn("Daily sync skipped: another sync is running", { event_id: event?.id ?? null, seller_scope: scope });
  return { skipped: error.message };
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
  const scopes = sellers.length === 0 ? [""] : sellers.map((seller) => seller.scope);
  const started = await startEachSeller(table(), scopes, "schedule");
  const failed = unexpectedFailure(started, (error) => error instanceof SyncRunningError);
  if (failed !== undefined) {
    logger.error("Daily sync failed", failed as Error);
    throw failed;
  }
  const answers = started.map((outcome, i) => dailyAnswer(outcome, scopes[i]!, event));
  if (sellers.length <= 1) return answers[0]!;
  return { sellers: sellers.map((seller, i) => ({ seller_id: seller.user_id, answer: answers[i]! })) };
}

export const handler = observedHandler(dailySync);
