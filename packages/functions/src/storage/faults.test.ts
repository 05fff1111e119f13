import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { GetCommand } from "@aws-sdk/lib-dynamodb";
import { createTestTable, dropTestTable, useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { faultyTable } from "#test/sdk-faults";
import { loadDataset } from "@fulfillment/local/loader/load";
import type { TableRef } from "./client.js";
import { Entities } from "./keys.js";
import { batchGet, batchWrite, IncompleteBatchError, type WriteRequest } from "./operations.js";
import { listAllEntries, writeGroupEntries } from "./settings.js";
import { createTariff, deleteTariff, getTariff, updateTariff } from "./tariffs.js";
import { acquireLease, releaseLease } from "./lease.js";
import { getCredential } from "./credentials.js";

const db = useTestTable("storage-faults", "test");

const TARIFF_FIELDS = {
  name: "Faixa",
  min_volume_l: 0,
  max_volume_l: null,
  daily_fee: 0.1,
  inbound_fee: 1,
  aged_days_threshold: 90,
  aged_daily_factor: 3,
  active: true,
};

const partitionClaims = (items: Record<string, any>[]): [Record<string, any>[], Record<string, any>[]] => [
  items.filter((item) => item.pk !== Entities["create-claim"].partition()),
  items.filter((item) => item.pk === Entities["create-claim"].partition()),
];

const record = (i: number) => ({ pk: "FAULTS", sk: `item-${String(i).padStart(3, "0")}`, n: i });
const puts = (count: number, from = 0): WriteRequest[] => Array.from({ length: count }, (_, i) => ({ put: record(from + i) }));

async function counterValue(ref: TableRef): Promise<number | undefined> {
  const result = await ref.doc.send(new GetCommand({ TableName: ref.table, Key: Entities.counter.key({ name: "tariff" }), ConsistentRead: true }));
  return result.Item?.value as number | undefined;
}

// Jitter pinned low: the SDK's throttling backoff (500 ms base, doubling per retry) and the batch
// backoff stay short but never zero. Tests that look at the waits pin it themselves.
beforeEach(() => {
  vi.spyOn(Math, "random").mockReturnValue(0.02);
});

afterEach(() => {
  vi.restoreAllMocks();
});

describe("batch writes with UnprocessedItems", () => {
  it("writes every item when DynamoDB leaves part of each batch unprocessed, resending only what was left out", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchWriteItemCommand", 6);

    // Act
    await batchWrite(ref, puts(60));

    // Assess
    expect(await dumpTable(db.ref)).toEqual(Array.from({ length: 60 }, (_, i) => record(i)));
    expect(faults.pending()).toBe(0);
    const requested = faults.batches.reduce((sum, b) => sum + b.requested, 0);
    const sent = faults.batches.reduce((sum, b) => sum + b.sent, 0);
    expect(sent).toBe(60);
    expect(requested).toBeGreaterThan(60);
  });

  it("backs off between rounds, longer each round", async () => {
    // Prepare: jitter pinned to its maximum, so each wait is the full backoff of its round.
    vi.spyOn(Math, "random").mockReturnValue(0.999);
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchWriteItemCommand", 3);

    // Act
    await batchWrite(ref, puts(10));

    // Assess: rounds of 10, 5, 3 and 2 requests, after waits of about 50, 100 and 200 ms.
    expect(faults.batches.map((b) => [b.requested, b.sent])).toEqual([[10, 5], [5, 2], [3, 1], [2, 2]]);
    const gaps = faults.batches.slice(1).map((b, i) => b.at - faults.batches[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(45);
    expect(gaps[1]).toBeGreaterThanOrEqual(95);
    expect(gaps[2]).toBeGreaterThanOrEqual(195);
    expect(await dumpTable(db.ref)).toHaveLength(10);
  });

  it("performs left-out deletes too", async () => {
    // Prepare
    await batchWrite(db.ref, puts(30));
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchWriteItemCommand", 4, (count) => Math.floor(count / 3));

    // Act
    await batchWrite(ref, [
      ...Array.from({ length: 20 }, (_, i): WriteRequest => ({ delete: { pk: "FAULTS", sk: record(i).sk } })),
      ...puts(5, 100),
    ]);

    // Assess
    expect(await dumpTable(db.ref)).toEqual([...Array.from({ length: 10 }, (_, i) => record(20 + i)), ...Array.from({ length: 5 }, (_, i) => record(100 + i))]);
  });

  it("fails loudly, never silently, when a batch stays unprocessed through every round", async () => {
    // Prepare: no waiting between rounds.
    vi.spyOn(Math, "random").mockReturnValue(0);
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchWriteItemCommand", 100, () => 0);

    // Act
    const error = await batchWrite(ref, puts(3)).catch((e: unknown) => e);

    // Assess
    expect(error).toBeInstanceOf(IncompleteBatchError);
    expect((error as Error).message).toMatch(/BatchWriteItem: 3 items still unprocessed/);
    expect(await dumpTable(db.ref)).toEqual([]);
  });

  it("retries a throttled BatchWriteItem call through the SDK's retry strategy", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("BatchWriteItemCommand", 2, { name: "ProvisionedThroughputExceededException" });
    faults.partialBatch("BatchWriteItemCommand", 1);

    // Act
    await batchWrite(ref, puts(20));

    // Assess: 2 throttled attempts, then the partial answer, then the resend.
    expect(faults.attemptsOf("BatchWriteItemCommand").map((a) => a.injected)).toEqual([true, true, false, false]);
    expect(await dumpTable(db.ref)).toHaveLength(20);
  });
});

describe("batch reads with UnprocessedKeys", () => {
  it("reads every key, once, when DynamoDB leaves keys unprocessed, keeping the projection", async () => {
    // Prepare
    await batchWrite(db.ref, puts(150));
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchGetItemCommand", 5, (count) => Math.floor(count / 4));
    faults.failAttempts("BatchGetItemCommand", 1);

    // Act
    const found = await batchGet<{ sk: string; n?: number }>(
      ref,
      Array.from({ length: 150 }, (_, i) => ({ pk: "FAULTS", sk: record(i).sk })),
      ["sk"],
    );

    // Assess
    expect(found.map((item) => item.sk).sort()).toEqual(Array.from({ length: 150 }, (_, i) => record(i).sk));
    expect(found.every((item) => item.n === undefined)).toBe(true);
    expect(faults.pending()).toBe(0);
  });
});

describe("single-item writes under throttling", () => {
  it("stores a settings group and the ERP token when the transaction is throttled, via the SDK's retries", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "ThrottlingException" });
    faults.failAttempts("TransactWriteItemsCommand", 1, { name: "ProvisionedThroughputExceededException" });

    // Act
    await writeGroupEntries(ref, "integracoes", { entries: { erp_api_token: { value: "tok-1", description: null } }, erpToken: "tok-1" });

    // Assess
    const attempts = faults.attemptsOf("TransactWriteItemsCommand");
    expect(attempts.map((a) => a.injected)).toEqual([true, true, true, false]);
    // The SDK backs off before each retry, doubling: 0.02 × 500 ms × 2, × 4, × 8.
    const gaps = attempts.slice(1).map((a, i) => a.at - attempts[i]!.at);
    expect(gaps[0]).toBeGreaterThanOrEqual(19);
    expect(gaps[1]).toBeGreaterThanOrEqual(39);
    expect(gaps[2]).toBeGreaterThanOrEqual(79);
    expect(await listAllEntries(db.ref)).toEqual([{ key: "erp_api_token", value: "tok-1", group: "integracoes", description: null }]);
    expect(await getCredential(db.ref, "erp")).toMatchObject({ access_token: "tok-1" });
  });

  it("creates, updates and deletes a tariff through throttled calls, moving the id counter exactly once", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("UpdateItemCommand", 2);
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "ProvisionedThroughputExceededException" });

    // Act
    const created = await createTariff(ref, TARIFF_FIELDS);

    // Assess
    expect(created.id).toBe(1);
    expect(await counterValue(db.ref)).toBe(1);
    expect(await getTariff(db.ref, 1)).toEqual(created);

    // A change is one transaction of the tariff and its new version.
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "ProvisionedThroughputExceededException" });
    expect(await updateTariff(ref, 1, { daily_fee: 0.5 })).toMatchObject({ id: 1, daily_fee: 0.5 });
    faults.failAttempts("TransactWriteItemsCommand", 2, { name: "ProvisionedThroughputExceededException" });
    expect(await deleteTariff(ref, 1)).toBe(true);
    expect(await getTariff(db.ref, 1)).toBeUndefined();
    expect(faults.attempts.filter((a) => a.injected)).toHaveLength(8);
  });

  it("acquires and releases the sync lease through throttled calls", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("PutItemCommand", 2);
    faults.failAttempts("DeleteItemCommand", 2);

    // Act + Assess
    expect(await acquireLease(ref, "faults", "owner-1", 60_000)).toBe(true);
    expect(await acquireLease(db.ref, "faults", "owner-2", 60_000)).toBe(false);
    await releaseLease(ref, "faults", "owner-1");
    expect(await dumpTable(db.ref)).toEqual([]);
    expect(faults.pending()).toBe(0);
  });

  it("lets the error through once the SDK's attempts are used up, and writes nothing", async () => {
    // Prepare: the client allows 5 attempts; all 5 are throttled.
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 5);

    // Act
    const error = await writeGroupEntries(ref, "geral", { entries: { moeda: { value: "USD", description: null } }, erpToken: "t" }).catch(
      (e: unknown) => e,
    );

    // Assess
    expect(error).toMatchObject({ name: "ThrottlingException", $metadata: { attempts: 5 } });
    expect((error as { $metadata: { totalRetryDelay: number } }).$metadata.totalRetryDelay).toBeGreaterThan(0);
    expect(await dumpTable(db.ref)).toEqual([]);
  });

  it("gives back the id of a tariff it could not store, so a failed create changes nothing", async () => {
    // Prepare
    await createTariff(db.ref, TARIFF_FIELDS);
    const before = await dumpTable(db.ref);
    const { ref, faults } = faultyTable(db.ref);
    faults.failAttempts("TransactWriteItemsCommand", 5);

    // Act
    const error = await createTariff(ref, TARIFF_FIELDS).catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ name: "ThrottlingException" });
    expect(await dumpTable(db.ref)).toEqual(before);
    expect((await createTariff(db.ref, TARIFF_FIELDS)).id).toBe(2);
  });
});

describe("dataset loader under faults", () => {
  const dataset = {
    ads: Array.from({ length: 40 }, (_, i) => ({
      id: `MLB${i}`,
      title: `Ad ${i}`,
      thumbnail: null,
      permalink: null,
      cost: i,
      sku: `SKU${i % 7}`,
      is_full: i % 2 === 0,
      sales_30d: i,
    })),
    inventory: Array.from({ length: 60 }, (_, i) => ({
      inventory_id: `INV${i}`,
      ad_id: `MLB${i % 40}`,
      sku: `SKU${i % 7}`,
      variation_id: i,
      available_qty: i,
      in_transit_qty: 0,
      not_available_qty: null,
      total_qty: i,
      days_of_stock: i / 2,
      oldest_stock_days: i,
      updated_at: "2026-11-20T10:00:00Z",
    })),
    daily_stock: Array.from({ length: 80 }, (_, i) => ({
      inventory_id: `INV${i % 20}`,
      day: `2026-11-${String(1 + Math.floor(i / 20)).padStart(2, "0")}`,
      available_qty: i,
      in_transit_qty: 0,
      not_available_qty: 0,
    })),
    local_stock: Array.from({ length: 30 }, (_, i) => ({ sku: `SKU${i % 7}`, available: i, warehouse: `W${i}` })),
    metrics: Array.from({ length: 7 }, (_, i) => ({ sku: `SKU${i}`, storage_cost: i, storage_risk_cost: 0 })),
    tariffs: [{ id: 3, name: "Pequeno", min_volume_l: 0, max_volume_l: 1 }, { name: "Sem id" }, { name: "Outro sem id" }],
    settings: [
      { key: "moeda", value: "USD", group: null },
      { key: "lead_time_padrao", value: "20", group: "estoque" },
      { key: "erp_api_token", value: "tok", group: "integracoes" },
    ],
    system_logs: Array.from({ length: 30 }, (_, i) => ({
      id: i + 1,
      timestamp: `2026-11-20T03:${String(i).padStart(2, "0")}:00Z`,
      message: `Run ${i}`,
      level: "INFO",
      details: null,
      module: "core_ai",
    })),
    credentials: [{ provider: "mercadolivre", access_token: "A", refresh_token: "R", user_id: 123, updated_at: "2026-11-20T10:00:00Z" }],
  };

  it("writes exactly what a load without faults writes, through throttling and partial batches", async () => {
    // Prepare
    const { ref, faults } = faultyTable(db.ref);
    faults.partialBatch("BatchWriteItemCommand", 10, (count) => Math.floor(count / 3));
    faults.failAttempts("BatchWriteItemCommand", 3, { name: "ProvisionedThroughputExceededException" });
    faults.failAttempts("TransactWriteItemsCommand", 2);
    faults.failAttempts("UpdateItemCommand", 2);
    faults.failAttempts("TransactWriteItemsCommand", 2);

    // Act
    await loadDataset(ref, dataset);

    // Assess
    expect(faults.pending()).toBe(0);
    // Each tariff created without an id leaves a claim on its (random) request key: compared apart.
    const [stored, claims] = partitionClaims(await dumpTable(db.ref));
    // The records, a mark per inventory with daily rows, then the read model: a header per ad,
    // the state item, one page each of alerting and other list items, one record per candidate
    // SKU, one page each of the restock-plan and aged-stock views and of their stored answers; and
    // the seller the credential connects, with its claim on the empty scope.
    expect(stored).toHaveLength(40 + 60 + 80 + 30 + 7 + 3 + 1 + 3 + 1 + 30 + 20 + (40 + 1 + 2 + 7 + 2 + 2) + 2);
    expect(claims.map((claim) => claim.tariff.name).sort()).toEqual(["Outro sem id", "Sem id"]);
    // The same load into a second table, without faults, stores the very same items.
    const clean = await createTestTable("storage-faults-reference");
    try {
      await loadDataset(clean, dataset);
      expect(stored).toEqual(partitionClaims(await dumpTable(clean))[0]);
    } finally {
      await dropTestTable(clean);
    }
  });
});
