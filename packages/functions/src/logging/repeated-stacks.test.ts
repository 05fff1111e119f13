import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { skipRepeatedStacks, STACK_REPEAT_WINDOW_MS } from "./repeated-stacks.js";

describe("stack traces in log lines", () => {
  beforeEach(() => {
    vi.useFakeTimers({ now: new Date("2026-11-20T14:02:11.000Z") });
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it("prints the same stack at most once a minute, pointing back to the line that has it", () => {
    // Prepare
    const replace = skipRepeatedStacks();
    const stack = new Error("connect ECONNREFUSED 127.0.0.1:8000").stack!;

    // Act / Assess
    expect(replace("stack", stack)).toBe(stack);
    vi.advanceTimersByTime(STACK_REPEAT_WINDOW_MS - 1);
    expect(replace("stack", stack)).toBe("(same stack trace as logged at 2026-11-20T14:02:11.000Z)");
    vi.advanceTimersByTime(1);
    expect(replace("stack", stack)).toBe(stack);
  });

  it("prints a different stack, and leaves other keys and values alone", () => {
    const replace = skipRepeatedStacks();
    const first = new Error("one").stack!;
    const second = new Error("two").stack!;

    expect(replace("stack", first)).toBe(first);
    expect(replace("stack", second)).toBe(second);
    expect(replace("message", first)).toBe(first);
    expect(replace("message", first)).toBe(first);
  });
});
