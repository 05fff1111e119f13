/**
 * A stage's latency figures: each endpoint's handler against its floor (and, for the endpoints
 * bound by one round trip, the floor through the service's client), then the live paths apart.
 */
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { BenchEndpoint } from "./endpoints.js";
import type { FloorContext } from "./floors.js";
import { latencyTargets, measureFloorClients, measureLatency, measureLive, PLANNING_ROUTES, READ_MODEL_ROUTES, type LatencyResult, type Rounds } from "./measure.js";
import { progress, type Report } from "./report.js";
import { ONE_ROUND_TRIP } from "./side-by-side.js";
import { LIVE_APART_ROUNDS, PLAN, ROUND_TRIP_BUDGET_MS, ROUND_TRIP_ROUNDS } from "./stages.js";

type PlannedStage = (typeof PLAN.stages)[number];

/** Measures the stage's endpoints into `latency` (by `name@size`) and the report. */
export async function measureStageLatency(
  report: Report,
  endpoints: BenchEndpoint[],
  stage: PlannedStage & { latency: "all" | "large" },
  ctx: FloorContext,
  serviceDoc: DynamoDBDocumentClient,
  latency: Map<string, LatencyResult>,
): Promise<void> {
  const n = `n${stage.size}`;
  const liveAfter: { endpoint: BenchEndpoint; result: LatencyResult; rounds: number | undefined }[] = [];
  for (const endpoint of latencyTargets(endpoints, stage.latency)) {
    progress(`latency ${endpoint.name} at ${stage.size}`);
    // The endpoints bound by one round trip are held to 1.1 × it: they warm as a container in use would, and get more rounds.
    const oneRoundTrip = ONE_ROUND_TRIP.has(endpoint.key) && !endpoint.request.query && !endpoint.request.headers;
    const rounds: Rounds = {
      iterations: stage.iterations ?? 5,
      warmup: stage.warmup ?? 1,
      ...(oneRoundTrip ? { maxRounds: ROUND_TRIP_ROUNDS, budgetMs: ROUND_TRIP_BUDGET_MS, ...("roundTripWarmup" in stage ? { warmTo: stage.roundTripWarmup } : {}) } : {}),
    };
    const withLive = "live" in stage && stage.live && READ_MODEL_ROUTES.has(endpoint.key);
    const planningLive = "planningLiveRounds" in stage && PLANNING_ROUTES.has(endpoint.key) && endpoint.request.headers !== undefined;
    // The live path is measured apart: each of its calls allocates the whole collection, and the
    // garbage collection it leaves falls on whichever call allocates next, mostly the handler.
    const result = await measureLatency(endpoint, ctx, rounds).catch((error: Error) => {
      // A failed endpoint (a timeout on a loaded machine) is reported, and the other figures still measured.
      console.log(`# ${endpoint.key} at ${stage.size} failed: ${error.message}`);
      return undefined;
    });
    if (!result) continue;
    latency.set(`${endpoint.name}@${stage.size}`, result);
    report.figure(`latency.${endpoint.name}.${n}.p50`, result.handler.p50, "ms");
    if (oneRoundTrip) report.figure(`latency.${endpoint.name}.${n}.warmup_rounds`, result.warmupRounds ?? 0, "rounds");
    report.figure(`latency.${endpoint.name}.${n}.p95`, result.handler.p95, "ms");
    if (result.floor) {
      report.figure(`floor.${endpoint.name}.${n}.p50`, result.floor.p50, "ms");
      report.figure(`floor_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.floor.p50, "x");
    }
    if (oneRoundTrip && result.floor) {
      const serviceRatio = await measureFloorClients(endpoint, ctx, serviceDoc, ROUND_TRIP_ROUNDS).catch((error: Error) => {
        console.log(`# ${endpoint.key} at ${stage.size}: floor through the service's client failed: ${error.message}`);
        return undefined;
      });
      if (serviceRatio !== undefined) {
        report.figure(`floor_service_ratio.${endpoint.name}.${n}`, serviceRatio, "x");
        report.figure(`floor_ratio_service_client.${endpoint.name}.${n}`, result.handler.p50 / (result.floor.p50 * serviceRatio), "x");
      }
    }
    if (result.chained) {
      report.figure(`floor_chained.${endpoint.name}.${n}.p50`, result.chained.p50, "ms");
      report.figure(`floor_chained_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.chained.p50, "x");
    }
    if (((("liveRounds" in stage || withLive) && !PLANNING_ROUTES.has(endpoint.key)) || planningLive) && endpoint.live) {
      liveAfter.push({ endpoint, result, rounds: planningLive && "planningLiveRounds" in stage ? stage.planningLiveRounds : "liveRounds" in stage ? stage.liveRounds : LIVE_APART_ROUNDS });
    }
  }
  // The live paths last: a live call over its budget leaves its queries running in the engine,
  // which would slow (or time out) the next endpoint's figures.
  for (const { endpoint, result, rounds } of liveAfter) {
    progress(`latency ${endpoint.name} through the live path at ${stage.size}`);
    const live = await measureLive(endpoint, rounds ?? 3);
    // At this size the live path may not answer within the request budget at all: that is the figure.
    if (!live) {
      console.log(`# live path of ${endpoint.key} at ${stage.size} failed: every call passed the request budget`);
      continue;
    }
    result.live = live;
    report.figure(`live.${endpoint.name}.${n}.p50`, result.live.p50, "ms");
    report.figure(`live_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.live.p50, "x");
  }
}
