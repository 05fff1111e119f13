import { describe, expect, it } from "vitest";
import { BatchGetCommand, GetCommand } from "@aws-sdk/lib-dynamodb";
import { localEndpoint, TEST_TIME_BUDGET, useTestTable } from "#test/table";
import { createDocumentClient } from "./client.js";

const db = useTestTable("bulk-slots");

/** A client on the test table with its bulk calls limited, and the most of its calls ever in flight, by kind. */
function limitedClient(bulkInFlight: number) {
  const doc = createDocumentClient({ endpoint: localEndpoint(), budget: TEST_TIME_BUDGET, bulkInFlight });
  const inFlight = { bulk: 0, single: 0 };
  const peak = { bulk: 0, single: 0 };
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const kind = context.commandName === "GetItemCommand" ? "single" : "bulk";
      inFlight[kind] += 1;
      peak[kind] = Math.max(peak[kind], inFlight[kind]);
      try {
        return await next(args);
      } finally {
        inFlight[kind] -= 1;
      }
    },
    { step: "finalizeRequest", name: "countInFlight" },
  );
  return { doc, peak };
}

describe("bulk call slots", () => {
  it("keeps at most the limit of batch calls in flight, and lets single-item calls past the queue", async () => {
    // Prepare
    const { doc, peak } = limitedClient(2);
    const keys = Array.from({ length: 50 }, (_, i) => ({ pk: `P${i}`, sk: "S" }));

    // Act
    const answers = await Promise.all([
      ...Array.from({ length: 12 }, () => doc.send(new BatchGetCommand({ RequestItems: { [db.ref.table]: { Keys: keys } } }))),
      ...Array.from({ length: 6 }, (_, i) => doc.send(new GetCommand({ TableName: db.ref.table, Key: { pk: `P${i}`, sk: "S" } }))),
    ]);

    // Assess
    expect(answers).toHaveLength(18);
    expect(peak.bulk).toBe(2);
    expect(peak.single).toBeGreaterThan(1);
  });
});
