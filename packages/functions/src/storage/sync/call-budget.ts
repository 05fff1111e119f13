/** The run's marketplace call budget: one counter per run and minute, shared by its shards. */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { Entities, epochSeconds, TTL_NAME } from "../keys.js";
import { conditionalWrite } from "../conditions.js";

/**
 * Takes one call from the run's budget for the minute starting at `windowStartMs`; false when
 * the budget of that minute is spent. Shared by every shard of the run, wherever it runs.
 */
export async function takeCall(ref: TableRef, runId: string, windowStartMs: number, maxCalls: number): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.call_budget.key({ runId, windowStartMs }),
        UpdateExpression: "ADD calls :one SET #ttl = :expires",
        ConditionExpression: "attribute_not_exists(calls) OR calls < :max",
        ExpressionAttributeNames: TTL_NAME,
        ExpressionAttributeValues: { ":one": 1, ":max": maxCalls, ":expires": epochSeconds(windowStartMs + 86_400_000) },
      }),
    ),
  );
}
