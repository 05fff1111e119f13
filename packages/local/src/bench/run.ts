/**
 * npm run bench (CONTRACTS section 6): generates its data into a fresh in-memory DynamoDB Local,
 * measures every figure after a warm-up and prints one `name value unit` line per figure, then
 * tables. BENCH_QUICK=1 runs the same steps on smaller sizes with fewer iterations.
 */
import "./quiet-logs.js";
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
import { refreshReadModel } from "@fulfillment/functions/services/read-model/refresh";
import { withLivePaths } from "./live-path.js";
import { meterCapacity } from "./capacity.js";
import { timeCalculators } from "./core.js";
import { measureColdStarts, nodeBaselineMs } from "./cold-start.js";
import { adId, fixedRecords, sizedRecords, VIEWED_INDEX } from "./dataset.js";
import { call, getEndpoints, handlerFile, REPO_ROOT } from "./endpoints.js";
import { benchFloorContext, sdkDocumentClient } from "./floors.js";
import { engineResidentMb, loadLine, machineLine } from "./machine.js";
import {
  gzipVariant,
  latencyTargets,
  measureCapacity,
  measurePayload,
  PLANNING_ROUTES,
  type CapacityResult,
  type LatencyResult,
  type PayloadFigures,
} from "./measure.js";
import { progress, Report } from "./report.js";
import { allTargets, summaryTables } from "./summary.js";
import { measureSideBySide, type SideBySideRow } from "./side-by-side.js";
import { measureHttpStage, type HttpStageResult } from "./http-stage.js";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { measureStageLatency } from "./stage-latency.js";
import { LARGE_SIZE, MAIN_SIZE, PLAN, SMALL_SIZE, SYNC_LATENCY_MS } from "./stages.js";
import type { SyncFigures } from "./sync.js";
import { measureConsole, reportConsole } from "./console.js";
import { measureWrites } from "./writes.js";
import { measureRestoreDrill, restoreDrillTargets } from "./restore-drill.js";
import { BULK_TIME_BUDGET } from "../backup/backup.js";
import type { TargetVerdict } from "./summary.js";

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

let stopDisk: (() => Promise<void>) | undefined;

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
    // The embedded default's engine: DynamoDB Local on disk, with the same table, key and records.
    progress("starting DynamoDB Local (on disk) for the HTTP section");
    const diskFolder = mkdtempSync(join(tmpdir(), "bench-disk-"));
    const disk: RunningEngine = await startDynamoDbLocal({ port: await freePort(), dataDir: diskFolder, heapMb: localConfig().dynamoHeapMb });
    stopDisk = async () => {
      await disk.stop();
      rmSync(diskFolder, { recursive: true, force: true });
    };
    // Loaded as npm start writes to its engine on disk: many-item writes as transactions.
    const diskSetup: TableRef = { doc: createDocumentClient({ endpoint: disk.endpoint, budget: ADMIN_TIME_BUDGET }), table: tableName, bulkWrites: "transactions" };
    await ensureTable(diskSetup.doc, tableName);
    await loadDataset(diskSetup, fixedRecords(today));
    const diskFloorDoc = sdkDocumentClient(disk.endpoint, process.env.DYNAMODB_ACCESS_KEY);
    const http: HttpStageResult[] = [];
    const endpoints = withLivePaths(await getEndpoints({ ad_id: adId(VIEWED_INDEX), group: "geral" }));

    const latency = new Map<string, LatencyResult>(); // `${name}@${size}`
    const capacity = new Map<string, CapacityResult>();
    const payloads: (PayloadFigures & { size: number })[] = [];
    const planningPayloads = new Map<string, PayloadFigures>();
    const sideBySide = new Map<number, SideBySideRow[]>();
    let alertShare = Number.NaN;
    let sync: SyncFigures[] = [];
    let loaded = 0;
    const drill: TargetVerdict[] = [];
    for (const stage of PLAN.stages) {
      progress(`loading records ${loaded}..${stage.size}`);
      const started = performance.now();
      const slice = sizedRecords(loaded, stage.size, undefined, { stockOnly: "stockOnly" in stage && stage.stockOnly });
      await loadDataset(setup, slice);
      report.figure(`load.n${stage.size}.wall`, (performance.now() - started) / 1000, "s");
      await ensureViewsCurrent(setup, stage.size);
      progress(`loading records ${loaded}..${stage.size} on disk`);
      const diskStarted = performance.now();
      await loadDataset(diskSetup, slice);
      report.figure(`load.disk.n${stage.size}.wall`, (performance.now() - diskStarted) / 1000, "s");
      await ensureViewsCurrent(diskSetup, stage.size);
      loaded = stage.size;
      const n = `n${stage.size}`;
      const ctx = benchFloorContext(floorDoc, tableName, today);

      if (stage.latency) await measureStageLatency(report, endpoints, stage, ctx, ref.doc, latency);

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

      if ("http" in stage && stage.http) {
        for (const [engineKind, endpoint, doc] of [["memory", engine.endpoint, floorDoc], ["disk", disk.endpoint, diskFloorDoc]] as const) {
          progress(`over HTTP through npm start at ${stage.size} records, ${engineKind === "disk" ? "on-disk" : "in-memory"} engine`);
          const result = await measureHttpStage({
            engine: engineKind,
            engineEndpoint: endpoint,
            accessKey: process.env.DYNAMODB_ACCESS_KEY,
            table: tableName,
            today,
            size: stage.size,
            floorContext: { ...ctx, doc },
          }).catch((error: Error) => {
            console.log(`# HTTP figures at ${stage.size} on the ${engineKind} engine failed: ${error.message}`);
            return undefined;
          });
          if (!result) continue;
          http.push(result);
          for (const row of result.rows) {
            const name = `http.${engineKind}.${row.label.replace(/[^A-Za-z0-9]+/g, "_").replace(/^_+|_+$/g, "")}.${n}`;
            report.figure(`${name}.p50`, row.ours.p50, "ms");
            report.figure(`${name}.floor.p50`, row.floor.p50, "ms");
          }
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

      if ("restore" in stage && stage.restore) {
        const bulk = createDocumentClient({ endpoint: engine.endpoint, budget: BULK_TIME_BUDGET });
        const figures = await measureRestoreDrill(report, bulk, tableName, stage.size).catch((error: Error) => {
          console.log(`# restore drill at ${stage.size} failed: ${error.message}`);
          return undefined;
        });
        if (figures) drill.push(...restoreDrillTargets(figures));
      }
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
        http,
    };
    for (const verdict of [...allTargets(results), ...drill]) {
      report.figure(`target.${verdict.name}`, verdict.value, verdict.unit);
      console.log(`# target ${verdict.name}: ${verdict.figure} ${verdict.limit}: ${verdict.met ? "met" : "missed"}`);
    }
    console.log(summaryTables(results));
  } finally {
    await stopDisk?.();
    await engine.stop();
  }
}

await main();
