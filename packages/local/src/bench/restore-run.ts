/**
 * `npm run bench:restore`: only the restore drill (the full `npm run bench` runs it too, at its
 * largest size). The bench's 100,000 records (ads and inventory, as the full run's largest size)
 * are loaded into an in-memory DynamoDB Local, which is quick; the drill then times the restore
 * into, and the backup from, a fresh on-disk engine (restore-drill.ts). BENCH_RESTORE_RECORDS
 * picks another size.
 */
import "./quiet-logs.js";
import { randomUUID } from "node:crypto";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { loadDataset } from "../loader/load.js";
import { fixedRecords, sizedRecords } from "./dataset.js";
import { cpus } from "node:os";
import { loadLine } from "./machine.js";
import { formatValue, progress, Report } from "./report.js";
import { measureRestoreDrill, restoreDrillTargets } from "./restore-drill.js";
import { BULK_TIME_BUDGET } from "../backup/backup.js";

const records = Number(process.env.BENCH_RESTORE_RECORDS || 100_000);
console.log(`# machine: ${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}, restore drill at ${records} records`);
console.log(loadLine("at start"));
const engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb: localConfig().dynamoHeapMb });
try {
  process.env.DYNAMODB_ENDPOINT = engine.endpoint;
  process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
  const tableName = `bench-${randomUUID()}`;
  process.env.TABLE_NAME = tableName;
  const ref: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, budget: ADMIN_TIME_BUDGET }), table: tableName };
  await ensureTable(ref.doc, tableName);
  useTable(ref);
  progress(`loading ${records} records (set-up, not timed)`);
  await loadDataset(ref, fixedRecords(await businessToday(ref)));
  await loadDataset(ref, sizedRecords(0, records, undefined, { stockOnly: true }));
  const report = new Report();
  const bulk = createDocumentClient({ endpoint: engine.endpoint, budget: BULK_TIME_BUDGET });
  const figures = await measureRestoreDrill(report, bulk, tableName, records);
  for (const verdict of restoreDrillTargets(figures)) {
    report.figure(`target.${verdict.name}`, verdict.value, verdict.unit);
    console.log(`# target ${verdict.name}: ${verdict.figure}: ${formatValue(verdict.value)} ${verdict.unit}, target ${verdict.limit} ${verdict.unit}: ${verdict.met ? "met" : "missed"}`);
  }
  console.log(loadLine("at end"));
} finally {
  await engine.stop();
}
