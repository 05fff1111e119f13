import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { observedHandler } from "../../observability/handler.js";
import { shardStep, type ShardStepOutput } from "#services/sync/shard";

export interface ShardEvent {
  run_id: string;
  /** The seller's scope the run belongs to; absent in an execution started before sellers (the first seller's). */
  scope?: string;
  shard: number;
}

/** The state machine's shard step (one item of the map): the shard's stock read and stored, or its failure recorded. */
const shard = (event: ShardEvent): Promise<ShardStepOutput> => withScope(event.scope ?? "", () => shardStep(table(), event.run_id, event.shard));

export const handler = observedHandler(shard);
