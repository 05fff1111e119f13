/**
 * `npm run bench:sync`: the sync figures. By default issue 39's scenario: 8,000 Full ads on the
 * default on-disk engine with the other core busy, against its targets (sync-disk.ts).
 * BENCH_SYNC_ENGINE=memory measures the in-memory sizes instead (BENCH_SYNC_ADS picks them:
 * "2000", "20000" or "2000,20000", the default), and "both" measures both. After the single
 * seller, three sellers of 8,000 ads each run their daily sync together (sync-sellers.ts;
 * BENCH_SYNC_SELLERS=0 leaves it out, BENCH_SYNC_ENGINE=sellers runs only it).
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
import { diskSyncTable, measureDiskSync } from "./sync-disk.js";
import { measureSellersSync, sellersSyncTable, SELLERS_TARGETS } from "./sync-sellers.js";
import { costTable, monthlyCost, ONE_SELLER } from "./cost.js";
import { measureSellerCost, oneSellerDay } from "./seller-cost.js";

const LATENCY_MS = 50;
const which = process.env.BENCH_SYNC_ENGINE ?? "disk";

const machine = (): string => `${cpus()[0]?.model ?? "unknown CPU"}, ${cpus().length} cores, Node ${process.version}; load average ${loadavg().map((n) => n.toFixed(2)).join(" ")}`;

console.log(`# machine: ${machine()}`);
if (which === "disk" || which === "both") {
  process.stderr.write(`… sync of 8000 Full ads on the on-disk engine, ${LATENCY_MS} ms per marketplace call, other core busy\n`);
  const figures = await measureDiskSync();
  console.log(diskSyncTable(figures));
  console.log(`# load average after the run: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
}
// Issue 41: three sellers' daily runs together, one call budget, then the consolidated reads.
if (((which === "disk" || which === "both") && process.env.BENCH_SYNC_SELLERS !== "0") || which === "sellers") {
  process.stderr.write(`… ${SELLERS_TARGETS.sellers} sellers × ${SELLERS_TARGETS.adsPerSeller} Full ads, the daily job on the on-disk engine, other core busy\n`);
  console.log(sellersSyncTable(await measureSellersSync()));
  console.log(`# load average after the runs: ${loadavg().map((n) => n.toFixed(2)).join(" ")}`);
}
// What a seller of 8,000 ads costs a month on AWS, from a day counted on the in-memory engine; the
// sync's write units per ad also at 2,000 ads, to show they do not grow with the catalogue.
if (process.env.BENCH_SYNC_COST !== "0" && which !== "sellers") {
  const engine = await startDynamoDbLocal({ port: await freePort(), dataDir: "memory", heapMb: localConfig().dynamoHeapMb });
  try {
    process.env.DYNAMODB_ENDPOINT = engine.endpoint;
    process.env.DYNAMODB_ACCESS_KEY = newAccessKey();
    const measured = [];
    for (const ads of [2_000, ONE_SELLER.ads]) {
      process.stderr.write(`… the cost of a day at ${ads} ads: a sync, stock operations, reads and the next sync, metered\n`);
      measured.push(await measureSellerCost(engine.endpoint, ads));
    }
    for (const figures of measured) {
      console.log(`sync.write_units_per_ad.n${figures.ads} ${figures.syncWriteUnitsPerAd.toFixed(2)} WCU`);
      console.log(`sync.reconciled_drift.n${figures.ads} ${figures.reconciledDrift} inventories`);
      console.log(`# target reconciliation_drift_n${figures.ads}: the daily sync after a day of notified operations at ${figures.ads} ads: ${figures.reconciledDrift} inventories, target = 0: ${figures.reconciledDrift === 0 ? "met" : "missed"}`);
    }
    const seller = measured.at(-1)!;
    console.log(costTable(`One seller a month: ${ONE_SELLER.ads} ads, a daily sync, ${ONE_SELLER.operations} stock operations and ${ONE_SELLER.reads} reads a day`, monthlyCost(oneSellerDay(seller))));
  } finally {
    await engine.stop();
  }
}

if (which === "memory" || which === "both") {
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
}
