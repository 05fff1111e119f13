import { table } from "#storage/client";
import { finalizeRun } from "#services/sync-finalize";
import { observedHandler } from "../../observability/handler.js";

export interface FinalizeEvent {
  run_id: string;
}

/** The state machine's finalize step, reached after the map (or its failure): costs, the run closed, the lease freed. Safe to run again. */
async function finalize(event: FinalizeEvent): Promise<{ run_id: string; state: string | null }> {
  const run = await finalizeRun(table(), event.run_id, new Date());
  return { run_id: event.run_id, state: run?.state ?? null };
}

export const handler = observedHandler(finalize);
