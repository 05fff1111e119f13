import { describe, expect, it } from "vitest";
import { Sync } from "@fulfillment/core";
import { msUntilMissedFeeds, msUntilNextRun } from "./schedule.js";

const HOUR = 3_600_000;

describe("the daily sync schedule", () => {
  it("runs at 06:00 UTC, 03:00 in São Paulo, later the same day", () => {
    // 01:00 in São Paulo (04:00 UTC): two hours to go.
    expect(msUntilNextRun(new Date("2026-11-21T04:00:00Z"))).toBe(2 * HOUR);
    expect(Sync.nextDailySync(new Date("2026-11-21T04:00:00Z")).toISOString()).toBe("2026-11-21T06:00:00.000Z");
  });

  it("waits for the next day once the run time has passed", () => {
    // 06:00 exactly has just run; 13:00 UTC is 17 hours before the next run.
    expect(msUntilNextRun(new Date("2026-11-21T06:00:00Z"))).toBe(24 * HOUR);
    expect(msUntilNextRun(new Date("2026-11-21T13:00:00Z"))).toBe(17 * HOUR);
    expect(Sync.nextDailySync(new Date("2026-12-31T23:59:59Z")).toISOString()).toBe("2027-01-01T06:00:00.000Z");
  });

  it("is the deployed EventBridge expression", () => {
    expect(Sync.dailySyncCron()).toBe("cron(0 6 * * ? *)");
  });
});

describe("the hourly drain of missed notifications", () => {
  it("runs at half past every hour", () => {
    expect(msUntilMissedFeeds(new Date("2026-11-21T10:00:00Z"))).toBe(HOUR / 2);
    expect(msUntilMissedFeeds(new Date("2026-11-21T10:45:00Z"))).toBe(HOUR * 0.75);
    // Half past exactly has just run.
    expect(msUntilMissedFeeds(new Date("2026-11-21T10:30:00Z"))).toBe(HOUR);
  });
});
