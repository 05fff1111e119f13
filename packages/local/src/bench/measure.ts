/** Latency, floor, capacity and payload figures of one endpoint. */
import { gunzipSync } from "node:zlib";
import type { CapacityMeter } from "./capacity.js";
import { apiEvent, call, lambdaContext, prepareCall, type BenchEndpoint } from "./endpoints.js";
import { CHAINED_FLOORS, FLOORS, type FloorContext } from "./floors.js";
import { median, shuffledOrders, summarize, timedPrepared, timedRounds, warmUp, type Summary } from "./stats.js";

/** The endpoints measured at every size; the others only up to the main size. */
export const LARGE_ROUTES = new Set(["GET /full/inventory", "GET /full/overview", "GET /full/replenishment", "GET /full/restock-plan", "GET /full/aged-stock"]);

/** The planning reports: their targets are on the gzip-encoded answer (the aged-stock report's plain answer passes 6 MB at 10,000 records). */
export const PLANNING_ROUTES = new Set(["GET /full/restock-plan", "GET /full/aged-stock"]);

/** The dashboard reads the read model serves: measured next to the live path they replaced. */
export const READ_MODEL_ROUTES = new Set(["GET /full/overview", "GET /full/inventory", "GET /full/replenishment", "GET /full/inventory/{ad_id}"]);

export interface Rounds {
  iterations: number;
  /** Rounds before any is timed, at least. */
  warmup: number;
  /**
   * Or, where given, rounds of the handler and its floor alone until this many, or until the time
   * is up. A warm container has served its endpoint many times: V8 optimises a handler only after
   * hundreds of calls, and the engine's JVM its query paths. At 1,000 records the detail measured
   * 1.17 × its floor after 500 interleaved rounds and 1.08 × after 3,500.
   */
  warmTo?: { rounds: number; ms: number };
  /** Timed rounds at most (cheap calls run up to it within the time budget); 100 unless given. */
  maxRounds?: number;
  /** The time budget of the timed rounds beyond `iterations`; a second unless given. */
  budgetMs?: number;
}

const SMALL_ENDPOINT_BUDGET_MS = 1_000;
const MAX_ROUNDS = 100;

export interface LatencyResult {
  /** Untimed rounds before the timed ones. */
  warmupRounds?: number;
  handler: Summary;
  floor?: Summary;
  /** The floor read in the order the key design imposes (see CHAINED_FLOORS). */
  chained?: Summary;
  /** The same request through the live path (computed from the collections). */
  live?: Summary;
}

/** Handler and floor calls interleaved, so all see the same engine state. */
export async function measureLatency(endpoint: BenchEndpoint, ctx: FloorContext, rounds: Rounds): Promise<LatencyResult> {
  // Each run is prepared untimed (a handler's event built) and returns the work to time.
  const runs: [keyof LatencyResult, () => () => Promise<unknown>][] = [["handler", () => prepareCall(endpoint.handler, endpoint.request)]];
  const floor = FLOORS[endpoint.floorKey ?? endpoint.key];
  const chained = CHAINED_FLOORS[endpoint.key];
  if (floor) runs.push(["floor", () => () => floor(ctx)]);
  if (chained) runs.push(["chained", () => () => chained(ctx)]);
  const nextOrder = shuffledOrders(runs.length);
  for (let i = 0; i < rounds.warmup; i++) for (const k of nextOrder()) await runs[k]![1]()();
  let warmupRounds = rounds.warmup;
  if (rounds.warmTo) {
    // The handler and its floor warm together (not the chained floor, only shown beside them).
    const warming = runs.filter(([name]) => name === "handler" || name === "floor").map(([, run]) => () => run()());
    warmupRounds += await warmUp(warming, rounds.warmTo);
  }
  // Cheap endpoints get more rounds (up to a time budget): their millisecond figures need them to settle.
  const samples = await timedRounds(
    runs.map(([, run]) => run),
    { atLeast: rounds.iterations, rounds: rounds.maxRounds ?? MAX_ROUNDS, ms: rounds.budgetMs ?? SMALL_ENDPOINT_BUDGET_MS },
  );
  return { warmupRounds, ...Object.fromEntries(runs.map(([name], k) => [name, summarize(samples[k]!)])) } as unknown as LatencyResult;
}

/**
 * The floor of an endpoint read through the SDK's client (the floors' own) and through the
 * service's (storage/client.ts, the one the handlers use), interleaved after a short warm-up:
 * p50 through the service's client / p50 through the SDK's. Undefined for an endpoint without a floor.
 */
export async function measureFloorClients(endpoint: BenchEndpoint, ctx: FloorContext, serviceDoc: FloorContext["doc"], rounds: number): Promise<number | undefined> {
  const floor = FLOORS[endpoint.floorKey ?? endpoint.key];
  if (!floor) return undefined;
  const runs = [() => floor(ctx), () => floor({ ...ctx, doc: serviceDoc })];
  await warmUp(runs, { rounds: 200, ms: 500 });
  const samples = await timedRounds(
    runs.map((run) => () => run),
    { rounds, ms: SMALL_ENDPOINT_BUDGET_MS },
  );
  return median(samples[1]!) / median(samples[0]!);
}

/**
 * The live path's answer to an endpoint's request, `iterations` calls one after another (apart
 * from the handler's and the floor's). A call over the request budget, which a big live read may
 * pass on a busy machine, is left out and counted; undefined when every call failed.
 */
export async function measureLive(endpoint: BenchEndpoint, iterations: number): Promise<Summary | undefined> {
  const samples: number[] = [];
  let failures = 0;
  for (let i = 0; i < iterations; i++) {
    try {
      samples.push(await timedPrepared(() => prepareCall(endpoint.live!, endpoint.request)));
    } catch {
      failures += 1;
    }
  }
  if (failures > 0) console.log(`# ${endpoint.key}${endpoint.request.query?.alerts ? "?alerts=1" : ""}: ${failures} live-path calls failed (over the request budget), left out`);
  return samples.length > 0 ? summarize(samples) : undefined;
}

/** An endpoint asking for gzip, as browsers do; above ~11,000 records the only way to get the list or the aged-stock report. */
export const gzipVariant = (endpoint: BenchEndpoint): BenchEndpoint => ({
  ...endpoint,
  name: `${endpoint.name}_gzip`,
  request: { ...endpoint.request, headers: { "accept-encoding": "gzip" } },
});

/** GET /full/inventory?alerts=1: only the alerting records, read from their own pages. */
export const alertsVariant = (endpoint: BenchEndpoint): BenchEndpoint => ({
  ...endpoint,
  name: `${endpoint.name}_alerts`,
  floorKey: "GET /full/inventory?alerts=1",
  request: { ...endpoint.request, query: { alerts: "1" } },
});

/** GET /full/inventory?sort_by=aged&alerts=1: the side-by-side comparison's variant. */
export const agedAlertsVariant = (endpoint: BenchEndpoint): BenchEndpoint => ({
  ...endpoint,
  name: `${endpoint.name}_aged_alerts`,
  floorKey: "GET /full/inventory?alerts=1",
  request: { ...endpoint.request, query: { sort_by: "aged", alerts: "1" } },
});

/**
 * What a stage measures: every GET endpoint, or (large) the overview and the planning reports;
 * the list also gzip-encoded and with alerts=1, the planning reports gzip-encoded (the restock
 * plan also plain).
 */
export function latencyTargets(endpoints: BenchEndpoint[], scope: "all" | "large"): BenchEndpoint[] {
  const targets: BenchEndpoint[] = [];
  for (const endpoint of endpoints) {
    if (scope === "large" && endpoint.key !== "GET /full/overview" && !PLANNING_ROUTES.has(endpoint.key)) continue;
    // Plain, the aged-stock report passes 6 MB at 10,000 records, the restock plan at 100,000.
    if (endpoint.key !== "GET /full/aged-stock" && !(scope === "large" && PLANNING_ROUTES.has(endpoint.key))) targets.push(endpoint);
    if (endpoint.key === "GET /full/inventory") targets.push(gzipVariant(endpoint), alertsVariant(endpoint));
    if (PLANNING_ROUTES.has(endpoint.key)) targets.push(gzipVariant(endpoint));
  }
  return targets;
}

export interface CapacityResult {
  calls: number;
  capacityUnits: number;
  kinds: string[];
}

export async function measureCapacity(endpoint: BenchEndpoint, meter: CapacityMeter): Promise<CapacityResult> {
  // A first call fills what a warm container keeps (the business time zone); the second is metered.
  await call(endpoint.handler, endpoint.request);
  meter.reset();
  await call(endpoint.handler, endpoint.request);
  return { calls: meter.calls, capacityUnits: meter.capacityUnits, kinds: [...meter.kinds].sort() };
}

export interface PayloadFigures {
  plainBytes: number;
  plainStatus: number;
  gzipBytes: number;
}

/** An endpoint's body size, plain and gzip-encoded, through the handler. */
export async function measurePayload(endpoint: BenchEndpoint): Promise<PayloadFigures> {
  const plain = await endpoint.handler(apiEvent(endpoint.request), lambdaContext());
  const gzip = await endpoint.handler(apiEvent({ ...endpoint.request, headers: { "accept-encoding": "gzip" } }), lambdaContext());
  const gzipBody = Buffer.from(gzip.body ?? "", gzip.isBase64Encoded ? "base64" : "utf8");
  const json = gzip.isBase64Encoded ? gunzipSync(gzipBody) : gzipBody;
  return {
    // A plain answer over the Lambda limit is refused (406): the size is that of the JSON it would have sent.
    plainBytes: plain.statusCode === 200 ? Buffer.byteLength(plain.body ?? "") : json.length,
    plainStatus: plain.statusCode ?? 0,
    gzipBytes: gzipBody.length,
  };
}
