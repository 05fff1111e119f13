import { describe, expect, it, vi } from "vitest";
import { Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import { StorageUnavailableError } from "#storage/unavailable";
import { IncompleteBatchError } from "#storage/operations";
import { serviceError } from "#test/sdk-faults";
import { StoragePace } from "./storage-pace.js";

const SETTINGS: Sync.AimdSettings = { initial: 2, min: 1, max: 3, increase: 1, decrease: 0.5, backoffBaseMs: 100, backoffMaxMs: 400, giveUpAfter: 4 };

/** A clock that moves only when the pace sleeps. */
function fakeClock() {
  const clock = { at: 0, slept: [] as number[], now: () => clock.at, sleep: async (ms: number) => void (clock.slept.push(ms), (clock.at += ms)) };
  return clock;
}

/** Work that fails with each of `errors` in turn, then answers. */
function failingWith(...errors: Error[]) {
  let calls = 0;
  const work = async (): Promise<string> => {
    const error = errors[calls++];
    if (error) throw error;
    return "stored";
  };
  return { work, calls: () => calls };
}

describe("a shard's storage pace", () => {
  it("backs off and stores again through a time-budget expiry, throttling and an unprocessed batch", async () => {
    // Prepare
    vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const clock = fakeClock();
    const pace = new StoragePace(SETTINGS, clock);
    const slow = failingWith(
      new StorageUnavailableError("no-answer", true, "BatchWriteItem failed after 2 attempts (no answer)", 5_000),
      serviceError("ProvisionedThroughputExceededException"),
      new IncompleteBatchError(12, "BatchWriteItem", 3),
    );

    // Act
    const answer = await pace.storing(slow.work);

    // Assess
    expect(answer).toBe("stored");
    expect(slow.calls()).toBe(4);
    expect(clock.slept).toEqual([100, 200, 400]);
    expect(pace.limit).toBe(2);
  });

  it("throws at once an error storing again cannot mend", async () => {
    // Prepare
    const clock = fakeClock();
    const pace = new StoragePace(SETTINGS, clock);
    const refused = failingWith(serviceError("ValidationException"));

    // Act
    const error = await pace.storing(refused.work).catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ name: "ValidationException" });
    expect(refused.calls()).toBe(1);
    expect(clock.slept).toEqual([]);
  });

  it("gives up when storage stays slow for its number of slowdowns in a row", async () => {
    // Prepare
    vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const clock = fakeClock();
    const pace = new StoragePace(SETTINGS, clock);
    const down = failingWith(...Array.from({ length: 10 }, () => serviceError("ThrottlingException")));

    // Act
    const error = await pace.storing(down.work).catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ name: "ThrottlingException" });
    expect(down.calls()).toBe(SETTINGS.giveUpAfter);
  });

  it("keeps at most its limit of parts in flight, fewer after a slowdown", async () => {
    // Prepare
    vi.spyOn(logger, "info").mockImplementation(() => undefined);
    const clock = fakeClock();
    const pace = new StoragePace(SETTINGS, clock);
    let inFlight = 0;
    const peaks: number[] = [];
    let throttled = false;

    // Act
    await pace.forEach([0, 1, 2, 3, 4, 5, 6, 7], async (part) => {
      inFlight += 1;
      peaks.push(inFlight);
      await new Promise((resolve) => setTimeout(resolve, 5));
      await pace.storing(async () => {
        if (part === 3 && !throttled) {
          throttled = true;
          throw serviceError("ThrottlingException");
        }
      });
      inFlight -= 1;
    });

    // Assess
    expect(Math.max(...peaks)).toBeLessThanOrEqual(SETTINGS.max);
    expect(peaks.slice(0, 2)).toEqual([1, 2]);
    expect(clock.slept.length).toBeGreaterThan(0);
  });

  it("starts no part after one failed, lets those in flight settle, and throws the failure", async () => {
    // Prepare
    const pace = new StoragePace(SETTINGS, fakeClock());
    const started: number[] = [];
    const settled: number[] = [];

    // Act
    const error = await pace
      .forEach([0, 1, 2, 3], async (part) => {
        started.push(part);
        if (part === 1) throw new Error("part 1 failed");
        await new Promise((resolve) => setTimeout(resolve, 20));
        settled.push(part);
      })
      .catch((e: unknown) => e);

    // Assess
    expect(error).toMatchObject({ message: "part 1 failed" });
    expect(started).toEqual([0, 1]);
    expect(settled).toEqual([0]);
  });
});
