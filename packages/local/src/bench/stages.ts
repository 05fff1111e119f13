/**
 * What a bench run measures, size by size: the full run's stages, or BENCH_QUICK=1's, the same
 * steps on smaller sizes with fewer iterations.
 */

export interface Stage {
  size: number;
  /** Which endpoints get latency and floor figures at this size. */
  latency?: "all" | "large";
  /** The side-by-side comparison with the old service at this size. */
  sideBySide?: boolean;
  /** The planning reports through the live path, these many rounds apart (their calls take seconds). */
  planningLiveRounds?: number;
  /** Body sizes of the list and the planning reports. */
  payload?: boolean;
  /** The sync and the imports, measured after this stage's load. */
  writes?: boolean;
  iterations?: number;
  warmup?: number;
  /** How far the endpoints bound by one round trip warm before their figures (see Rounds.warmTo). */
  roundTripWarmup?: { rounds: number; ms: number };
  capacity?: "all" | "detail";
  /** The dashboard reads also through the live path, interleaved: the read model's baseline. */
  live?: boolean;
  /** The live path's rounds when measured apart (its calls take seconds at this size). */
  liveRounds?: number;
  /** Time a rebuild of the views after every inventory record changed (as after a sync). */
  rebuild?: boolean;
  /** Load only ads and inventory above the previous size (what the overview reads). */
  stockOnly?: boolean;
  /** The restore drill: the table restored from a file into a fresh on-disk engine and backed up again (restore-drill.ts). */
  restore?: boolean;
  /** The side-by-side endpoints over HTTP through npm start, on both engines (http-stage.ts). */
  http?: boolean;
}

export const QUICK = process.env.BENCH_QUICK === "1";

// The full run fits in about 5 minutes on an idle 2-core machine: the sync of 20,000 ads has its
// own command (npm run bench:sync), and the plain list's refusal is checked at 100,000 records.
export const PLAN = QUICK
  ? {
      stages: [
        { size: 200, latency: "all", iterations: 5, warmup: 2, capacity: "detail", sideBySide: false },
        { size: 1_000, latency: "all", iterations: 5, warmup: 2, capacity: "all", payload: true, live: true, rebuild: true, planningLiveRounds: 1, writes: true, http: true },
        { size: 10_000, latency: "large", iterations: 5, warmup: 1, liveRounds: 2, stockOnly: true, payload: true, restore: true },
      ] satisfies Stage[],
      coreRecords: 10_000,
      coreRuns: 3,
      spawns: 2,
      consoleRuns: 3,
      syncAds: [200],
      importRows: 1_000,
    }
  : {
      stages: [
        { size: 1_000, latency: "all", iterations: 20, warmup: 3, roundTripWarmup: { rounds: 2_500, ms: 8_000 }, capacity: "detail", sideBySide: true, http: true },
        { size: 10_000, latency: "all", iterations: 20, warmup: 2, roundTripWarmup: { rounds: 2_500, ms: 6_000 }, capacity: "all", payload: true, live: true, rebuild: true, sideBySide: true, planningLiveRounds: 1, writes: true, http: true },
        { size: 100_000, latency: "large", iterations: 20, warmup: 2, roundTripWarmup: { rounds: 500, ms: 1_500 }, liveRounds: 1, stockOnly: true, payload: true, restore: true, http: true },
      ] satisfies Stage[],
      coreRecords: 100_000,
      coreRuns: 3,
      spawns: 3,
      consoleRuns: 5,
      syncAds: [2_000],
      importRows: 5_000,
    };

/** The size whose figures the targets are checked on. */
export const MAIN_SIZE = PLAN.stages.find((s) => s.capacity === "all")!.size;
export const SMALL_SIZE = PLAN.stages[0]!.size;
export const LARGE_SIZE = PLAN.stages.at(-1)!.size;
export const SYNC_LATENCY_MS = 50;
/**
 * Timed rounds of an endpoint bound by one round trip, within two seconds: its p50 is a few
 * percent above its floor's, and blocks of 400 rounds of the same process moved that ratio by ±0.02.
 */
export const ROUND_TRIP_ROUNDS = 600;
export const ROUND_TRIP_BUDGET_MS = 2_000;
/** Calls of a dashboard read's live path, measured after the handler and its floor (its figure is 3–300 × theirs). */
export const LIVE_APART_ROUNDS = 5;
