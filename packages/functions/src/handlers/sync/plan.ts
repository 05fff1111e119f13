import { table } from "#storage/client";
import { observedHandler } from "../../observability/handler.js";
import { planStep, type PlanOutput } from "#services/sync/plan";

export interface PlanEvent {
  run_id: string;
}

/** The state machine's plan step: catalogue discovery, then the Full ads cut into stored shards; the map gets their numbers. */
const plan = (event: PlanEvent): Promise<PlanOutput> => planStep(table(), event.run_id);

export const handler = observedHandler(plan);
