import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { createDocumentClient } from "@fulfillment/functions/storage/client";
import { meterCapacity } from "./capacity.js";

const db = useTestTable("bench-capacity", "test");

describe("the bench's capacity meter", () => {
  it("counts the units DynamoDB reports, reads apart from writes", async () => {
    // A client of its own: the meter stays on the client it is added to.
    const doc = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    const meter = meterCapacity(doc);
    const item = { pk: "METER#1", sk: "A", note: "x".repeat(1_500) };

    await doc.send(new PutCommand({ TableName: db.ref.table, Item: item }));
    const afterPut = meter.writeUnits;
    await doc.send(new TransactWriteCommand({ TransactItems: [{ Put: { TableName: db.ref.table, Item: { ...item, sk: "B" } } }] }));
    const afterWrites = { reads: meter.readUnits, writes: meter.writeUnits };
    await doc.send(new GetCommand({ TableName: db.ref.table, Key: { pk: "METER#1", sk: "A" }, ConsistentRead: true }));
    await doc.send(new QueryCommand({ TableName: db.ref.table, KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": "METER#1" } }));

    // A 1.5 KB item: 2 write units per put, at least twice that in a transaction; a strongly consistent read of it 1 unit.
    expect(afterPut).toBe(2);
    expect(afterWrites.reads).toBe(0);
    expect(afterWrites.writes - afterPut).toBeGreaterThanOrEqual(4);
    expect(meter.readUnits).toBeGreaterThanOrEqual(1.5);
    expect(meter.capacityUnits).toBeCloseTo(meter.readUnits + meter.writeUnits, 10);
    expect(meter.calls).toBe(4);
  });
});
