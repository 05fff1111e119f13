/**
 * Three seller accounts in one deployment (issue 41): 8,000 Full ads each, 2,000 SKUs shared by
 * all three and stocked in one warehouse, each account at its own marketplace behind one address
 * (the sandbox hub). The daily job starts one run per seller on the default on-disk engine, a
 * CPU-bound process on the other core, within the application's one call budget; each run is held
 * to the single-seller bounds. Then the consolidated overview and restock plan are timed against
 * one seller's at 8,000.
 */
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ROUTES, DAILY_SYNC_HANDLER } from "@fulfillment/functions/routes";
import { listRuns } from "@fulfillment/functions/storage/sync/runs";
import { withScope } from "@fulfillment/functions/storage/scope";
import { connectedSellers } from "@fulfillment/functions/storage/sellers";
import { readState } from "@fulfillment/functions/storage/changes";
import { viewsNamed } from "@fulfillment/functions/services/read-model/index";
import { currentView } from "@fulfillment/functions/services/read-model/view";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { syncStepsTable, useLocalSyncMachine } from "../sync/machine.js";
import { loadDataset } from "../loader/load.js";
import { seedFromDataset, startSandboxHub } from "../sandbox/index.js";
import { fixedRecords, sizedRecords, skuOf } from "./dataset.js";
import { call, loadHandler, prepareCall } from "./endpoints.js";
import { table } from "./report.js";
import { pointAtSandbox } from "./sandbox-env.js";
import { busyCore, callsByResource, DISK_SYNC_TARGETS } from "./sync-disk.js";
import { median, timedPrepared } from "./stats.js";

export const SELLERS_TARGETS = { sellers: 3, adsPerSeller: 8_000, sharedSkus: 2_000, consolidatedRatio: 1.5 };
/** The application's calls a minute in this scenario: every run of every seller takes from it. */
export const SELLERS_CALLS_PER_MINUTE = Number(process.env.BENCH_SELLERS_CALLS_PER_MINUTE ?? 30_000);
const SELLER_IDS = [310_000_001, 310_000_002, 310_000_003];
const STATUS_EVERY_MS = 1_000;
const ROUNDS = { warmup: 3, timed: 30 };

export interface SellerRunFigures {
  sellerId: number;
  state: string;
  inventories: number;
  failed: number;
  /** From the daily job's start until this seller's run ended. */
  doneMs: number;
  marketplaceCalls: number;
  repeatedCalls: number;
}

export interface SellersFigures {
  adsPerSeller: number;
  latencyMs: number;
  jobAnswerMs: number;
  runs: SellerRunFigures[];
  /** The most calls the hub received in one minute of the budget, all sellers together. */
  peakCallsPerMinute: number;
  statusReads: number;
  statusFailures: string[];
  busyCoreHeld: boolean;
  /**
   * p50 ms in process: the read of a deployment with one seller of 8,000 ads (its own table, the
   * same records), the consolidated read at 3 × 8,000, and one seller's own read among the three.
   */
  reads: { path: string; single: number; all: number; ownAmongThree: number; error?: string }[];
}

/** Seller k's ads: its own ids, the SKUs of the 2,000 shared ones. */
function sellerRecords(k: number, ads: number) {
  const records = sizedRecords(k * ads, (k + 1) * ads, undefined, { stockOnly: true });
  const sku = (i: number) => skuOf(i % SELLERS_TARGETS.sharedSkus);
  return {
    ads: records.ads.map((ad, i) => ({ ...ad, sku: sku(i), is_full: true })),
    inventory: records.inventory.map((record, i) => ({ ...record, sku: sku(i) })),
  };
}

export async function measureSellersSync(adsPerSeller = SELLERS_TARGETS.adsPerSeller, latencyMs = DISK_SYNC_TARGETS.latencyMs): Promise<SellersFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-sync-sellers-"));
  const engine = await startDynamoDbLocal({ port: await freePort(), dataDir, heapMb: localConfig().dynamoHeapMb });
  const accessKeyId = newAccessKey();
  const name = "fulfillment";
  const setup: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, accessKeyId, budget: ADMIN_TIME_BUDGET }), table: name, bulkWrites: "transactions" };
  const saved = { bulk: process.env.DYNAMODB_BULK_WRITES, budget: process.env.MARKETPLACE_MAX_CALLS_PER_MINUTE };
  process.env.DYNAMODB_BULK_WRITES = "transactions";
  process.env.MARKETPLACE_MAX_CALLS_PER_MINUTE = String(SELLERS_CALLS_PER_MINUTE);
  let busy: ReturnType<typeof busyCore> | undefined;
  let restoreEnv: (() => void) | undefined;
  try {
    await ensureTable(setup.doc, name);
    const today = await businessToday(setup);
    const sellers = SELLER_IDS.map((id, k) => ({ id, ...sellerRecords(k, adsPerSeller) }));
    const hub = await startSandboxHub(sellers.map((seller, k) => ({ seed: { ...seedFromDataset(seller, { today }), sellerId: seller.id, nickname: `LOJA_${k + 1}` }, latencyMs })));
    try {
      const fixed = fixedRecords(today);
      const warehouse = Array.from({ length: SELLERS_TARGETS.sharedSkus }, (_, i) => ({ sku: skuOf(i), available: 40 + (i % 90), warehouse: "CD-SP" }));
      await loadDataset(setup, {
        credentials: hub.sellers.map((sandbox) => ({ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId })),
        ads: sellers.flatMap((seller) => seller.ads.map((ad) => ({ ...ad, seller_id: seller.id }))),
        local_stock: warehouse,
        tariffs: fixed.tariffs,
        settings: fixed.settings,
      });
      restoreEnv = pointAtSandbox({ ...hub.sellers[0]!, url: hub.url });
      const api: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, accessKeyId }), table: name };
      useTable(api);
      const machine = useLocalSyncMachine({ steps: syncStepsTable({ endpoint: engine.endpoint, accessKeyId, table: name }) });
      const status = ROUTES.find((r) => r.method === "GET" && r.path === "/full/sync/status")!;
      const [daily, statusHandler] = await Promise.all([loadHandler(DAILY_SYNC_HANDLER), loadHandler(status.handler)]);
      const registered = await connectedSellers(api);

      busy = busyCore();
      const before = hub.requests.length;
      const start = performance.now();
      const startedAt = Date.now();
      let running = true;
      const statuses: { code: number; body: string }[] = [];
      const reads = (async () => {
        for (let i = 0; running; i++) {
          const seller = String(SELLER_IDS[i % SELLER_IDS.length]);
          const answer = await call(statusHandler, { method: "GET", path: status.path, headers: { "x-seller-id": seller } }, status.timeoutSeconds, [200, 500, 503]).catch((error: Error) => ({ statusCode: 0, body: error.message }));
          statuses.push({ code: answer.statusCode ?? 0, body: String(answer.body ?? "") });
          await new Promise((resolve) => setTimeout(resolve, STATUS_EVERY_MS));
        }
      })();
      await (daily as unknown as (event: unknown, context: unknown) => Promise<unknown>)({ id: "bench-daily", time: new Date().toISOString() }, { functionName: "daily-sync", getRemainingTimeInMillis: () => 900_000 });
      const jobAnswerMs = performance.now() - start;
      await machine.settled();
      const busyCoreHeld = busy.running();
      running = false;
      await reads;

      const calls = hub.requests.slice(before);
      const perMinute = new Map<number, number>();
      for (const request of calls) perMinute.set(Math.floor(request.at / 60_000), (perMinute.get(Math.floor(request.at / 60_000)) ?? 0) + 1);
      const runs: SellerRunFigures[] = [];
      for (const seller of registered) {
        const [run] = await withScope(seller.scope, () => listRuns(api, 1));
        const own = callsByResource(calls.filter((request) => String(request.sellerId) === seller.user_id));
        runs.push({
          sellerId: Number(seller.user_id),
          state: run?.state ?? "unknown",
          inventories: run?.result?.inventories ?? 0,
          failed: run?.failed_count ?? 0,
          doneMs: run?.finished_at ? Date.parse(run.finished_at) - startedAt : Number.NaN,
          marketplaceCalls: Object.values(own).reduce((sum, entry) => sum + entry.calls, 0),
          repeatedCalls: Object.values(own).reduce((sum, entry) => sum + entry.repeated, 0),
        });
      }
      busy.stop();
      busy = undefined;
      for (const seller of registered) {
        const state = await withScope(seller.scope, () => readState(api));
        process.stderr.write(`  seller ${seller.user_id}: views stale after its run: ${viewsNamed().filter((view) => currentView(state, view) === undefined).map((view) => view.name).join(", ") || "none"}\n`);
      }
      // The runs' figures are printed before the reads are timed, so a failing read loses none of them.
      process.stderr.write(`${runs.map((run) => `  seller ${run.sellerId}: ${run.state}, ${run.inventories} inventories, ${run.marketplaceCalls} calls, done ${(run.doneMs / 1000).toFixed(1)} s after the daily start`).join("\n")}\n`);
      return {
        adsPerSeller,
        latencyMs,
        jobAnswerMs,
        runs,
        peakCallsPerMinute: Math.max(0, ...perMinute.values()),
        statusReads: statuses.length,
        statusFailures: statuses.filter((s) => s.code !== 200).map((s) => `${s.code} ${s.body.slice(0, 120)}`),
        busyCoreHeld,
        reads: await consolidatedReads(api, await singleSellerTable(engine.endpoint, accessKeyId, `${name}-single`, sellers[0]!, { warehouse, fixed })),
      };
    } finally {
      await hub.stop();
    }
  } finally {
    busy?.stop();
    restoreEnv?.();
    for (const [variable, value] of [["DYNAMODB_BULK_WRITES", saved.bulk], ["MARKETPLACE_MAX_CALLS_PER_MINUTE", saved.budget]] as const) {
      if (value === undefined) delete process.env[variable];
      else process.env[variable] = value;
    }
    await engine.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

/** A table of the same engine holding one seller's records as the loader stores them, its views built: the single-seller deployment. */
async function singleSellerTable(
  endpoint: string,
  accessKeyId: string,
  name: string,
  seller: { id: number; ads: unknown[]; inventory: unknown[] },
  shared: { warehouse: unknown[]; fixed: ReturnType<typeof fixedRecords> },
): Promise<TableRef> {
  const ref: TableRef = { doc: createDocumentClient({ endpoint, accessKeyId, budget: ADMIN_TIME_BUDGET }), table: name, bulkWrites: "transactions" };
  await ensureTable(ref.doc, name);
  await loadDataset(ref, {
    credentials: [{ provider: "mercadolivre", access_token: "APP_USR-single", refresh_token: "TG-single", user_id: seller.id }],
    ads: seller.ads,
    inventory: seller.inventory,
    local_stock: shared.warehouse,
    tariffs: shared.fixed.tariffs,
    settings: shared.fixed.settings,
  });
  return { doc: createDocumentClient({ endpoint, accessKeyId }), table: name };
}

/**
 * The consolidated overview and restock plan at 3 × 8,000 against the same reads of a one-seller
 * deployment at 8,000, interleaved, p50 after warm-ups, gzip as clients ask.
 */
async function consolidatedReads(three: TableRef, one: TableRef): Promise<SellersFigures["reads"]> {
  const figures: SellersFigures["reads"] = [];
  const oneSeller = String(SELLER_IDS[0]);
  for (const path of ["/full/overview", "/full/restock-plan"]) {
    const route = ROUTES.find((r) => r.method === "GET" && r.path === path)!;
    const handler = await loadHandler(route.handler);
    // As the console and the HTTP bench ask: compressed (a plan of 24,000 lines is over Lambda's 6 MB uncompressed).
    const encoding = { "accept-encoding": "gzip" };
    // Each call gets its own event and context (its own time limit), built before its timer starts, on its table.
    const on = (ref: TableRef, request: Parameters<typeof prepareCall>[1]) => () => {
      useTable(ref);
      return prepareCall(handler, request, route.timeoutSeconds);
    };
    const calls = {
      single: on(one, { path, headers: encoding }),
      all: on(three, { path, headers: encoding, query: { seller_id: "all" } }),
      ownAmongThree: on(three, { path, headers: { ...encoding, "x-seller-id": oneSeller } }),
    };
    const times = { single: [] as number[], all: [] as number[], ownAmongThree: [] as number[] };
    try {
      for (let round = 0; round < ROUNDS.warmup + ROUNDS.timed; round++) {
        for (const which of ["single", "all", "ownAmongThree"] as const) {
          const took = await timedPrepared(calls[which]);
          if (round >= ROUNDS.warmup) times[which].push(took);
        }
      }
      figures.push({ path, single: median(times.single), all: median(times.all), ownAmongThree: median(times.ownAmongThree) });
    } catch (error) {
      figures.push({ path, single: Number.NaN, all: Number.NaN, ownAmongThree: Number.NaN, error: (error as Error).message.slice(0, 160) });
    } finally {
      useTable(three);
    }
  }
  return figures;
}

const verdict = (met: boolean): string => (met ? "met" : "MISSED");

export function sellersSyncTable(f: SellersFigures): string {
  const t = DISK_SYNC_TARGETS;
  const rows: (string | number)[][] = [];
  for (const run of f.runs) {
    rows.push([`seller ${run.sellerId}: run succeeds`, `${run.state} (${run.inventories} inventories, ${run.failed} failed)`, "succeeded", verdict(run.state === "succeeded")]);
    rows.push([`seller ${run.sellerId}: marketplace calls`, `${run.marketplaceCalls} (${run.repeatedCalls} repeated)`, `≤ ${t.maxCalls}`, verdict(run.marketplaceCalls <= t.maxCalls)]);
    rows.push([`seller ${run.sellerId}: done after the daily start`, `${(run.doneMs / 1000).toFixed(1)} s`, `≤ ${t.doneMs / 1000} s`, verdict(run.doneMs <= t.doneMs)]);
  }
  rows.push(["daily job answer", `${(f.jobAnswerMs / 1000).toFixed(2)} s`, `≤ ${t.postAnswerMs / 1000} s`, verdict(f.jobAnswerMs <= t.postAnswerMs)]);
  rows.push(["calls in one minute, all sellers", String(f.peakCallsPerMinute), `≤ ${SELLERS_CALLS_PER_MINUTE} (the budget)`, verdict(f.peakCallsPerMinute <= SELLERS_CALLS_PER_MINUTE)]);
  rows.push(["status reads 200", `${f.statusReads - f.statusFailures.length} of ${f.statusReads}`, "all", verdict(f.statusFailures.length === 0 && f.statusReads > 0)]);
  rows.push(["other core busy throughout", f.busyCoreHeld ? "yes" : "no", "yes", verdict(f.busyCoreHeld)]);
  for (const read of f.reads) {
    const ratio = read.all / read.single;
    const measured = read.error ?? `${read.all.toFixed(1)} ms (one-seller deployment: ${read.single.toFixed(1)} ms, ${ratio.toFixed(2)} ×; one seller's own among the three: ${read.ownAmongThree.toFixed(1)} ms)`;
    rows.push([`GET ${read.path}?seller_id=all`, measured, `≤ ${SELLERS_TARGETS.consolidatedRatio} ×`, verdict(!read.error && ratio <= SELLERS_TARGETS.consolidatedRatio)]);
  }
  const title = `${f.runs.length} sellers × ${f.adsPerSeller} Full ads, ${SELLERS_TARGETS.sharedSkus} shared SKUs in one warehouse, daily job on the on-disk engine, ${f.latencyMs} ms per marketplace call, other core busy`;
  return [table(title, ["target", "measured", "target value", "verdict"], rows), ...f.statusFailures.slice(0, 5).map((line) => `  status read: ${line}`)].join("\n");
}
