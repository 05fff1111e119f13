/**
 * The marketplace call budget: one counter per minute for the whole deployment. The marketplace's
 * rate limit belongs to the application, so every run of every seller, and every shard of each,
 * takes its calls from the same counter.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { Entities, epochSeconds, TTL_NAME } from "../keys.js";
import { conditionalWrite } from "../conditions.js";

/** Takes one call from the budget of the minute starting at `windowStartMs`; false when that minute's budget is spent. */
export async function takeCall(ref: TableRef, windowStartMs: number, maxCalls: number): Promise<boolean> {
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.call_budget.key({ windowStartMs }),
        UpdateExpression: "ADD calls :one SET #ttl = :expires",
        ConditionExpression: "attribute_not_exists(calls) OR calls < :max",
        ExpressionAttributeNames: TTL_NAME,
        ExpressionAttributeValues: { ":one": 1, ":max": maxCalls, ":expires": epochSeconds(windowStartMs + 86_400_000) },
      }),
    ),
  );
}
