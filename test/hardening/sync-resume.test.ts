import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import type { Ad } from "@fulfillment/core";
import { startSandboxMarketplace, type SandboxItem, type SandboxMarketplace } from "@fulfillment/local/sandbox/index";
import type { TableRef } from "#storage/client";
import { SHARD_CHUNK_ADS } from "#services/sync/bounds";
import { logger } from "#logging/logger";
import { syncToTheEnd } from "#test/sync";
import { replaceMarketplaceEnv, sandboxEnv } from "#test/env";
import { putAds } from "#storage/ads";
import { putCredential } from "#storage/credentials";
import { getShard } from "#storage/sync/shards";
import { createTestTable, dropTestTable, useTestTable } from "#test/table";
import { dumpTable } from "#test/dump";
import { faultyTable } from "#test/sdk-faults";
import { fullAd } from "#test/fixtures";

/**
 * A shard stores its ads part by part and records each part stored: a retried shard resumes after
 * them and asks the marketplace nothing more about their ads, and storage that slows down (throttling)
 * makes the shard wait and store again instead of failing. Either way the run ends as an untroubled
 * one does.
 */

const NOW = new Date("2026-06-30T15:00:00Z");
const ADS = SHARD_CHUNK_ADS * 2 + SHARD_CHUNK_ADS / 2;
const db = useTestTable("sync-resume", "test");
let sandbox: SandboxMarketplace;
let restoreEnv: () => void;

const numbers = Array.from({ length: ADS }, (_, i) => i + 1);
// Every fifth item has two variations, each its own inventory; every third ad takes its sales from the ledger.
const items: SandboxItem[] = numbers.map((n) =>
  n % 5 === 0
    ? {
        id: `MLB${n}`,
        variations: [
          { id: n * 10 + 1, inventory_id: `VAR${n}A`, stock: { available: n % 7 } },
          { id: n * 10 + 2, inventory_id: `VAR${n}B`, stock: { available: n % 3 } },
        ],
      }
    : { id: `MLB${n}`, inventory_id: `INV${n}`, stock: { available: n % 11 } },
);
const ads: Ad[] = numbers.map((n) => fullAd(`MLB${n}`, { sku: `SKU-${n % 40}`, sales_30d: n % 3 === 0 ? null : 30 }));
/** The shard's parts as the plan cuts them: ad ids in text order. */
const sortedIds = ads.map((ad) => ad.id).sort();
const inventoryOf = (adId: string): string => {
  const n = Number(adId.slice(3));
  return n % 5 === 0 ? `VAR${n}A` : `INV${n}`;
};
/** The first inventory of the second part of the shard. */
const SECOND_PART = inventoryOf(sortedIds[SHARD_CHUNK_ADS]!);

async function prepare(ref: TableRef): Promise<void> {
  await putAds(ref, ads);
  await putCredential(ref, { provider: "mercadolivre", ...sandbox.currentTokens(), user_id: sandbox.sellerId });
}

const sync = (ref: TableRef) => syncToTheEnd(ref, { at: NOW, marketplace: { timeoutMs: 2000, maxRetries: 1, backoffBaseMs: 1, backoffMaxMs: 5 } });

/** Stock reads per inventory from `mark` on. */
function stockReads(mark: number): Map<string, number> {
  const reads = new Map<string, number>();
  for (const request of sandbox.requests.slice(mark)) {
    const inventoryId = /^\/inventories\/([^/]+)\/stock\/fulfillment/.exec(request.path)?.[1];
    if (inventoryId) reads.set(inventoryId, (reads.get(inventoryId) ?? 0) + 1);
  }
  return reads;
}

/** What an untroubled sync of the same data writes and answers, on a table of its own. */
async function untroubled(): Promise<{ result: unknown; items: Record<string, unknown>[]; calls: number }> {
  const reference = await createTestTable("sync-resume-reference");
  try {
    await prepare(reference);
    const mark = sandbox.requests.length;
    const result = await sync(reference);
    return { result: { ...result, run_id: "" }, items: await withoutRuns(reference), calls: sandbox.requests.length - mark };
  } finally {
    await dropTestTable(reference);
  }
}

/**
 * The table but the run's own bookkeeping (runs, shards, their parts), alerts (they carry their
 * run's instant) and the read model's change counters (they count writes: a part stored again
 * counts again).
 */
const withoutRuns = async (ref: TableRef) =>
  (await dumpTable(ref)).filter(
    (item) => item.pk !== "SYNCRUN" && item.pk !== "READMODEL" && !String(item.pk).startsWith("SYNCSHARD#") && !String(item.pk).startsWith("ALERT"),
  );

beforeAll(async () => {
  sandbox = await startSandboxMarketplace({ seed: { items } });
  restoreEnv = replaceMarketplaceEnv(sandboxEnv(sandbox));
});

afterAll(async () => {
  await sandbox.stop();
  restoreEnv();
});

beforeEach(async () => {
  // One shard of three parts.
  vi.stubEnv("SYNC_SHARD_SIZE", String(ADS));
  vi.spyOn(Math, "random").mockReturnValue(0.02);
  await prepare(db.ref);
});

afterEach(() => {
  vi.restoreAllMocks();
  vi.unstubAllEnvs();
});

describe("a shard that fails midway", () => {
  it("is retried from its first part not stored: no ad is read twice, and the run ends as an untroubled one", async () => {
    // Prepare
    const expected = await untroubled();
    const { ref, faults } = faultyTable(db.ref);
    // The second part fails before it reads anything (its stored stock, read first, cannot be read); the first is stored meanwhile.
    faults.failAttempts("BatchGetItemCommand", 1, { name: "ValidationException", message: "shard worker crashed", when: (input) => JSON.stringify(input).includes(`"${SECOND_PART}"`) });
    const mark = sandbox.requests.length;

    // Act
    const result = await sync(ref);

    // Assess
    expect(faults.pending()).toBe(0);
    expect(await getShard(db.ref, result.run_id, 0)).toMatchObject({ state: "done", attempts: 2 });
    const reads = stockReads(mark);
    expect(reads.size).toBe(ADS + ADS / 5);
    expect([...reads].filter(([, count]) => count > 1)).toEqual([]);
    expect(sandbox.requests.length - mark).toBe(expected.calls);
    expect({ ...result, run_id: "" }).toEqual(expected.result);
    expect(await withoutRuns(db.ref)).toEqual(expected.items);
  });

  it("reads again only the ads of the part it was storing when it failed", async () => {
    // Prepare
    const expected = await untroubled();
    const { ref, faults } = faultyTable(db.ref);
    // The second part's daily rows, its last write before it is recorded stored, fail once.
    faults.failAttempts("BatchWriteItemCommand", 1, { name: "ValidationException", message: "shard worker crashed", when: (input) => JSON.stringify(input).includes(`"DAILY#${SECOND_PART}"`) });
    const mark = sandbox.requests.length;

    // Act
    const result = await sync(ref);

    // Assess
    expect(faults.pending()).toBe(0);
    expect(await getShard(db.ref, result.run_id, 0)).toMatchObject({ state: "done", attempts: 2 });
    const secondPart = new Set(sortedIds.slice(SHARD_CHUNK_ADS, 2 * SHARD_CHUNK_ADS).flatMap((id) => [inventoryOf(id), inventoryOf(id).replace(/A$/, "B")]));
    const readTwice = [...stockReads(mark)].filter(([, count]) => count > 1).map(([inventoryId]) => inventoryId);
    expect(readTwice.length).toBeGreaterThan(0);
    expect(readTwice.filter((inventoryId) => !secondPart.has(inventoryId))).toEqual([]);
    expect({ ...result, run_id: "" }).toEqual(expected.result);
    expect(await withoutRuns(db.ref)).toEqual(expected.items);
  });
});

describe("a shard whose storage slows down", () => {
  it("backs off and stores again through throttling: it completes in one attempt, each ad read once", async () => {
    // Prepare
    const expected = await untroubled();
    // No SDK retries: every throttled answer reaches the shard.
    const { ref, faults } = faultyTable(db.ref, { maxAttempts: 1 });
    faults.failAttempts("BatchWriteItemCommand", 2, { name: "ProvisionedThroughputExceededException", when: (input) => JSON.stringify(input).includes(`"DAILY#${SECOND_PART}"`) });
    faults.failAttempts("BatchGetItemCommand", 1, { name: "ThrottlingException", when: (input) => JSON.stringify(input).includes(`"${SECOND_PART}"`) });
    faults.failAttempts("PutItemCommand", 1, { name: "ProvisionedThroughputExceededException", when: (input) => JSON.stringify(input).includes('"chunk#') });
    const slowed = vi.spyOn(logger, "info");
    const mark = sandbox.requests.length;

    // Act
    const result = await sync(ref);

    // Assess
    expect(faults.pending()).toBe(0);
    expect(await getShard(db.ref, result.run_id, 0)).toMatchObject({ state: "done", attempts: 1 });
    expect(slowed.mock.calls.filter(([line]) => String(line).startsWith("Storage slowed down"))).toHaveLength(4);
    expect([...stockReads(mark)].filter(([, count]) => count > 1)).toEqual([]);
    expect({ ...result, run_id: "" }).toEqual(expected.result);
    expect(await withoutRuns(db.ref)).toEqual(expected.items);
  });
});
