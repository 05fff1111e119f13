import type { ScheduledEvent } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { SyncRunningError } from "#services/sync/errors";
import { startSync, type RunningRun, type SyncResult } from "#services/sync/start";
import { observedHandler } from "../../observability/handler.js";

/** The daily run goes on unwatched: the job only records it and starts its execution. */
const NO_WAIT = 0;

/**
 * The EventBridge daily schedule's target: starts a run with trigger `schedule` the same way as
 * POST /full/sync, an execution of the sync state machine (the run logs its own start and end). A
 * failure to start is rethrown so Lambda retries it and, at last, sends it to the dead-letter queue.
 */
async function dailySync(event?: Partial<ScheduledEvent>): Promise<SyncResult | { run: RunningRun } | { skipped: string }> {
  try {
    const answer = await startSync(table(), "schedule", { waitMs: NO_WAIT });
    return "finished" in answer ? answer.finished : { run: answer.running };
  } catch (error) {
    if (error instanceof SyncRunningError) {
      logger.warn("Daily sync skipped: another sync is running", { event_id: event?.id ?? null });
      return { skipped: error.message };
    }
    logger.error("Daily sync failed", error as Error);
    throw error;
  }
}

export const handler = observedHandler(dailySync);
