/**
 * `npm run bench:http`: only the HTTP section of `npm run bench` (http-stage.ts), which the whole
 * bench reaches after half an hour. The bench's records are loaded into an in-memory and an
 * on-disk DynamoDB Local alike; at each size `npm start` is started on each engine and the
 * endpoints the old service also served are timed through its gateway, beside a bare server
 * sending the same answers, with the same verdicts. BENCH_HTTP_RECORDS picks the sizes
 * (comma-separated, default "1000,10000"; 100000 is the whole bench's largest).
 */
import "./quiet-logs.js";
import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { cpus, tmpdir } from "node:os";
import { join } from "node:path";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal, type RunningEngine } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { loadDataset } from "../loader/load.js";
import { fixedRecords, sizedRecords } from "./dataset.js";
import { benchFloorContext, sdkDocumentClient } from "./floors.js";
import { httpRunSizes, httpTables, httpTargets, measureHttpStage, type EngineKind } from "./http-stage.js";
import { loadLine } from "./machine.js";
import { formatValue, progress } from "./report.js";

async function main(): Promise<number> {
  let sizes: number[];
  try {
    sizes = httpRunSizes();
  } catch (error) {
    console.error((error as Error).message);
    return 2;
  }
  console.log(`# machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}, HTTP section at ${sizes.join(", ")} records`);
  console.log(loadLine("at start"));
  const heapMb = localConfig().dynamoHeapMb;
  const diskFolder = mkdtempSync(join(tmpdir(), "bench-http-disk-"));
  const engines: Partial<Record<EngineKind, RunningEngine>> = {};
  try {
    progress("starting DynamoDB Local, in memory and on disk");
    engines.memory = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb });
    engines.disk = await startDynamoDbLocal({ port: await freePort(), dataDir: diskFolder, heapMb });
    const accessKey = newAccessKey();
    const table = `bench-${randomUUID()}`;
    Object.assign(process.env, { DYNAMODB_ENDPOINT: engines.memory.endpoint, DYNAMODB_ACCESS_KEY: accessKey, TABLE_NAME: table });
    // Loaded as the whole bench loads them: the on-disk engine as npm start writes to it (transactions).
    const setups: Record<EngineKind, TableRef> = {
      memory: { doc: createDocumentClient({ endpoint: engines.memory.endpoint, budget: ADMIN_TIME_BUDGET }), table },
      disk: { doc: createDocumentClient({ endpoint: engines.disk.endpoint, budget: ADMIN_TIME_BUDGET }), table, bulkWrites: "transactions" },
    };
    for (const setup of Object.values(setups)) await ensureTable(setup.doc, table);
    useTable(setups.memory);
    const today = await businessToday(setups.memory);
    for (const setup of Object.values(setups)) await loadDataset(setup, fixedRecords(today));

    const results = [];
    let loaded = 0;
    for (const size of sizes) {
      for (const [kind, setup] of Object.entries(setups)) {
        progress(`loading records ${loaded}..${size} (${kind === "disk" ? "on disk" : "in memory"})`);
        await loadDataset(setup, sizedRecords(loaded, size));
      }
      loaded = size;
      for (const kind of ["memory", "disk"] as const) {
        progress(`over HTTP through npm start at ${size} records, ${kind === "disk" ? "on-disk" : "in-memory"} engine`);
        const endpoint = engines[kind]!.endpoint;
        results.push(
          await measureHttpStage({
            engine: kind,
            engineEndpoint: endpoint,
            accessKey,
            table,
            today,
            size,
            floorContext: benchFloorContext(sdkDocumentClient(endpoint, accessKey), table, today),
          }),
        );
      }
    }
    const verdicts = httpTargets(results);
    for (const verdict of verdicts) {
      console.log(`# target ${verdict.name}: ${verdict.figure}: ${formatValue(verdict.value)} ${verdict.unit}, target ${verdict.limit}: ${verdict.met ? "met" : "missed"}`);
    }
    for (const text of httpTables(results)) console.log(`\n${text}`);
    console.log(`\n# ${verdicts.filter((v) => v.met).length} of ${verdicts.length} HTTP targets met`);
    console.log(loadLine("at end"));
    return 0;
  } finally {
    await Promise.all(Object.values(engines).map((engine) => engine.stop()));
    rmSync(diskFolder, { recursive: true, force: true });
  }
}

process.exitCode = await main();
