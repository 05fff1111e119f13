/** Small statistics over timing samples. */
import { seededRandom } from "../random.js";

/** The p-th percentile (0..100) by linear interpolation between closest ranks; NaN for no samples. */
export function percentile(samples: readonly number[], p: number): number {
  if (samples.length === 0) return Number.NaN;
  const sorted = [...samples].sort((a, b) => a - b);
  const rank = (Math.min(100, Math.max(0, p)) / 100) * (sorted.length - 1);
  const low = Math.floor(rank);
  const high = Math.ceil(rank);
  return sorted[low]! + (sorted[high]! - sorted[low]!) * (rank - low);
}

export const median = (samples: readonly number[]): number => percentile(samples, 50);

export interface Summary {
  n: number;
  p50: number;
  p95: number;
  min: number;
}

export function summarize(samples: readonly number[]): Summary {
  return { n: samples.length, p50: percentile(samples, 50), p95: percentile(samples, 95), min: Math.min(...samples) };
}

/** Milliseconds one call of `work` takes. */
export async function timed(work: () => Promise<unknown> | unknown): Promise<number> {
  const start = performance.now();
  await work();
  return performance.now() - start;
}

/**
 * The orders of `n` calls for successive rounds: a fresh shuffle each round (seeded, so runs
 * repeat), so every call follows every other equally often. A rotation does not: each call then
 * always follows the same one, and a call after an allocation-heavy one (the live path) pays its
 * garbage collection.
 */
export function shuffledOrders(n: number, seed = 0x9e3779b9): () => number[] {
  const random = seededRandom(seed);
  return () => {
    const order = Array.from({ length: n }, (_, i) => i);
    for (let i = n - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [order[i], order[j]] = [order[j]!, order[i]!];
    }
    return order;
  };
}

/** Milliseconds the work `prepare` returns takes; preparing it (building a request) is not timed. */
export async function timedPrepared(prepare: () => () => Promise<unknown> | unknown): Promise<number> {
  return timed(prepare());
}

/**
 * Rounds of every run, each round in a new order, until `until.rounds` rounds or `until.ms`
 * milliseconds (whichever comes first); the number of rounds run.
 */
export async function warmUp(
  runs: readonly (() => Promise<unknown> | unknown)[],
  until: { rounds: number; ms: number },
  now: () => number = () => performance.now(),
): Promise<number> {
  const nextOrder = shuffledOrders(runs.length);
  const started = now();
  let rounds = 0;
  while (rounds < until.rounds && now() - started < until.ms) {
    for (const k of nextOrder()) await runs[k]!();
    rounds += 1;
  }
  return rounds;
}

/**
 * Timed rounds of every run, each round in a new order (which cancels any order effect: a GC owed
 * by another, a warm cache), at least `until.atLeast` rounds, then until `until.rounds` rounds or
 * `until.ms` milliseconds: each run's samples. A run is prepared untimed and returns the work to time.
 */
export async function timedRounds(
  runs: readonly (() => () => Promise<unknown> | unknown)[],
  until: { atLeast?: number; rounds: number; ms: number },
  now: () => number = () => performance.now(),
): Promise<number[][]> {
  const nextOrder = shuffledOrders(runs.length);
  const samples = runs.map((): number[] => []);
  const started = now();
  for (let i = 0; i < (until.atLeast ?? 0) || (i < until.rounds && now() - started < until.ms); i++) {
    for (const k of nextOrder()) samples[k]!.push(await timedPrepared(runs[k]!));
  }
  return samples;
}
