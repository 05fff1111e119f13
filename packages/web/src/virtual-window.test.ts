import { describe, expect, it } from "vitest";
import { visibleRange } from "./virtual-window.js";

describe("visibleRange", () => {
  it("renders the rows in view plus the overscan, padding the rest", () => {
    expect(visibleRange({ count: 10_000, rowHeight: 40, scrollTop: 0, viewportHeight: 400, overscan: 5 })).toEqual({
      start: 0,
      end: 15,
      padTop: 0,
      padBottom: 9_985 * 40,
    });
    expect(visibleRange({ count: 10_000, rowHeight: 40, scrollTop: 4_000, viewportHeight: 400, overscan: 5 })).toEqual({
      start: 95,
      end: 115,
      padTop: 95 * 40,
      padBottom: (10_000 - 115) * 40,
    });
  });

  it("stops at the end of the list and keeps heights summing to the whole list", () => {
    const range = visibleRange({ count: 100, rowHeight: 40, scrollTop: 3_900, viewportHeight: 400, overscan: 5 });
    expect(range.end).toBe(100);
    expect(range.padTop + (range.end - range.start) * 40 + range.padBottom).toBe(100 * 40);
  });

  it("handles an empty list and a scroll past the end", () => {
    expect(visibleRange({ count: 0, rowHeight: 40, scrollTop: 0, viewportHeight: 400 })).toEqual({ start: 0, end: 0, padTop: 0, padBottom: 0 });
    const past = visibleRange({ count: 10, rowHeight: 40, scrollTop: 99_999, viewportHeight: 400, overscan: 2 });
    expect(past.start).toBeLessThanOrEqual(past.end);
    expect(past.padTop + (past.end - past.start) * 40 + past.padBottom).toBe(400);
  });
});
