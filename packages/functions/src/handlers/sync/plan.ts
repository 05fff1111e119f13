import { table } from "#storage/client";
import { logger } from "#logging/logger";
import { planRun } from "#services/sync-plan";
import { marketplaceClient } from "#services/marketplace";
import { budgetedFetch, maxCallsPerMinute } from "#services/call-budget";
import { closeRun, keepLease, renewRunLease } from "#services/sync-run";
import { syncFailureText } from "#services/sync";
import { observedHandler } from "../../observability/handler.js";

export interface PlanEvent {
  run_id: string;
}

/**
 * The state machine's plan step: catalogue discovery (the seller's Full listings), then the Full
 * ads cut into stored shards; the map gets only their numbers. The run's lease is kept alive
 * while it works (a large listing outlasts the lease). A run that cannot be planned (no
 * credential, no seller id) is closed failed here, and the map gets no shard.
 */
async function plan(event: PlanEvent): Promise<{ run_id: string; shards: number[] }> {
  const ref = table();
  const now = new Date();
  if (!(await renewRunLease(ref, event.run_id, now))) return { run_id: event.run_id, shards: [] };
  const lease = keepLease(ref, event.run_id, () => new Date());
  try {
    const maxCalls = maxCallsPerMinute();
    const marketplace = await marketplaceClient(ref, maxCalls ? { fetch: budgetedFetch(ref, event.run_id, { maxCalls }) } : {});
    const plan = await planRun(ref, event.run_id, now, marketplace);
    return { run_id: event.run_id, shards: plan.shards };
  } catch (error) {
    const reason = syncFailureText(error);
    logger.error("Sync plan failed", { run_id: event.run_id, reason });
    await closeRun(ref, event.run_id, { state: "failed", error: reason, failed: [] }, new Date());
    return { run_id: event.run_id, shards: [] };
  } finally {
    await lease.stop();
  }
}

export const handler = observedHandler(plan);
