import { describe, expect, it } from "vitest";
import { msUntilNextRun } from "./schedule.js";

const HOUR = 3_600_000;

describe("the local daily sync schedule", () => {
  it("waits for 03:00 in the business zone later the same day", () => {
    // 01:00 in São Paulo (04:00 UTC): two hours to go.
    expect(msUntilNextRun("America/Sao_Paulo", new Date("2026-11-21T04:00:00Z"))).toBe(2 * HOUR);
  });

  it("waits for the next day once 03:00 has passed", () => {
    // 03:00 exactly has just run; 10:00 is 17 hours before the next run.
    expect(msUntilNextRun("America/Sao_Paulo", new Date("2026-11-21T06:00:00Z"))).toBe(24 * HOUR);
    expect(msUntilNextRun("America/Sao_Paulo", new Date("2026-11-21T13:00:00Z"))).toBe(17 * HOUR);
  });

  it("follows the configured zone", () => {
    expect(msUntilNextRun("UTC", new Date("2026-11-21T02:00:00Z"))).toBe(1 * HOUR);
  });
});
