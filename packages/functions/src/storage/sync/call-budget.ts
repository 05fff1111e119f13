/**
 * The marketplace call budget: one counter per minute for the whole deployment. The marketplace's
 * rate limit belongs to the application, so every run of every seller, and every shard of each,
 * takes its calls from the same counter.
 */
import { UpdateCommand } from "@aws-sdk/lib-dynamodb";
import type { TableRef } from "../client.js";
import { Entities, epochSeconds, TTL_NAME } from "../keys.js";
import { conditionalWrite } from "../conditions.js";

/** Takes `count` calls from the budget of the minute starting at `windowStartMs`, all or none; false when fewer are left. */
async function takeExactly(ref: TableRef, windowStartMs: number, maxCalls: number, count: number): Promise<boolean> {
  if (count > maxCalls) return false;
  return conditionalWrite(
    ref.doc.send(
      new UpdateCommand({
        TableName: ref.table,
        Key: Entities.call_budget.key({ windowStartMs }),
        UpdateExpression: "ADD calls :count SET #ttl = :expires",
        ConditionExpression: "attribute_not_exists(calls) OR calls <= :room",
        ExpressionAttributeNames: TTL_NAME,
        ExpressionAttributeValues: { ":count": count, ":room": maxCalls - count, ":expires": epochSeconds(windowStartMs + 86_400_000) },
      }),
    ),
  );
}

/** Takes one call from the budget of the minute starting at `windowStartMs`; false when that minute's budget is spent. */
export const takeCall = (ref: TableRef, windowStartMs: number, maxCalls: number): Promise<boolean> => takeExactly(ref, windowStartMs, maxCalls, 1);

/**
 * Takes up to `wanted` calls at once (a caller spends them from memory, one write for many calls):
 * all of them while the minute has room, else one, else none. Answers how many were taken.
 */
export async function takeCalls(ref: TableRef, windowStartMs: number, maxCalls: number, wanted: number): Promise<number> {
  if (wanted > 1 && (await takeExactly(ref, windowStartMs, maxCalls, wanted))) return wanted;
  return (await takeCall(ref, windowStartMs, maxCalls)) ? 1 : 0;
}
