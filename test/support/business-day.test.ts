import { describe, expect, it } from "vitest";
import { businessDayClearOfMidnight } from "./business-day.js";

describe("a test file's business day", () => {
  it("is today's when midnight is more than the margin away", async () => {
    expect(await businessDayClearOfMidnight("America/Sao_Paulo", 60_000, () => new Date("2026-11-28T02:58:00Z"))).toBe("2026-11-27");
  });

  it("is the next day's, once it has begun, when midnight is within the margin", async () => {
    let clock = Date.parse("2026-11-28T02:59:59Z");
    const now = () => new Date((clock += 500));

    expect(await businessDayClearOfMidnight("America/Sao_Paulo", 60_000, now)).toBe("2026-11-28");
    expect(clock).toBeGreaterThanOrEqual(Date.parse("2026-11-28T03:00:00Z"));
  });
});
