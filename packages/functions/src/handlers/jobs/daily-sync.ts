import type { ScheduledEvent } from "aws-lambda";
import { logger } from "#http/logger";
import { table } from "#storage/client";
import { marketplaceClient } from "#services/marketplace";
import { runSync, SyncRunningError, type SyncResult } from "#services/sync";

/**
 * The EventBridge daily schedule's target: the same sync as POST /full/sync, recorded as a run
 * with trigger `schedule` (the run logs its own start and end). A failure is rethrown so Lambda
 * retries it and, at last, sends it to the dead-letter queue; a retry takes over the lease of an
 * attempt that died, once its heartbeat has stopped.
 */
export async function handler(event?: Partial<ScheduledEvent>): Promise<SyncResult | { skipped: string }> {
  const ref = table();
  try {
    return await runSync(ref, { trigger: "schedule", marketplace: () => marketplaceClient(ref) });
  } catch (error) {
    if (error instanceof SyncRunningError) {
      logger.warn("Daily sync skipped: another sync is running", { event_id: event?.id ?? null });
      return { skipped: error.message };
    }
    logger.error("Daily sync failed", error as Error);
    throw error;
  }
}
