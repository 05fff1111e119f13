import { table } from "#storage/client";
import { finalizeStep, type FinalizeOutput } from "#services/sync/finalize";

export interface FinalizeEvent {
  run_id: string;
}

/** The state machine's finalize step, reached after the map (or its failure): costs, views, the run closed, the lease freed. Safe to run again. */
export const handler = (event: FinalizeEvent): Promise<FinalizeOutput> => finalizeStep(table(), event.run_id);
