import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import pLimit from "p-limit";

/** Calls that move many items: a run's writes and reads, which a busy engine answers slowly. */
const BULK = new Set(["BatchWriteItemCommand", "BatchGetItemCommand", "TransactWriteItemsCommand", "QueryCommand", "ScanCommand"]);

/**
 * At most `limit` bulk calls of the client in flight; the others wait for a slot before their
 * first attempt. The wait is outside the SDK's retries and timeouts (they start once a slot is
 * taken), so a queue of batches is not mistaken for an unreachable engine; single-item calls (a
 * lease's heartbeat) never wait behind it.
 */
export function limitBulkCalls(client: DynamoDBClient, limit: number): void {
  const slots = pLimit(limit);
  client.middlewareStack.add(
    (next, context) => (args) => (BULK.has(context.commandName ?? "") ? slots(() => next(args)) : next(args)),
    { step: "initialize", priority: "low", name: "bulkCallSlots" },
  );
}
