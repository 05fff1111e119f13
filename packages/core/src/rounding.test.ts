import { describe, expect, it } from "vitest";
import { roundHalfUp, roundScaled } from "./rounding.js";

describe("roundHalfUp", () => {
  it("rounds half away from zero on the number as written in decimal", () => {
    // Prepare
    const cases: Array<[number, number, number]> = [
      [0.125, 2, 0.13],
      [2.675, 2, 2.68],
      [1.005, 2, 1.01],
      [-2.675, 2, -2.68],
      [-0.125, 2, -0.13],
      [0.5, 0, 1],
      [-0.5, 0, -1],
      [1.5, 0, 2],
      [2.5, 0, 3],
      [1.45, 1, 1.5],
      [8.345, 2, 8.35],
      [1.255, 2, 1.26],
    ];

    // Act
    const results = cases.map(([value, decimals]) => roundHalfUp(value, decimals));

    // Assess
    expect(results).toEqual(cases.map(([, , expected]) => expected));
  });

  it("rounds below half down and above half up", () => {
    // Prepare / Act / Assess
    expect(roundHalfUp(1.004999, 2)).toBe(1);
    expect(roundHalfUp(1.0051, 2)).toBe(1.01);
    expect(roundHalfUp(-1.004, 2)).toBe(-1);
    expect(roundHalfUp(13.96, 1)).toBe(14);
  });

  it("returns values with no more decimals than asked unchanged", () => {
    // Prepare / Act / Assess
    expect(roundHalfUp(3, 2)).toBe(3);
    expect(roundHalfUp(3.1, 2)).toBe(3.1);
    expect(roundHalfUp(-7.25, 2)).toBe(-7.25);
    expect(roundHalfUp(0, 2)).toBe(0);
  });

  it("never answers negative zero", () => {
    // Prepare / Act
    const tiny = roundHalfUp(-0.001, 2);
    const zero = roundHalfUp(-0, 2);

    // Assess
    expect(Object.is(tiny, 0)).toBe(true);
    expect(Object.is(zero, 0)).toBe(true);
  });

  it("handles numbers printed in exponent form", () => {
    // Prepare / Act / Assess
    expect(roundHalfUp(1e-7, 2)).toBe(0);
    expect(roundHalfUp(5e-7, 6)).toBe(0.000001);
    expect(roundHalfUp(4.5e-7, 6)).toBe(0); // 0.00000045: the seventh decimal is 4
    expect(roundHalfUp(1.5e-7, 7)).toBe(0.0000002);
    expect(roundHalfUp(1.2345e21, 2)).toBe(1.2345e21);
    expect(roundHalfUp(-5e-3, 2)).toBe(-0.01);
  });

  it("rounds to tens and hundreds with negative decimals", () => {
    // Prepare / Act / Assess
    expect(roundHalfUp(1250, -2)).toBe(1300);
    expect(roundHalfUp(1249.99, -2)).toBe(1200);
    expect(roundHalfUp(45, -1)).toBe(50);
  });

  it("passes non-finite values through and refuses fractional decimals", () => {
    // Prepare / Act / Assess
    expect(roundHalfUp(Number.NaN, 2)).toBeNaN();
    expect(roundHalfUp(Infinity, 2)).toBe(Infinity);
    expect(() => roundHalfUp(1, 1.5)).toThrow(RangeError);
  });
});

describe("roundScaled", () => {
  it("rounds an integer count of small units half away from zero", () => {
    // Prepare: 12.345 and -12.345 held as thousandths
    const positive = 12_345n;
    const negative = -12_345n;

    // Act / Assess
    expect(roundScaled(positive, 3, 2)).toBe(12.35);
    expect(roundScaled(negative, 3, 2)).toBe(-12.35);
    expect(roundScaled(12_344n, 3, 2)).toBe(12.34);
    expect(roundScaled(4n, 3, 2)).toBe(0);
    expect(roundScaled(1_234n, 2, 2)).toBe(12.34);
  });
});
