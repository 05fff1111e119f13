import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { observedHandler } from "../../observability/handler.js";
import { finalizeStep, type FinalizeOutput } from "#services/sync/finalize";

export interface FinalizeEvent {
  run_id: string;
  /** The seller's scope the run belongs to; absent in an execution started before sellers (the first seller's). */
  scope?: string;
}

/** The state machine's finalize step, reached after the map (or its failure): costs, views, the run closed, the lease freed. Safe to run again. */
const finalize = (event: FinalizeEvent): Promise<FinalizeOutput> => withScope(event.scope ?? "", () => finalizeStep(table(), event.run_id));

export const handler = observedHandler(finalize);
