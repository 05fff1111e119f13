import { table } from "@fulfillment/functions/storage/client";
import { getRun } from "@fulfillment/functions/storage/sync/runs";
import { logger } from "@fulfillment/functions/logging/logger";

/** How often a long local run logs its progress. */
export const PROGRESS_LOG_MS = 5_000;

/** The progress line of a long run on the console, every PROGRESS_LOG_MS until `running` settles (GET /full/sync/status shows the same figures). */
export async function logProgressWhile<T>(runId: string, running: Promise<T>): Promise<T> {
  const timer = setInterval(() => void logProgress(runId), PROGRESS_LOG_MS);
  timer.unref?.();
  try {
    return await running;
  } finally {
    clearInterval(timer);
  }
}

async function logProgress(runId: string): Promise<void> {
  const run = await getRun(table(), runId).catch(() => undefined);
  const p = run?.progress;
  if (!p || run?.state !== "running") return;
  logger.info(`Sync run ${runId}: ${p.ads_done} of ${p.ads_total} ads, ${p.shards_done} of ${p.shards_total} shards`, { run_id: runId, progress: p });
}
