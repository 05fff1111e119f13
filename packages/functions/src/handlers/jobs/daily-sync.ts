import type { ScheduledEvent } from "aws-lambda";
import { logger } from "../../http/logger.js";
import { table } from "../../storage/client.js";
import { marketplaceClient } from "../../services/marketplace.js";
import { runSync, SyncRunningError, type SyncResult } from "../../services/sync.js";

/**
 * The EventBridge daily schedule's target: the same sync as POST /full/sync. A failure is
 * rethrown so EventBridge retries it and, at last, sends it to the dead-letter queue.
 */
export async function handler(event?: Partial<ScheduledEvent>): Promise<SyncResult | { skipped: string }> {
  const ref = table();
  try {
    const result = await runSync(ref, await marketplaceClient(ref));
    logger.info("Daily sync finished", { trigger: event?.id ?? "schedule", stock: { ...result.stock, failed: result.stock.failed.length }, cost: result.cost });
    return result;
  } catch (error) {
    if (error instanceof SyncRunningError) {
      logger.warn("Daily sync skipped: another sync is running");
      return { skipped: error.message };
    }
    logger.error("Daily sync failed", error as Error);
    throw error;
  }
}
