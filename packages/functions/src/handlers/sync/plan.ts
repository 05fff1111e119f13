import { table } from "#storage/client";
import { planStep, type PlanOutput } from "#services/sync/plan";

export interface PlanEvent {
  run_id: string;
}

/** The state machine's plan step: catalogue discovery, then the Full ads cut into stored shards; the map gets their numbers. */
export const handler = (event: PlanEvent): Promise<PlanOutput> => planStep(table(), event.run_id);
