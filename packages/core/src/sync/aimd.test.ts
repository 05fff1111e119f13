import { describe, expect, it } from "vitest";
import { aimdGaveUp, aimdLimit, aimdSlowdown, aimdStart, aimdSuccess, aimdWait, DEFAULT_AIMD, type AimdSettings } from "./aimd.js";

const SETTINGS: AimdSettings = { initial: 4, min: 1, max: 8, increase: 1, decrease: 0.5, backoffBaseMs: 100, backoffMaxMs: 1_000, giveUpAfter: 3 };

describe("AIMD concurrency", () => {
  it("starts at its initial limit, with no backoff", () => {
    const state = aimdStart(SETTINGS);
    expect(aimdLimit(state)).toBe(4);
    expect(aimdWait(state, 0)).toBe(0);
  });

  it("adds one per success, up to its maximum", () => {
    let state = aimdStart(SETTINGS);
    for (let i = 0; i < 10; i++) state = aimdSuccess(state, SETTINGS);
    expect(aimdLimit(state)).toBe(8);
  });

  it("halves on a slowdown, down to its minimum, and backs off", () => {
    let state = aimdSlowdown(aimdStart(SETTINGS), 1_000, SETTINGS);
    expect(aimdLimit(state)).toBe(2);
    expect(aimdWait(state, 1_000)).toBe(100);
    expect(aimdWait(state, 1_040)).toBe(60);
    expect(aimdWait(state, 1_100)).toBe(0);
    state = aimdSlowdown(state, 1_100, SETTINGS);
    state = aimdSlowdown(state, 1_400, SETTINGS);
    expect(aimdLimit(state)).toBe(1);
  });

  it("counts slowdowns during a running backoff as the same episode: no further cut", () => {
    const first = aimdSlowdown(aimdStart(SETTINGS), 1_000, SETTINGS);
    const during = aimdSlowdown(first, 1_050, SETTINGS);
    expect(during).toEqual(first);
  });

  it("doubles the backoff with each slowdown in a row, up to its maximum, and a success ends the streak", () => {
    let state = aimdStart({ ...SETTINGS, giveUpAfter: 10 });
    const waits: number[] = [];
    let now = 0;
    for (let i = 0; i < 6; i++) {
      state = aimdSlowdown(state, now, SETTINGS);
      waits.push(aimdWait(state, now));
      now = state.backoffUntil;
    }
    expect(waits).toEqual([100, 200, 400, 800, 1_000, 1_000]);
    state = aimdSuccess(state, SETTINGS);
    expect(state.slowdowns).toBe(0);
    expect(aimdWait(aimdSlowdown(state, now, SETTINGS), now)).toBe(100);
  });

  it("gives up after its number of slowdowns in a row, not before", () => {
    let state = aimdStart(SETTINGS);
    let now = 0;
    for (let i = 0; i < 2; i++) {
      state = aimdSlowdown(state, now, SETTINGS);
      now = state.backoffUntil;
    }
    expect(aimdGaveUp(state, SETTINGS)).toBe(false);
    state = aimdSlowdown(state, now, SETTINGS);
    expect(aimdGaveUp(state, SETTINGS)).toBe(true);
    expect(aimdGaveUp(aimdSuccess(state, SETTINGS), SETTINGS)).toBe(false);
  });

  it("recovers additively after a cut: the limit climbs back one per success", () => {
    let state = aimdSlowdown(aimdStart(DEFAULT_AIMD), 0, DEFAULT_AIMD);
    const limits = [aimdLimit(state)];
    for (let i = 0; i < 4; i++) {
      state = aimdSuccess(state, DEFAULT_AIMD);
      limits.push(aimdLimit(state));
    }
    expect(limits).toEqual([1, 2, 3, 4, 4]);
  });
});
