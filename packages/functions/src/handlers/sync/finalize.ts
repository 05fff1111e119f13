import { table } from "#storage/client";
import { observedHandler } from "../../observability/handler.js";
import { finalizeStep, type FinalizeOutput } from "#services/sync/finalize";

export interface FinalizeEvent {
  run_id: string;
}

/** The state machine's finalize step, reached after the map (or its failure): costs, views, the run closed, the lease freed. Safe to run again. */
const finalize = (event: FinalizeEvent): Promise<FinalizeOutput> => finalizeStep(table(), event.run_id);

export const handler = observedHandler(finalize);
