import { Rounding } from "@fulfillment/core";

/**
 * A seeded pseudo-random generator (mulberry32): numbers in [0, 1), the same sequence for the same
 * seed, so generated data and measurement orders repeat from run to run.
 */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws of the kinds generated data needs, each taking the next numbers of one seeded sequence. */
export interface Draws {
  next(): number;
  /** A whole number from min to max, both included. */
  int(min: number, max: number): number;
  /** A number from min to max, rounded half up to `decimals`. */
  float(min: number, max: number, decimals?: number): number;
  chance(p: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** A count of events that happen `mean` times on average (Knuth's method). */
  poisson(mean: number): number;
}

export function seededDraws(seed: number): Draws {
  const next = seededRandom(seed);
  return {
    next,
    int: (min, max) => min + Math.floor(next() * (max - min + 1)),
    float: (min, max, decimals = 2) => Rounding.roundHalfUp(min + next() * (max - min), decimals),
    chance: (p) => next() < p,
    pick: (items) => items[Math.floor(next() * items.length)] as (typeof items)[number],
    poisson: (mean) => {
      if (mean <= 0) return 0;
      const limit = Math.exp(-mean);
      let k = 0;
      let p = 1;
      do {
        k += 1;
        p *= next();
      } while (p > limit);
      return k - 1;
    },
  };
}
