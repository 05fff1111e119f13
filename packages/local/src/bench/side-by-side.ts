/**
 * The endpoints both this service and the Flask + PostgreSQL service it replaces serve, measured
 * as the replacement's comparison was: same generated data, calls interleaved (one of each
 * endpoint per round, in a new order each round), p50 of 30 rounds after 3 warm-ups, each
 * endpoint's floor (one engine round trip or the reads it needs at once) in the same rounds.
 *
 * The old service's source is not reachable from this machine, so it cannot run beside this one:
 * its p50s are the figures of the issue that set the targets ("Faster than the service it
 * replaces", measured on the same machine on 2026-11-26), at 1,000 and 10,000 records.
 */
import { Time } from "@fulfillment/core";
import { prepareCall, type BenchEndpoint } from "./endpoints.js";
import { FLOORS, type FloorContext } from "./floors.js";
import { agedAlertsVariant } from "./measure.js";
import { shuffledOrders, summarize, timedPrepared, type Summary } from "./stats.js";

export const SIDE_BY_SIDE_ROUNDS = { warmup: 3, iterations: 30 };

/** The old service's p50 (ms) by comparison row, at 1,000 and 10,000 records (the table). */
export const OLD_SERVICE_P50: Record<string, Record<number, number>> = {
  "GET /full/overview": { 1_000: 25.9, 10_000: 374 },
  "GET /full/inventory": { 1_000: 48, 10_000: 657 },
  "GET /full/inventory?sort_by=aged&alerts=1": { 1_000: 37, 10_000: 575 },
  "GET /full/inventory/{ad_id}": { 1_000: 4.7, 10_000: 5.0 },
  "GET /full/tariffs": { 1_000: 2.0, 10_000: 2.7 },
  "GET /settings": { 1_000: 1.9, 10_000: 2.8 },
  "GET /settings/{group}": { 1_000: 2.2, 10_000: 2.3 },
  "GET /history/core_ai (a year)": { 1_000: 6.5, 10_000: 6.3 },
};

/**
 * Endpoints bound by one engine round trip: where the old service's p50 is below what the engine
 * itself takes, the target is the floor (≤ 1.1 × one round trip) instead.
 */
export const ONE_ROUND_TRIP = new Set([
  "GET /full/overview",
  "GET /full/inventory/{ad_id}",
  "GET /full/tariffs",
  "GET /settings",
  "GET /settings/{group}",
  "GET /history/core_ai (a year)",
]);
export const FLOOR_LIMIT = 1.1;

export interface SideBySideRow {
  label: string;
  ours: Summary;
  floor?: Summary;
  old: number;
}

/** A year of forecasting history: the comparison's variant of GET /history/core_ai, with its own floor. */
function historyYear(endpoint: BenchEndpoint, today: string): BenchEndpoint {
  return { ...endpoint, name: `${endpoint.name}_year`, request: { ...endpoint.request, query: { start_date: Time.addDays(today, -365), end_date: today } } };
}

/** The comparison's rows: label, our endpoint, its floor. */
function comparedEndpoints(endpoints: BenchEndpoint[], today: string): { label: string; endpoint: BenchEndpoint; floor?: (ctx: FloorContext) => Promise<number> }[] {
  const byKey = new Map(endpoints.map((e) => [e.key, e]));
  const rows: { label: string; endpoint: BenchEndpoint; floor?: (ctx: FloorContext) => Promise<number> }[] = [];
  for (const label of Object.keys(OLD_SERVICE_P50)) {
    if (label === "GET /full/inventory?sort_by=aged&alerts=1") {
      rows.push({ label, endpoint: agedAlertsVariant(byKey.get("GET /full/inventory")!), floor: FLOORS["GET /full/inventory?alerts=1"] });
    } else if (label === "GET /history/core_ai (a year)") {
      rows.push({ label, endpoint: historyYear(byKey.get("GET /history/core_ai")!, today), floor: FLOORS["GET /history/core_ai?year"] });
    } else rows.push({ label, endpoint: byKey.get(label)!, floor: FLOORS[label] });
  }
  return rows;
}

/** Every compared endpoint and its floor, one call of each per round, in a new order each round. */
export async function measureSideBySide(endpoints: BenchEndpoint[], ctx: FloorContext, size: number): Promise<SideBySideRow[]> {
  const rows = comparedEndpoints(endpoints, ctx.today);
  // Each run is prepared untimed (the handler's event built, as API Gateway does) and returns the work to time.
  const runs: { row: number; kind: "ours" | "floor"; run: () => () => Promise<unknown> }[] = [];
  rows.forEach(({ endpoint, floor }, row) => {
    runs.push({ row, kind: "ours", run: () => prepareCall(endpoint.handler, endpoint.request) });
    if (floor) runs.push({ row, kind: "floor", run: () => () => floor(ctx) });
  });
  for (let i = 0; i < SIDE_BY_SIDE_ROUNDS.warmup; i++) for (const { run } of runs) await run()();
  const samples = runs.map(() => [] as number[]);
  const nextOrder = shuffledOrders(runs.length);
  for (let i = 0; i < SIDE_BY_SIDE_ROUNDS.iterations; i++) {
    for (const k of nextOrder()) samples[k]!.push(await timedPrepared(runs[k]!.run));
  }
  return rows.map(({ label }, row) => {
    const ours = runs.findIndex((r) => r.row === row && r.kind === "ours");
    const floor = runs.findIndex((r) => r.row === row && r.kind === "floor");
    return { label, ours: summarize(samples[ours]!), ...(floor >= 0 ? { floor: summarize(samples[floor]!) } : {}), old: OLD_SERVICE_P50[label]![size]! };
  });
}

export interface SideBySideVerdict {
  met: boolean;
  /** "faster" (≤ 1.0 × the old service) or "floor" (bound by one round trip and ≤ 1.1 × it). */
  how: "faster" | "floor" | "missed";
}

export function sideBySideVerdict(row: SideBySideRow): SideBySideVerdict {
  if (row.ours.p50 <= row.old) return { met: true, how: "faster" };
  if (ONE_ROUND_TRIP.has(row.label) && row.floor && row.ours.p50 <= FLOOR_LIMIT * row.floor.p50) return { met: true, how: "floor" };
  return { met: false, how: "missed" };
}
