/** Sync throughput: POST /full/sync through its handler against the sandbox marketplace. */
import { randomUUID } from "node:crypto";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ROUTES } from "@fulfillment/functions/routes";
import { getRun } from "@fulfillment/functions/storage/sync/runs";
import { useLocalSyncMachine } from "../sync/machine.js";
import { loadDataset } from "../loader/load.js";
import { seedFromDataset, startSandboxMarketplace } from "../sandbox/index.js";
import { fixedRecords, sizedRecords } from "./dataset.js";
import { call, loadHandler } from "./endpoints.js";
import { table, type Report } from "./report.js";
import { pointAtSandbox } from "./sandbox-env.js";

/** Issue targets: 20,000 Full ads within two minutes locally, the POST answered within 25 s at every size. */
export const SYNC_TARGETS = { wallMsAt20k: 120_000, postAnswerMs: 25_000, /** Seconds per ad of the largest size over the smallest's. */ maxGrowthRatio: 1.5 };

/** Sizes of the sync bench: BENCH_SYNC_ADS (comma-separated, e.g. "2000" or "20000") or the given default. */
export function syncSizes(fallback: readonly number[]): number[] {
  const given = (process.env.BENCH_SYNC_ADS ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);
  return given.length > 0 ? given : [...fallback];
}

export interface SyncFigures {
  ads: number;
  wallMs: number;
  marketplaceCalls: number;
  inventories: number;
  dimensionsUpdated: number;
  failed: number;
  /** Time until POST /full/sync answered (200 at once, or 202 while the run goes on). */
  postAnswerMs: number;
  postStatus: number;
  shards: number;
  /** Peak resident set size of the whole bench process so far. */
  peakRssMb: number;
}


/** `ads` Full ads with one inventory each, a marketplace answering every call after `latencyMs`. */
export async function measureSync(endpoint: string, today: string, ads: number, latencyMs: number, restore: TableRef): Promise<SyncFigures> {
  const records = sizedRecords(0, ads);
  const fullAds = records.ads.map((ad) => ({ ...ad, is_full: true }));
  const sandbox = await startSandboxMarketplace({ seed: seedFromDataset({ ads: fullAds, inventory: records.inventory }, { today }), latencyMs });
  // The bench's engine shares two busy cores with the process that drives it: its client waits like
  // set-up and bulk loads do, so a slow moment of the engine is measured instead of failing the run.
  const ref: TableRef = { doc: createDocumentClient({ endpoint, budget: ADMIN_TIME_BUDGET }), table: `bench-sync-${randomUUID()}` };
  let restoreEnv: (() => void) | undefined;
  try {
    await ensureTable(ref.doc, ref.table);
    const fixed = fixedRecords(today);
    await loadDataset(ref, {
      ads: fullAds,
      tariffs: fixed.tariffs,
      settings: fixed.settings,
      credentials: [{ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId }],
    });
    restoreEnv = pointAtSandbox(sandbox);
    useTable(ref);
    // The sync runs as npm start runs it: the state machine's definition, with its own retry intervals.
    const machine = useLocalSyncMachine();
    const route = ROUTES.find((r) => r.method === "POST" && r.path === "/full/sync")!;
    const handler = await loadHandler(route.handler);
    const before = sandbox.requests.length;
    const start = performance.now();
    const result = await call(handler, { method: "POST", path: route.path }, route.timeoutSeconds, [200, 202]);
    const postAnswerMs = performance.now() - start;
    const body = JSON.parse(result.body ?? "{}") as { run_id?: string; run?: { id: string } };
    // A 202 leaves the run going on: follow its record to the end.
    const runId = body.run_id ?? body.run?.id ?? "";
    await machine.settled();
    const run = await getRun(ref, runId);
    const wallMs = performance.now() - start;
    return {
      ads,
      wallMs,
      marketplaceCalls: sandbox.requests.length - before,
      inventories: run?.result?.inventories ?? 0,
      dimensionsUpdated: run?.result?.dimensions_updated ?? 0,
      failed: run?.failed_count ?? 0,
      postAnswerMs,
      postStatus: result.statusCode ?? 0,
      shards: run?.progress?.shards_total ?? 0,
      peakRssMb: process.resourceUsage().maxRSS / 1024,
    };
  } finally {
    useTable(restore);
    restoreEnv?.();
    await sandbox.stop();
  }
}

/** One figure line per measured value of one sync size. */
export function reportSync(report: Report, sync: SyncFigures): void {
  const n = `n${sync.ads}`;
  report.figure(`sync.${n}.wall`, sync.wallMs / 1000, "s");
  report.figure(`sync.${n}.marketplace_calls`, sync.marketplaceCalls, "calls");
  report.figure(`sync.${n}.inventories`, sync.inventories, "records");
  report.figure(`sync.${n}.dimensions_updated`, sync.dimensionsUpdated, "ads");
  report.figure(`sync.${n}.failed`, sync.failed, "ads");
  report.figure(`sync.${n}.shards`, sync.shards, "shards");
  report.figure(`sync.${n}.post_answer`, sync.postAnswerMs / 1000, "s");
  report.figure(`sync.${n}.post_status`, sync.postStatus, "http");
  report.figure(`sync.${n}.ms_per_ad`, sync.wallMs / sync.ads, "ms");
  report.figure(`sync.${n}.peak_rss`, sync.peakRssMb, "MB");
}

const verdict = (met: boolean): string => (met ? "met" : "MISSED");

/** The sync table with each target's verdict: POST answer time at every size, 20,000 ads in time, linear growth. */
export function syncTable(figures: readonly SyncFigures[], latencyMs: number): string {
  const sorted = [...figures].sort((a, b) => a.ads - b.ads);
  const smallest = sorted[0];
  const perAd = (f: SyncFigures): number => f.wallMs / f.ads;
  const rows = sorted.map((f) => {
    const growth = smallest && f !== smallest ? perAd(f) / perAd(smallest) : Number.NaN;
    const wallTarget = f.ads >= 20_000 ? `< ${SYNC_TARGETS.wallMsAt20k / 1000} s: ${verdict(f.wallMs < SYNC_TARGETS.wallMsAt20k)}` : "-";
    const growthTarget = Number.isNaN(growth) ? "-" : `${growth.toFixed(2)}x (≤ ${SYNC_TARGETS.maxGrowthRatio}x): ${verdict(growth <= SYNC_TARGETS.maxGrowthRatio)}`;
    return [
      String(f.ads),
      f.wallMs / 1000,
      f.marketplaceCalls,
      f.shards,
      f.peakRssMb,
      `${(f.postAnswerMs / 1000).toFixed(2)} s (${f.postStatus})`,
      verdict(f.postAnswerMs < SYNC_TARGETS.postAnswerMs),
      wallTarget,
      perAd(f),
      growthTarget,
      f.failed,
    ];
  });
  return table(
    `Sync of Full ads (one inventory each, two in three under a variation), ${latencyMs} ms per marketplace call, default concurrency, no rate budget`,
    ["ads", "wall s", "marketplace calls", "shards", "peak RSS MB", "POST answer", "POST < 25 s", "wall target", "ms per ad", "per-ad vs smallest", "failed"],
    rows,
  );
}
