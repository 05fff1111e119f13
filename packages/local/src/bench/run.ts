/**
 * npm run bench (CONTRACTS section 6): generates its data into a fresh in-memory DynamoDB Local,
 * measures every figure after a warm-up and prints one `name value unit` line per figure, then
 * tables. BENCH_QUICK=1 runs the same steps on smaller sizes with fewer iterations.
 */
import "./quiet-logs.js";
import { readFileSync } from "node:fs";
import { cpus, loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { DAILY_SYNC_HANDLER, IMPORT_FILE_HANDLER, ROUTES } from "@fulfillment/functions/routes";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { loadDataset } from "../loader/load.js";
import { putInventory } from "@fulfillment/functions/storage/inventory";
import { refreshReadModel } from "@fulfillment/functions/services/read-model";
import { withLivePaths } from "./live-path.js";
import { meterCapacity } from "./capacity.js";
import { timeCalculators } from "./core.js";
import { measureColdStarts, nodeBaselineMs } from "./cold-start.js";
import { adId, fixedRecords, inventoryId, isLeftover, sizedRecords, VIEWED_INDEX } from "./dataset.js";
import { call, getEndpoints, handlerFile, REPO_ROOT, type BenchEndpoint } from "./endpoints.js";
import { sdkDocumentClient, type FloorContext } from "./floors.js";
import {
  gzipVariant,
  latencyTargets,
  measureCapacity,
  measureFloorClients,
  measureLatency,
  measureLive,
  measurePayload,
  PLANNING_ROUTES,
  READ_MODEL_ROUTES,
  type CapacityResult,
  type LatencyResult,
  type PayloadFigures,
  type Rounds,
} from "./measure.js";
import { Report } from "./report.js";
import { allTargets, summaryTables } from "./summary.js";
import { measureSideBySide, ONE_ROUND_TRIP, type SideBySideRow } from "./side-by-side.js";
import { measureSync, reportSync, syncSizes, type SyncFigures } from "./sync.js";
import { measureImports } from "./imports.js";
import { measureConsole, reportConsole } from "./console.js";

interface Stage {
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
}

const QUICK = process.env.BENCH_QUICK === "1";

// The full run fits in about 5 minutes on an idle 2-core machine: the sync of 20,000 ads has its
// own command (npm run bench:sync), and the plain list's refusal is checked at 100,000 records.
const PLAN = QUICK
  ? {
      stages: [
        { size: 200, latency: "all", iterations: 5, warmup: 2, capacity: "detail", sideBySide: false },
        { size: 1_000, latency: "all", iterations: 5, warmup: 2, capacity: "all", payload: true, live: true, rebuild: true, planningLiveRounds: 1, writes: true },
        { size: 10_000, latency: "large", iterations: 5, warmup: 1, liveRounds: 2, stockOnly: true, payload: true },
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
        { size: 1_000, latency: "all", iterations: 20, warmup: 3, roundTripWarmup: { rounds: 2_500, ms: 8_000 }, capacity: "detail", sideBySide: true },
        { size: 10_000, latency: "all", iterations: 20, warmup: 2, roundTripWarmup: { rounds: 2_500, ms: 6_000 }, capacity: "all", payload: true, live: true, rebuild: true, sideBySide: true, planningLiveRounds: 1, writes: true },
        { size: 100_000, latency: "large", iterations: 20, warmup: 2, roundTripWarmup: { rounds: 500, ms: 1_500 }, liveRounds: 1, stockOnly: true, payload: true },
      ] satisfies Stage[],
      coreRecords: 100_000,
      coreRuns: 3,
      spawns: 3,
      consoleRuns: 5,
      syncAds: [2_000],
      importRows: 5_000,
    };

/** The size whose figures the targets are checked on. */
const MAIN_SIZE = PLAN.stages.find((s) => s.capacity === "all")!.size;
const SMALL_SIZE = PLAN.stages[0]!.size;
const LARGE_SIZE = PLAN.stages.at(-1)!.size;
const SYNC_LATENCY_MS = 50;
/**
 * Timed rounds of an endpoint bound by one round trip, within two seconds: its p50 is a few
 * percent above its floor's, and blocks of 400 rounds of the same process moved that ratio by ±0.02.
 */
const ROUND_TRIP_ROUNDS = 600;
const ROUND_TRIP_BUDGET_MS = 2_000;
/** Calls of a dashboard read's live path, measured after the handler and its floor (its figure is 3–300 × theirs). */
const LIVE_APART_ROUNDS = 5;

const progress = (message: string): void => void process.stderr.write(`… ${message}\n`);

function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown";
  return `# machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, ${QUICK ? "BENCH_QUICK=1 (reduced sizes)" : "full run"}`;
}

/** Other work on the machine slows every figure; the load average says how busy it was. */
const loadLine = (when: string): string => `# load average ${when}: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;

/** Peak resident memory of a process, from Linux's /proc (undefined elsewhere). */
function engineResidentMb(pid: number): { peakMb: number } | undefined {
  try {
    const status = readFileSync(`/proc/${pid}/status`, "utf8");
    const peak = /^VmHWM:\s+(\d+) kB/m.exec(status)?.[1];
    return peak ? { peakMb: Number(peak) / 1024 } : undefined;
  } catch {
    return undefined;
  }
}

/**
 * The write paths' figures: a sync into its own table, then the imports into the bench's table
 * (which holds as many ads as the imports have rows). Measured before the largest size loads, so
 * the engine is not also holding 100,000 records; a failure is reported and the run goes on.
 */
async function measureWrites(report: Report, endpoint: string, today: string, restore: TableRef): Promise<SyncFigures[]> {
  const sync: SyncFigures[] = [];
  for (const ads of syncSizes(PLAN.syncAds)) {
    progress(`sync of ${ads} Full ads at ${SYNC_LATENCY_MS} ms per marketplace call`);
    const figures = await measureSync(endpoint, today, ads, SYNC_LATENCY_MS, restore).catch((error: Error) => {
      console.log(`# sync figures at ${ads} ads failed: ${error.message}`);
      return undefined;
    });
    if (!figures) continue;
    reportSync(report, figures);
    sync.push(figures);
  }

  progress(`imports of ${PLAN.importRows} CSV rows through the PUT handlers`);
  const imports = await measureImports(PLAN.importRows).catch((error: Error) => {
    console.log(`# import figures failed: ${error.message}`);
    return undefined;
  });
  if (!imports) return sync;
  const rowsName = `n${imports.rows}`;
  report.figure(`import.body.${rowsName}`, imports.bodyBytes / 1024, "KB");
  report.figure(`import.local_stock.${rowsName}.first.wall`, imports.localStockFirstMs / 1000, "s");
  report.figure(`import.local_stock.${rowsName}.replace_one.wall`, imports.localStockReplaceMs / 1000, "s");
  report.figure(`import.costs.${rowsName}.wall`, imports.costsMs / 1000, "s");
  report.figure(`import.${rowsName}.rss_peak`, imports.rssPeakMb, "MB");
  return sync;
}

/**
 * The loader rebuilds the views; a rebuild that failed (the engine overwhelmed by other work)
 * would send every dashboard read down the live path and measure that instead: rebuild again.
 */
async function ensureViewsCurrent(ref: TableRef, size: number): Promise<void> {
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { stale } = await refreshReadModel(ref);
    if (stale.length === 0) return;
    console.log(`# views still stale after loading ${size} records (rebuild ${attempt}): ${stale.join(", ")}`);
  }
}

async function main(): Promise<void> {
  const started = performance.now();
  const report = new Report();
  console.log(machineLine());
  console.log(loadLine("at start"));

  progress("starting DynamoDB Local (in memory)");
  const engine: RunningEngine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb: localConfig().dynamoHeapMb });
  try {
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    // The engine keeps one database per access key: every client of this run presents the same one.
    process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
    const tableName = `bench-${randomUUID()}`;
    process.env.TABLE_NAME = tableName;
    const ref: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
    // Loads and rebuilds are set-up, as with npm run load: a patient budget, so a busy machine
    // cannot leave the views stale (the measured handlers keep the request budget).
    const setup: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, budget: ADMIN_TIME_BUDGET }), table: tableName };
    const metered: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
    const meter = meterCapacity(metered.doc);
    // Floors read through the SDK's document client as it comes; the handlers through the service's (ref).
    const floorDoc = sdkDocumentClient(engine.endpoint, process.env.DYNAMODB_ACCESS_KEY);
    await ensureTable(ref.doc, tableName);
    useTable(ref);

    const today = await businessToday(ref);
    await loadDataset(setup, fixedRecords(today));
    const endpoints = withLivePaths(await getEndpoints({ ad_id: adId(VIEWED_INDEX), group: "geral" }));

    const latency = new Map<string, LatencyResult>(); // `${name}@${size}`
    const capacity = new Map<string, CapacityResult>();
    const payloads: (PayloadFigures & { size: number })[] = [];
    const planningPayloads = new Map<string, PayloadFigures>();
    const sideBySide = new Map<number, SideBySideRow[]>();
    let alertShare = Number.NaN;
    let sync: SyncFigures[] = [];
    let loaded = 0;
    for (const stage of PLAN.stages) {
      progress(`loading records ${loaded}..${stage.size}`);
      const started = performance.now();
      await loadDataset(setup, sizedRecords(loaded, stage.size, undefined, { stockOnly: "stockOnly" in stage && stage.stockOnly }));
      report.figure(`load.n${stage.size}.wall`, (performance.now() - started) / 1000, "s");
      await ensureViewsCurrent(setup, stage.size);
      loaded = stage.size;
      const n = `n${stage.size}`;
      const ctx: FloorContext = {
        doc: floorDoc,
        table: tableName,
        viewedAdId: adId(VIEWED_INDEX),
        viewedInventoryIds: [inventoryId(VIEWED_INDEX)],
        today,
      };

      if (stage.latency) {
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
            const serviceRatio = await measureFloorClients(endpoint, ctx, ref.doc, ROUND_TRIP_ROUNDS).catch((error: Error) => {
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

      if (stage.capacity) {
        useTable(metered);
        try {
          for (const endpoint of endpoints) {
            if (stage.capacity === "detail" && endpoint.key !== "GET /full/inventory/{ad_id}") continue;
            const result = await measureCapacity(endpoint, meter).catch((error: Error) => {
              console.log(`# capacity of ${endpoint.key} at ${stage.size} failed: ${error.message}`);
              return undefined;
            });
            if (!result) continue;
            capacity.set(`${endpoint.name}@${stage.size}`, result);
            report.figure(`capacity.${endpoint.name}.${n}`, result.capacityUnits, "RCU");
            report.figure(`calls.${endpoint.name}.${n}`, result.calls, "calls");
          }
        } finally {
          useTable(ref);
        }
      }

      if ("rebuild" in stage && stage.rebuild) {
        progress(`rebuild of the views at ${stage.size} after every inventory record changed`);
        await putInventory(setup, sizedRecords(0, stage.size, "2025-06-02T09:00:00.000Z").inventory);
        const started = performance.now();
        const outcome = await refreshReadModel(setup);
        report.figure(`read_model.rebuild.${n}`, performance.now() - started, "ms");
        if (outcome.stale.length > 0) console.log(`# views left stale by the rebuild: ${outcome.stale.join(", ")}`);
        const alerts = JSON.parse(String((await call(endpoints.find((e) => e.key === "GET /full/inventory")!.handler, { path: "/full/inventory", query: { alerts: "1" } })).body)) as { count: number };
        alertShare = alerts.count / stage.size;
        report.figure(`read_model.alerting_share.${n}`, alertShare, "ratio");
      }

      if ("sideBySide" in stage && stage.sideBySide) {
        progress(`side by side with the old service's figures at ${stage.size}`);
        const rows = await measureSideBySide(endpoints, ctx, stage.size).catch((error: Error) => {
          console.log(`# side-by-side figures at ${stage.size} failed: ${error.message}`);
          return undefined;
        });
        if (rows) {
          sideBySide.set(stage.size, rows);
          for (const row of rows) report.figure(`side_by_side.${row.label.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}.${n}.p50`, row.ours.p50, "ms");
        }
      }

      if ("payload" in stage && stage.payload) {
        const list = endpoints.find((e) => e.key === "GET /full/inventory")!;
        const result = await measurePayload(list);
        payloads.push({ size: stage.size, ...result });
        report.figure(`payload.full_inventory.${n}.plain`, result.plainBytes, "bytes");
        report.figure(`payload.full_inventory.${n}.plain_status`, result.plainStatus, "http");
        report.figure(`payload.full_inventory.${n}.gzip`, result.gzipBytes, "bytes");
        for (const endpoint of endpoints.filter((e) => PLANNING_ROUTES.has(e.key))) {
          const figures = await measurePayload(endpoint).catch((error: Error) => {
            console.log(`# body of ${endpoint.key} at ${stage.size} failed: ${error.message}`);
            return undefined;
          });
          if (!figures) continue;
          planningPayloads.set(`${gzipVariant(endpoint).name}@${stage.size}`, figures);
          report.figure(`payload.${endpoint.name}.${n}.plain`, figures.plainBytes, "bytes");
          report.figure(`payload.${endpoint.name}.${n}.plain_status`, figures.plainStatus, "http");
          report.figure(`payload.${endpoint.name}.${n}.gzip`, figures.gzipBytes, "bytes");
        }
      }

      if ("writes" in stage && stage.writes) sync = await measureWrites(report, engine.endpoint, today, ref);
    }

    // The engine's resident memory after the largest data set, against its heap bound (DYNAMODB_HEAP_MB).
    const engineMemory = engineResidentMb(engine.pid);
    if (engineMemory) {
      report.figure(`engine.rss_peak.n${LARGE_SIZE}`, engineMemory.peakMb, "MB");
      report.figure("engine.heap_bound", localConfig().dynamoHeapMb, "MB");
    }

    progress(`core calculators at ${PLAN.coreRecords} records`);
    const core = await timeCalculators(PLAN.coreRecords, PLAN.coreRuns);
    for (const [name, ms] of Object.entries(core)) {
      report.figure(`core.${name}.n${PLAN.coreRecords}`, ms.wallMs, "ms");
      report.figure(`core.${name}.n${PLAN.coreRecords}.cpu`, ms.cpuMs, "ms");
    }

    progress("bundling handlers and timing their import in fresh processes");
    const handlerEntries = [...new Set([...ROUTES.map((r) => r.handler), DAILY_SYNC_HANDLER, IMPORT_FILE_HANDLER])].map((handler) => {
      const file = handlerFile(handler);
      return { name: file.slice(`${REPO_ROOT}/packages/functions/src/handlers/`.length).replace(/\.ts$/, ""), file };
    });
    const floorEntry = { name: "floor", file: new URL("./cold-start-floor.ts", import.meta.url).pathname };
    const baseline = await nodeBaselineMs(PLAN.spawns);
    const bundles = await measureColdStarts([floorEntry, ...handlerEntries], PLAN.spawns);
    report.figure("cold.node_baseline.process", baseline, "ms");
    for (const figures of bundles) {
      const name = figures.name.replace(/\//g, ".");
      report.figure(`cold.${name}.bundle`, figures.initBytes / 1024, "KB");
      report.figure(`cold.${name}.bundle_total`, figures.totalBytes / 1024, "KB");
      report.figure(`cold.${name}.import`, figures.importMs, "ms");
      report.figure(`cold.${name}.process`, figures.processMs, "ms");
    }

    progress("console: bundle size and the overview's time to usable in Chromium");
    const consoleLine = await measureConsole(PLAN.consoleRuns).then(
      (figures) => reportConsole(report, figures),
      (error: Error) => `# console figures failed: ${error.message}`,
    );

    report.figure("bench.wall", (performance.now() - started) / 1000, "s");
    console.log(loadLine("at end"));
    console.log(consoleLine);

    const results = {
        mainSize: MAIN_SIZE,
        smallSize: SMALL_SIZE,
        largeSize: LARGE_SIZE,
        alertShare,
        sizes: PLAN.stages.filter((stage) => stage.latency).map((stage) => stage.size),
        targets: latencyTargets(endpoints, "all"),
        latency,
        capacity,
        bundles,
        baselineMs: baseline,
        coreRecords: PLAN.coreRecords,
        core,
        sync,
        syncLatencyMs: SYNC_LATENCY_MS,
        payloads,
        planningPayloads,
        sideBySide,
    };
    for (const verdict of allTargets(results)) {
      report.figure(`target.${verdict.name}`, verdict.value, verdict.unit);
      console.log(`# target ${verdict.name}: ${verdict.figure} ${verdict.limit}: ${verdict.met ? "met" : "missed"}`);
    }
    console.log(summaryTables(results));
  } finally {
    await engine.stop();
  }
}

await main();
