import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { observedHandler } from "../../observability/handler.js";
import { planStep, type PlanOutput } from "#services/sync/plan";

export interface PlanEvent {
  run_id: string;
  /** The seller's scope the run belongs to; absent in an execution started before sellers (the first seller's). */
  scope?: string;
}

/** The state machine's plan step: catalogue discovery, then the Full ads cut into stored shards; the map gets their numbers. */
const plan = (event: PlanEvent): Promise<PlanOutput> => withScope(event.scope ?? "", () => planStep(table(), event.run_id));

export const handler = observedHandler(plan);
