import type { ScheduledEvent } from "aws-lambda";
import { logger } from "#logging/logger";
import { table } from "#storage/client";
import { marketplaceClient } from "#services/marketplace";
import { SyncRunningError, type SyncResult } from "#services/sync";
import { startSync, type RunningRun } from "#services/sync-start";
import { observedHandler } from "../../observability/handler.js";

/** The daily run goes on unwatched: the job only starts it and, in process, sees it to its end. */
const NO_WAIT_IN_AWS = 0;
const TO_THE_END = 2 ** 31 - 1; // the longest timer Node keeps

/**
 * The EventBridge daily schedule's target: starts a run with trigger `schedule` the same way as
 * POST /full/sync — in AWS an execution of the sync state machine, locally the in-process runner
 * (the run logs its own start and end). A failure to start is rethrown so Lambda retries it and,
 * at last, sends it to the dead-letter queue.
 */
async function dailySync(event?: Partial<ScheduledEvent>): Promise<SyncResult | { run: RunningRun } | { skipped: string }> {
  const ref = table();
  try {
    const wait = process.env.SYNC_STATE_MACHINE_ARN ? NO_WAIT_IN_AWS : TO_THE_END;
    const answer = await startSync(ref, { trigger: "schedule", marketplace: (extras) => marketplaceClient(ref, extras) }, wait);
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
