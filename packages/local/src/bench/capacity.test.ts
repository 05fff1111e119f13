import { GetCommand, PutCommand, QueryCommand, TransactWriteCommand } from "@aws-sdk/lib-dynamodb";
import { describe, expect, it } from "vitest";
import { useTestTable } from "#test/table";
import { createDocumentClient } from "@fulfillment/functions/storage/client";
import { batchWrite } from "@fulfillment/functions/storage/operations";
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

describe("the meter and writes sent as transactions in place of batches", () => {
  it("bills a many-item write as BatchWriteItem would, whichever way DYNAMODB_BULK_WRITES sends it", async () => {
    const doc = createDocumentClient({ endpoint: process.env.DYNAMODB_ENDPOINT });
    const meter = meterCapacity(doc);
    const ref = { doc, table: db.ref.table };
    const items = (prefix: string) => Array.from({ length: 30 }, (_, i) => ({ put: { pk: `METER#${prefix}`, sk: String(i), note: "x".repeat(1_500) } }));
    const before = process.env.DYNAMODB_BULK_WRITES;
    try {
      process.env.DYNAMODB_BULK_WRITES = "batches";
      await batchWrite(ref, items("B"));
      const batches = meter.writeUnits;
      process.env.DYNAMODB_BULK_WRITES = "transactions";
      await batchWrite(ref, items("T"));
      // 30 items of 1.5 KB: 2 units each as a batch; the transaction that carried them is billed the same.
      expect(batches).toBe(60);
      expect(meter.writeUnits - batches).toBe(60);
    } finally {
      if (before === undefined) delete process.env.DYNAMODB_BULK_WRITES;
      else process.env.DYNAMODB_BULK_WRITES = before;
    }
  });
});
