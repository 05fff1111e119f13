import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { useTestTable } from "#test/table";
import { faultyTable } from "#test/sdk-faults";
import { bulkWriteMode } from "../config/env.js";
import { batchWrite, queryAll } from "./operations.js";
import { approximateSize, transactionGroups, type WriteRequest } from "./transact-writes.js";

/** Many-item writes sent as transactions (DYNAMODB_BULK_WRITES=transactions, an on-disk DynamoDB Local). */

const db = useTestTable("transact-writes", "test");
const saved = process.env.DYNAMODB_BULK_WRITES;

beforeEach(() => {
  process.env.DYNAMODB_BULK_WRITES = "transactions";
  vi.spyOn(Math, "random").mockReturnValue(0.02);
});

afterEach(() => {
  if (saved === undefined) delete process.env.DYNAMODB_BULK_WRITES;
  else process.env.DYNAMODB_BULK_WRITES = saved;
  vi.restoreAllMocks();
});

const puts = (pk: string, count: number, note = "n"): WriteRequest[] =>
  Array.from({ length: count }, (_, i) => ({ put: { pk, sk: String(i).padStart(4, "0"), note } }));

const partition = (pk: string) =>
  queryAll<{ sk: string; note: string }>(db.ref, { KeyConditionExpression: "pk = :pk", ExpressionAttributeValues: { ":pk": pk }, ConsistentRead: true });

describe("batchWrite in transactions", () => {
  it("writes 250 puts in transactions of 100, and the last request for a key wins", async () => {
    const { ref, faults } = faultyTable(db.ref);
    const requests = [...puts("TW#A", 250), { put: { pk: "TW#A", sk: "0003", note: "later" } }];

    await batchWrite(ref, requests);

    const stored = await partition("TW#A");
    expect(stored).toHaveLength(250);
    expect(stored.find((item) => item.sk === "0003")?.note).toBe("later");
    expect(faults.attemptsOf("TransactWriteItemsCommand")).toHaveLength(3);
    expect(faults.attemptsOf("BatchWriteItemCommand")).toHaveLength(0);
  });

  it("deletes as well as puts, in one call", async () => {
    await batchWrite(db.ref, puts("TW#B", 10));

    await batchWrite(db.ref, [...puts("TW#B", 3, "again"), ...[5, 6].map((i) => ({ delete: { pk: "TW#B", sk: String(i).padStart(4, "0") } }))]);

    const stored = await partition("TW#B");
    expect(stored.map((item) => item.sk)).toEqual(["0000", "0001", "0002", "0003", "0004", "0007", "0008", "0009"]);
    expect(stored.filter((item) => item.note === "again")).toHaveLength(3);
  });

  it("keeps each transaction under DynamoDB's 4 MB: 30 items of 300 KB go in several", async () => {
    const { ref, faults } = faultyTable(db.ref);

    await batchWrite(ref, puts("TW#C", 30, "x".repeat(300_000)));

    expect(await partition("TW#C")).toHaveLength(30);
    expect(faults.attemptsOf("TransactWriteItemsCommand").length).toBeGreaterThanOrEqual(3);
  });

  it("sends a transaction cancelled by a conflict again, and stores every item once", async () => {
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "TransactionCanceledException", reasons: ["TransactionConflict"] });

    await batchWrite(ref, puts("TW#D", 40));

    expect(await partition("TW#D")).toHaveLength(40);
    expect(faults.attemptsOf("TransactWriteItemsCommand")).toHaveLength(3);
  });

  it("gives up on a cancellation another attempt cannot mend, writing nothing of that group", async () => {
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 1, { name: "TransactionCanceledException", reasons: ["ValidationError"] });

    await expect(batchWrite(ref, puts("TW#E", 20))).rejects.toMatchObject({ name: "TransactionCanceledException" });

    expect(await partition("TW#E")).toHaveLength(0);
  });
});

describe("the groups and the size estimate", () => {
  it("cuts at 100 actions, and before an item that would pass 3 MB", () => {
    expect(transactionGroups(puts("G", 250)).map((group) => group.length)).toEqual([100, 100, 50]);
    expect(transactionGroups(puts("G", 12, "x".repeat(1_000_000))).map((group) => group.length)).toEqual([3, 3, 3, 3]);
  });

  it("counts strings in UTF-8 bytes, binary in bytes, and attribute names", () => {
    expect(approximateSize("ação")).toBe(6);
    expect(approximateSize(new Uint8Array(500))).toBe(500);
    expect(approximateSize({ name: "x".repeat(1_000) })).toBeGreaterThan(1_004);
  });
});

describe("DYNAMODB_BULK_WRITES", () => {
  it("is batches when unset, and refuses a value that is neither", () => {
    expect(bulkWriteMode({})).toBe("batches");
    expect(bulkWriteMode({ DYNAMODB_BULK_WRITES: "transactions" })).toBe("transactions");
    expect(() => bulkWriteMode({ DYNAMODB_BULK_WRITES: "fast" })).toThrow(/"batches" or "transactions"/);
  });
});
