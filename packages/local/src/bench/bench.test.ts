import { describe, expect, it, vi } from "vitest";
import { DAILY_DAYS, fixedRecords, sizedRecords } from "./dataset.js";
import { median, percentile, shuffledOrders, summarize, timedRounds, warmUp } from "./stats.js";
import { formatValue } from "./report.js";
import { measureFloorClients } from "./measure.js";
import type { FloorContext } from "./floors.js";
import type { BenchEndpoint } from "./endpoints.js";

describe("percentile", () => {
  it("interpolates between the closest ranks", () => {
    // Prepare
    const samples = [5, 1, 4, 2, 3];

    // Act
    const p50 = percentile(samples, 50);
    const p95 = percentile(samples, 95);

    // Assess
    expect(p50).toBe(3);
    expect(p95).toBeCloseTo(4.8);
    expect(percentile(samples, 0)).toBe(1);
    expect(percentile(samples, 100)).toBe(5);
  });

  it("gives NaN without samples and the value itself for one", () => {
    expect(percentile([], 50)).toBeNaN();
    expect(median([7])).toBe(7);
  });

  it("summarises without reordering the caller's samples", () => {
    const samples = [3, 1, 2];
    expect(summarize(samples)).toEqual({ n: 3, p50: 2, p95: expect.closeTo(2.9), min: 1 });
    expect(samples).toEqual([3, 1, 2]);
  });
});

describe("bench data", () => {
  it("holds one ad, inventory record and metric per index and 1.5 local stock rows", () => {
    const records = sizedRecords(0, 1_000);

    expect(records.ads).toHaveLength(1_000);
    expect(records.inventory).toHaveLength(1_000);
    expect(records.metrics).toHaveLength(1_000);
    expect(records.local_stock).toHaveLength(1_500);
    expect(new Set(records.inventory.map((r) => r.inventory_id)).size).toBe(1_000);
  });

  it("grows by slices: the records of size N are the first N of any larger size", () => {
    const whole = sizedRecords(0, 300);
    const grown = [sizedRecords(0, 100), sizedRecords(100, 300)];

    expect(grown.flatMap((part) => part.inventory)).toEqual(whole.inventory);
    expect(grown.flatMap((part) => part.local_stock)).toEqual(whole.local_stock);
  });

  it("gives the viewed ad a row per day of the series window", () => {
    const fixed = fixedRecords("2025-06-30");

    expect(fixed.daily_stock).toHaveLength(DAILY_DAYS);
    expect(fixed.daily_stock.at(-1)?.day).toBe("2025-06-30");
  });
});

describe("figure lines", () => {
  it("prints integers as they are and fractions to a few digits", () => {
    expect(formatValue(1036)).toBe("1036");
    expect(formatValue(98.432)).toBe("98.43");
    expect(formatValue(0.0914)).toBe("0.091");
    expect(formatValue(Number.NaN)).toBe("n/a");
  });
});

describe("the order of interleaved calls", () => {
  it("puts every call after every other about equally often, where a rotation always puts the same one before", () => {
    // Prepare: three calls (handler, floor, live path), 3,000 rounds back to back.
    const next = shuffledOrders(3);
    const sequence = Array.from({ length: 3_000 }, () => next()).flat();

    // Act: how often each call comes right after each other.
    const after = new Map<string, number>();
    for (let i = 1; i < sequence.length; i++) {
      if (sequence[i] === sequence[i - 1]) continue;
      const pair = `${sequence[i - 1]}>${sequence[i]}`;
      after.set(pair, (after.get(pair) ?? 0) + 1);
    }

    // Assess: each round is a permutation, and each of the six orderings is a sixth of the pairs, within 10 %.
    expect(Array.from({ length: 3_000 }, () => [...next()].sort().join())).toEqual(Array.from({ length: 3_000 }, () => "0,1,2"));
    const total = [...after.values()].reduce((a, b) => a + b, 0);
    expect(after.size).toBe(6);
    for (const count of after.values()) expect(Math.abs(count / total - 1 / 6)).toBeLessThan(1 / 60);
  });
});

describe("the warm-up", () => {
  it("runs every call once a round, until its rounds or its time are up", async () => {
    // Prepare: two calls, counted; a clock that moves 10 ms per call.
    const counts = [0, 0];
    let clock = 0;
    const runs = counts.map((_, i) => () => {
      counts[i]! += 1;
      clock += 10;
    });

    // Act / Assess: the rounds run out first, then the time (20 ms a round: the third starts at 40 ms, not under 35).
    expect(await warmUp(runs, { rounds: 5, ms: 1_000 }, () => clock)).toBe(5);
    expect(counts).toEqual([5, 5]);
    expect(await warmUp(runs, { rounds: 100, ms: 35 }, () => clock)).toBe(2);
    expect(counts).toEqual([7, 7]);
    expect(await warmUp(runs, { rounds: 100, ms: 0 }, () => clock)).toBe(0);
  });
});

describe("the timed rounds", () => {
  it("time every run once a round: at least the rounds asked for, then until the rounds or the time are up", async () => {
    // A clock that moves 10 ms per call; each run is prepared untimed and returns its work.
    let clock = 0;
    const runs = [0, 1].map(() => () => () => void (clock += 10));

    // At least 3 rounds, though the time (0 ms) is up from the start; then 5 rounds within plenty of time; then the time (35 ms).
    const atLeast = await timedRounds(runs, { atLeast: 3, rounds: 100, ms: 0 }, () => clock);
    const byRounds = await timedRounds(runs, { rounds: 5, ms: 1_000 }, () => clock);
    const byTime = await timedRounds(runs, { rounds: 100, ms: 35 }, () => clock);

    expect(atLeast.map((samples) => samples.length)).toEqual([3, 3]);
    expect(byRounds.map((samples) => samples.length)).toEqual([5, 5]);
    expect(byTime.map((samples) => samples.length)).toEqual([2, 2]);
    expect(atLeast.flat().every((ms) => ms >= 0)).toBe(true);
  });
});

describe("the floors' two clients", () => {
  // A document client that answers every read with nothing, after `ms`.
  const answering = (ms: number) =>
    ({ send: () => new Promise((resolve) => setTimeout(() => resolve({ Items: [], Item: { pk: "x" } }), ms)) }) as unknown as FloorContext["doc"];
  const ctx = (doc: FloorContext["doc"]): FloorContext => ({ doc, table: "t", viewedAdId: "MLB1", viewedInventoryIds: ["INV1"], today: "2026-11-26" });
  const endpoint = (key: string) => ({ key }) as BenchEndpoint;

  it("gives the service client's floor p50 over the SDK client's, for an endpoint with a floor", async () => {
    const ratio = await measureFloorClients(endpoint("GET /full/overview"), ctx(answering(1)), answering(4), 20);
    expect(ratio).toBeGreaterThan(1.5);
    const same = await measureFloorClients(endpoint("GET /settings"), ctx(answering(2)), answering(2), 20);
    expect(same).toBeGreaterThan(0.6);
    expect(same).toBeLessThan(1.6);
  });

  it("gives nothing for an endpoint without a floor", async () => {
    expect(await measureFloorClients(endpoint("GET /settings/defaults"), ctx(answering(0)), answering(0), 5)).toBeUndefined();
  });
});

describe("the bench's output", () => {
  it("keeps the service's log lines under ERROR out of the figures: the level is set before the logger's module loads", async () => {
    vi.resetModules();
    vi.stubEnv("POWERTOOLS_LOG_LEVEL", undefined);
    try {
      await import("./quiet-logs.js");
      const { logger } = await import("@fulfillment/functions/logging/logger");
      expect(logger.getLevelName()).toBe("ERROR");
    } finally {
      vi.unstubAllEnvs();
      vi.resetModules();
    }
  });
});
