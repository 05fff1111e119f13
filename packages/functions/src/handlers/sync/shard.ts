import { table } from "#storage/client";
import { observedHandler } from "../../observability/handler.js";
import { shardStep, type ShardStepOutput } from "#services/sync/shard";

export interface ShardEvent {
  run_id: string;
  shard: number;
}

/** The state machine's shard step (one item of the map): the shard's stock read and stored, or its failure recorded. */
const shard = (event: ShardEvent): Promise<ShardStepOutput> => shardStep(table(), event.run_id, event.shard);

export const handler = observedHandler(shard);
