import { describe, expect, it } from "vitest";
import { stackSeries } from "./stock-series.js";

describe("stackSeries", () => {
  it("stacks available, in transit and not available per day", () => {
    const stacked = stackSeries([
      { date: "2026-11-01", available: 10, in_transit: 5, not_available: 1 },
      { date: "2026-11-02", available: 8, in_transit: 0, not_available: 2 },
    ]);
    expect(stacked.layers.map((l) => [l.label, l.values, l.top])).toEqual([
      ["Disponível", [10, 8], [10, 8]],
      ["Em trânsito", [5, 0], [15, 8]],
      ["Não disponível", [1, 2], [16, 10]],
    ]);
  });

  it("gives empty layers for an empty series", () => {
    expect(stackSeries([]).layers.every((l) => l.top.length === 0)).toBe(true);
  });
});
