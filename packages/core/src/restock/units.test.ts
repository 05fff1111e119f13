import { describe, expect, it } from "vitest";
import { ceilUnits, roundUpToCasePack } from "./units.js";

describe("case packs", () => {
  it("rounds up to whole cases: 22 in packs of 12 is 24, 24 stays 24, 25 is 36", () => {
    expect(roundUpToCasePack(22, 12)).toBe(24);
    expect(roundUpToCasePack(24, 12)).toBe(24);
    expect(roundUpToCasePack(25, 12)).toBe(36);
    expect(roundUpToCasePack(1, 12)).toBe(12);
  });

  it("leaves units alone without a case pack, and nothing stays nothing", () => {
    expect(roundUpToCasePack(22, null)).toBe(22);
    expect(roundUpToCasePack(22, 1)).toBe(22);
    expect(roundUpToCasePack(0, 12)).toBe(0);
  });

  it("rounds up units without float noise", () => {
    expect(ceilUnits(0.1 * 30)).toBe(3);
    expect(ceilUnits(3.2)).toBe(4);
  });
});
