/**
 * The sync as a user of npm start meets it: the default on-disk engine, the API and the sync's
 * steps wired as npm start wires them, a CPU-bound process on the other core for the whole run,
 * and GET /full/sync/status read every second while it goes on.
 */
import { spawn } from "node:child_process";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ROUTES } from "@fulfillment/functions/routes";
import { getRun } from "@fulfillment/functions/storage/sync/runs";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { freePort, startDynamoDbLocal } from "../engine/dynamodb-local.js";
import { newAccessKey } from "../engine/access-key.js";
import { localConfig } from "../config.js";
import { syncStepsTable, useLocalSyncMachine } from "../sync/machine.js";
import { loadDataset } from "../loader/load.js";
import { seedFromDataset, startSandboxMarketplace } from "../sandbox/index.js";
import { fixedRecords, sizedRecords } from "./dataset.js";
import { call, loadHandler } from "./endpoints.js";
import { table } from "./report.js";
import { pointAtSandbox } from "./sandbox-env.js";

/** Issue 39's targets for 8,000 ads at 50 ms per marketplace call. */
export const DISK_SYNC_TARGETS = { ads: 8_000, latencyMs: 50, postAnswerMs: 25_000, maxCalls: 9_000, doneMs: 90_000 };

const STATUS_EVERY_MS = 1_000;

export interface DiskSyncFigures {
  ads: number;
  latencyMs: number;
  state: string;
  postAnswerMs: number;
  postStatus: number;
  /** From the POST until the run's execution ended. */
  doneMs: number;
  marketplaceCalls: number;
  /** The run's calls per resource (the path without ids and query), and how many asked again for what an earlier call had asked. */
  callsByResource: Record<string, { calls: number; repeated: number }>;
  inventories: number;
  failed: number;
  statusReads: number;
  /** Status reads that did not answer 200: their status and message. */
  statusFailures: string[];
  /** Whether the CPU-bound process was still running when the run ended. */
  busyCoreHeld: boolean;
}

/** Calls per resource, ids and query left out (`/inventories/:id/stock`), with those that repeat an earlier call exactly. */
export function callsByResource(requests: readonly { method: string; path: string }[]): Record<string, { calls: number; repeated: number }> {
  const seen = new Set<string>();
  const counts: Record<string, { calls: number; repeated: number }> = {};
  for (const { method, path } of requests) {
    const resource = `${method} ${path.split("?")[0]!.replace(/\/[A-Z]*[0-9][A-Za-z0-9_-]*/g, "/:id")}`;
    const entry = (counts[resource] ??= { calls: 0, repeated: 0 });
    entry.calls++;
    if (seen.has(`${method} ${path}`)) entry.repeated++;
    seen.add(`${method} ${path}`);
  }
  return counts;
}

/** A process that keeps one core busy until stopped. */
export function busyCore(): { running: () => boolean; stop: () => void } {
  const child = spawn(process.execPath, ["-e", "for (;;) {}"], { stdio: "ignore" });
  let exited = false;
  child.once("exit", () => (exited = true));
  return { running: () => !exited, stop: () => void child.kill("SIGKILL") };
}

/** `ads` Full ads synced on a fresh on-disk engine with the other core busy. */
export async function measureDiskSync(ads = DISK_SYNC_TARGETS.ads, latencyMs = DISK_SYNC_TARGETS.latencyMs): Promise<DiskSyncFigures> {
  const dataDir = mkdtempSync(join(tmpdir(), "bench-sync-disk-"));
  const engine = await startDynamoDbLocal({ port: await freePort(), dataDir, heapMb: localConfig().dynamoHeapMb });
  const accessKeyId = newAccessKey();
  const name = "fulfillment";
  const setup: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, accessKeyId, budget: ADMIN_TIME_BUDGET }), table: name, bulkWrites: "transactions" };
  // As npm start writes to its engine on disk (config.ts): many-item writes as transactions.
  const bulkWrites = process.env.DYNAMODB_BULK_WRITES;
  process.env.DYNAMODB_BULK_WRITES = "transactions";
  let busy: ReturnType<typeof busyCore> | undefined;
  let restoreEnv: (() => void) | undefined;
  try {
    await ensureTable(setup.doc, name);
    const today = await businessToday(setup);
    const records = sizedRecords(0, ads);
    const fullAds = records.ads.map((ad) => ({ ...ad, is_full: true }));
    const sandbox = await startSandboxMarketplace({ seed: seedFromDataset({ ads: fullAds, inventory: records.inventory }, { today }), latencyMs });
    try {
      const fixed = fixedRecords(today);
      await loadDataset(setup, { ads: fullAds, tariffs: fixed.tariffs, settings: fixed.settings, credentials: [{ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId }] });
      restoreEnv = pointAtSandbox(sandbox);
      // As npm start: the API on the service's own time budget, the steps on their own client.
      const api: TableRef = { doc: createDocumentClient({ endpoint: engine.endpoint, accessKeyId }), table: name };
      useTable(api);
      const machine = useLocalSyncMachine({ steps: syncStepsTable({ endpoint: engine.endpoint, accessKeyId, table: name }) });
      const post = ROUTES.find((r) => r.method === "POST" && r.path === "/full/sync")!;
      const status = ROUTES.find((r) => r.method === "GET" && r.path === "/full/sync/status")!;
      const [postHandler, statusHandler] = await Promise.all([loadHandler(post.handler), loadHandler(status.handler)]);

      busy = busyCore();
      const before = sandbox.requests.length;
      const start = performance.now();
      let running = true;
      const statuses: { code: number; body: string }[] = [];
      const reads = (async () => {
        while (running) {
          const answer = await call(statusHandler, { method: "GET", path: status.path }, status.timeoutSeconds, [200, 500, 503]).catch((error: Error) => ({ statusCode: 0, body: error.message }));
          statuses.push({ code: answer.statusCode ?? 0, body: String(answer.body ?? "") });
          await new Promise((resolve) => setTimeout(resolve, STATUS_EVERY_MS));
        }
      })();
      const result = await call(postHandler, { method: "POST", path: post.path }, post.timeoutSeconds, [200, 202, 500, 503]);
      const postAnswerMs = performance.now() - start;
      await machine.settled();
      const doneMs = performance.now() - start;
      const busyCoreHeld = busy.running();
      running = false;
      await reads;
      const body = JSON.parse(result.body ?? "{}") as { run_id?: string; run?: { id: string } };
      const run = await getRun(api, body.run_id ?? body.run?.id ?? "");
      return {
        ads,
        latencyMs,
        state: run?.state ?? "unknown",
        postAnswerMs,
        postStatus: result.statusCode ?? 0,
        doneMs,
        marketplaceCalls: sandbox.requests.length - before,
        callsByResource: callsByResource(sandbox.requests.slice(before)),
        inventories: run?.result?.inventories ?? 0,
        failed: run?.failed_count ?? 0,
        statusReads: statuses.length,
        statusFailures: statuses.filter((s) => s.code !== 200).map((s) => `${s.code} ${s.body.slice(0, 120)}`),
        busyCoreHeld,
      };
    } finally {
      await sandbox.stop();
    }
  } finally {
    busy?.stop();
    restoreEnv?.();
    if (bulkWrites === undefined) delete process.env.DYNAMODB_BULK_WRITES;
    else process.env.DYNAMODB_BULK_WRITES = bulkWrites;
    await engine.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

const verdict = (met: boolean): string => (met ? "met" : "MISSED");

/** Each of the targets with its figure and verdict. */
export function diskSyncTable(f: DiskSyncFigures): string {
  const t = DISK_SYNC_TARGETS;
  const rows: (string | number)[][] = [
    ["run succeeds", `${f.state} (${f.inventories} inventories, ${f.failed} failed)`, "succeeded", verdict(f.state === "succeeded")],
    ["POST answer", `${(f.postAnswerMs / 1000).toFixed(2)} s (${f.postStatus})`, `≤ ${t.postAnswerMs / 1000} s`, verdict(f.postAnswerMs <= t.postAnswerMs)],
    ["marketplace calls", String(f.marketplaceCalls), `≤ ${t.maxCalls}`, verdict(f.marketplaceCalls <= t.maxCalls)],
    ["done after POST", `${(f.doneMs / 1000).toFixed(1)} s`, `≤ ${t.doneMs / 1000} s`, verdict(f.doneMs <= t.doneMs)],
    ["status reads 200", `${f.statusReads - f.statusFailures.length} of ${f.statusReads}`, "all", verdict(f.statusFailures.length === 0 && f.statusReads > 0)],
    ["other core busy throughout", f.busyCoreHeld ? "yes" : "no", "yes", verdict(f.busyCoreHeld)],
  ];
  const failures = f.statusFailures.slice(0, 5).map((line) => `  status read: ${line}`);
  const calls = Object.entries(f.callsByResource)
    .sort(([, a], [, b]) => b.calls - a.calls)
    .map(([resource, { calls, repeated }]) => `  calls ${resource}: ${calls} (${repeated} asking again for what an earlier call asked)`);
  return [
    table(`Sync of ${f.ads} Full ads on the default on-disk engine, ${f.latencyMs} ms per marketplace call, a CPU-bound process on the other core`, ["target", "measured", "target value", "verdict"], rows),
    ...failures,
    ...calls,
  ].join("\n");
}
