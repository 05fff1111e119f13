/**
 * npm run bench (CONTRACTS section 6): generates its data into a fresh in-memory DynamoDB Local,
 * measures every figure after a warm-up and prints one `name value unit` line per figure, then
 * tables. BENCH_QUICK=1 runs the same steps on smaller sizes with fewer iterations.
 */
import { cpus, loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { DAILY_SYNC_HANDLER, IMPORT_FILE_HANDLER, ROUTES } from "@fulfillment/functions/routes";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { loadDataset } from "../loader/load.js";
import { meterCapacity } from "./capacity.js";
import { timeCalculators } from "./core.js";
import { measureColdStarts, nodeBaselineMs } from "./cold-start.js";
import { adId, fixedRecords, inventoryId, isLeftover, sizedRecords, VIEWED_INDEX } from "./dataset.js";
import { getEndpoints, handlerFile, REPO_ROOT } from "./endpoints.js";
import type { FloorContext } from "./floors.js";
import {
  latencyTargets,
  measureCapacity,
  measureLatency,
  measurePayload,
  type CapacityResult,
  type LatencyResult,
  type PayloadFigures,
} from "./measure.js";
import { Report } from "./report.js";
import { summaryTables } from "./summary.js";
import { measureSync, reportSync, syncSizes, type SyncFigures } from "./sync.js";
import { measureImports } from "./imports.js";
import { measureConsole, reportConsole } from "./console.js";

interface Stage {
  size: number;
  /** Which endpoints get latency and floor figures at this size. */
  latency?: "all" | "large";
  iterations?: number;
  warmup?: number;
  capacity?: "all" | "detail";
  payload?: boolean;
}

const QUICK = process.env.BENCH_QUICK === "1";

const PLAN = QUICK
  ? {
      stages: [
        { size: 200, latency: "all", iterations: 5, warmup: 2, capacity: "detail" },
        { size: 1_000, latency: "all", iterations: 5, warmup: 2, capacity: "all", payload: true },
        { size: 2_000, payload: true },
        { size: 3_000, latency: "large", iterations: 3, warmup: 1 },
      ] satisfies Stage[],
      coreRecords: 10_000,
      coreRuns: 3,
      spawns: 3,
      syncAds: [200, 2_000],
      importRows: 2_000,
    }
  : {
      stages: [
        { size: 1_000, latency: "all", iterations: 20, warmup: 5, capacity: "detail" },
        { size: 10_000, latency: "all", iterations: 20, warmup: 2, capacity: "all", payload: true },
        { size: 20_000, payload: true },
        { size: 30_000, latency: "large", iterations: 3, warmup: 1 },
      ] satisfies Stage[],
      coreRecords: 100_000,
      coreRuns: 5,
      spawns: 8,
      syncAds: [2_000, 20_000],
      importRows: 20_000,
    };

/** The size whose figures the targets are checked on. */
const MAIN_SIZE = PLAN.stages.find((s) => s.capacity === "all")!.size;
const SYNC_LATENCY_MS = 50;

const progress = (message: string): void => void process.stderr.write(`… ${message}\n`);

function machineLine(): string {
  const cpu = cpus()[0]?.model ?? "unknown";
  return `# machine: ${cpu}, ${cpus().length} cores, Node ${process.version}, ${QUICK ? "BENCH_QUICK=1 (reduced sizes)" : "full run"}`;
}

/** Other work on the machine slows every figure; the load average says how busy it was. */
const loadLine = (when: string): string => `# load average ${when}: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;

async function main(): Promise<void> {
  // Handler warnings the bench provokes on purpose (the refused 20,000-record plain list) stay out of the figures.
  process.env.POWERTOOLS_LOG_LEVEL ??= "ERROR";
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
    const metered: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
    const meter = meterCapacity(metered.doc);
    const floorDoc = createDocumentClient({ endpoint: engine.endpoint });
    await ensureTable(ref.doc, tableName);
    useTable(ref);

    const today = await businessToday(ref);
    await loadDataset(ref, fixedRecords(today));
    const endpoints = await getEndpoints({ ad_id: adId(VIEWED_INDEX), group: "geral" });

    const latency = new Map<string, LatencyResult>(); // `${name}@${size}`
    const capacity = new Map<string, CapacityResult>();
    const payloads: (PayloadFigures & { size: number })[] = [];
    let loaded = 0;
    for (const stage of PLAN.stages) {
      progress(`loading records ${loaded}..${stage.size}`);
      await loadDataset(ref, sizedRecords(loaded, stage.size));
      loaded = stage.size;
      const n = `n${stage.size}`;
      const ctx: FloorContext = {
        doc: floorDoc,
        table: tableName,
        otherAdIds: Array.from({ length: stage.size }, (_, i) => i).filter(isLeftover).map(adId),
        viewedAdId: adId(VIEWED_INDEX),
        viewedInventoryIds: [inventoryId(VIEWED_INDEX)],
        today,
      };

      if (stage.latency) {
        for (const endpoint of latencyTargets(endpoints, stage.latency)) {
          progress(`latency ${endpoint.name} at ${stage.size}`);
          const rounds = { iterations: stage.iterations ?? 5, warmup: stage.warmup ?? 1 };
          const result = await measureLatency(endpoint, ctx, rounds).catch((error: Error) => {
            // A failed endpoint (a timeout on a loaded machine) is reported, and the other figures still measured.
            console.log(`# ${endpoint.key} at ${stage.size} failed: ${error.message}`);
            return undefined;
          });
          if (!result) continue;
          latency.set(`${endpoint.name}@${stage.size}`, result);
          report.figure(`latency.${endpoint.name}.${n}.p50`, result.handler.p50, "ms");
          report.figure(`latency.${endpoint.name}.${n}.p95`, result.handler.p95, "ms");
          if (result.floor) {
            report.figure(`floor.${endpoint.name}.${n}.p50`, result.floor.p50, "ms");
            report.figure(`floor_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.floor.p50, "x");
          }
          if (result.chained) {
            report.figure(`floor_chained.${endpoint.name}.${n}.p50`, result.chained.p50, "ms");
            report.figure(`floor_chained_ratio.${endpoint.name}.${n}`, result.handler.p50 / result.chained.p50, "x");
          }
        }
      }

      if (stage.capacity) {
        useTable(metered);
        try {
          for (const endpoint of endpoints) {
            if (stage.capacity === "detail" && endpoint.key !== "GET /full/inventory/{ad_id}") continue;
            const result = await measureCapacity(endpoint, meter);
            capacity.set(`${endpoint.name}@${stage.size}`, result);
            report.figure(`capacity.${endpoint.name}.${n}`, result.capacityUnits, "RCU");
            report.figure(`calls.${endpoint.name}.${n}`, result.calls, "calls");
          }
        } finally {
          useTable(ref);
        }
      }

      if (stage.payload) {
        const list = endpoints.find((e) => e.key === "GET /full/inventory")!;
        const result = await measurePayload(list);
        payloads.push({ size: stage.size, ...result });
        report.figure(`payload.full_inventory.${n}.plain`, result.plainBytes, "bytes");
        report.figure(`payload.full_inventory.${n}.plain_status`, result.plainStatus, "http");
        report.figure(`payload.full_inventory.${n}.gzip`, result.gzipBytes, "bytes");
      }
    }

    progress(`core calculators at ${PLAN.coreRecords} records`);
    const core = await timeCalculators(PLAN.coreRecords, PLAN.coreRuns);
    for (const [name, ms] of Object.entries(core)) {
      report.figure(`core.${name}.n${PLAN.coreRecords}`, ms.wallMs, "ms");
      report.figure(`core.${name}.n${PLAN.coreRecords}.cpu`, ms.cpuMs, "ms");
    }

    const sync: SyncFigures[] = [];
    for (const ads of syncSizes(PLAN.syncAds)) {
      progress(`sync of ${ads} Full ads at ${SYNC_LATENCY_MS} ms per marketplace call`);
      const figures = await measureSync(engine.endpoint, today, ads, SYNC_LATENCY_MS, ref);
      reportSync(report, figures);
      sync.push(figures);
    }

    progress(`imports of ${PLAN.importRows} CSV rows through the PUT handlers`);
    const imports = await measureImports(PLAN.importRows);
    const rowsName = `n${imports.rows}`;
    report.figure(`import.body.${rowsName}`, imports.bodyBytes / 1024, "KB");
    report.figure(`import.local_stock.${rowsName}.first.wall`, imports.localStockFirstMs / 1000, "s");
    report.figure(`import.local_stock.${rowsName}.replace_one.wall`, imports.localStockReplaceMs / 1000, "s");
    report.figure(`import.costs.${rowsName}.wall`, imports.costsMs / 1000, "s");
    report.figure(`import.${rowsName}.rss_peak`, imports.rssPeakMb, "MB");

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
    const consoleLine = await measureConsole(QUICK ? 3 : 10).then(
      (figures) => reportConsole(report, figures),
      (error: Error) => `# console figures failed: ${error.message}`,
    );

    report.figure("bench.wall", (performance.now() - started) / 1000, "s");
    console.log(loadLine("at end"));
    console.log(consoleLine);

    console.log(
      summaryTables({
        mainSize: MAIN_SIZE,
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
      }),
    );
  } finally {
    await engine.stop();
  }
}

await main();
