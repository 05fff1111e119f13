/**
 * `npm run bench:sync`: only the sync figures (the full `npm run bench` prints them too), on a
 * fresh in-memory DynamoDB Local. BENCH_SYNC_ADS picks the sizes ("2000", "20000" or
 * "2000,20000", the default), so the larger run can be measured on its own.
 */
import "./quiet-logs.js";
import { cpus, loadavg } from "node:os";
import { randomUUID } from "node:crypto";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { Report } from "./report.js";
import { measureSync, reportSync, syncSizes, syncTable, type SyncFigures } from "./sync.js";

const LATENCY_MS = 50;

console.log(`# machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
const engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb: localConfig().dynamoHeapMb });
try {
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
  const tableName = `bench-${randomUUID()}`;
  process.env.TABLE_NAME = tableName;
  const ref: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint }), table: tableName };
  await ensureTable(ref.doc, tableName);
  useTable(ref);
  const today = await businessToday(ref);
  const report = new Report();
  const figures: SyncFigures[] = [];
  for (const ads of syncSizes([2_000, 20_000])) {
    process.stderr.write(`… sync of ${ads} Full ads at ${LATENCY_MS} ms per marketplace call\n`);
    const measured = await measureSync(engine.endpoint, today, ads, LATENCY_MS, ref);
    reportSync(report, measured);
    figures.push(measured);
  }
  console.log(syncTable(figures, LATENCY_MS));
} finally {
  await engine.stop();
}
