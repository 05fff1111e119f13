/**
 * The notifications bench: the pieces npm start runs (the local gateway over HTTP, the local queue
 * and the deployed consumer, the sandbox marketplace sending its notifications to the gateway) on
 * a catalogue of a given size. It measures how long an operation the marketplace records takes to
 * show in GET /full/overview and GET /full/inventory/{ad_id}, how the endpoint answers a burst of
 * notifications, and the drift a full sync finds afterwards.
 */
import { randomUUID } from "node:crypto";
import type { Server } from "node:http";
import { Worker } from "node:worker_threads";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { ALL_FIELDS, listInventory } from "@fulfillment/functions/storage/inventory";
import { listDailyStockSince } from "@fulfillment/functions/storage/daily-stock";
import { refreshReadModel } from "@fulfillment/functions/services/read-model/refresh";
import { startSync } from "@fulfillment/functions/services/sync/start";
import { getRun } from "@fulfillment/functions/storage/sync/runs";
import { forgetConnectedSeller } from "@fulfillment/functions/services/notifications/intake";
import { notificationCounts, resetNotificationCounts } from "@fulfillment/functions/services/notifications/tally";
import { createGateway } from "../gateway/server.js";
import { freePort } from "../engine/ports.js";
import { loadDataset } from "../loader/load.js";
import { useLocalNotificationQueue, type LocalNotificationQueue } from "../notifications/queue.js";
import { seedFromDataset, startSandboxMarketplace, type SandboxMarketplace, type SandboxNotification } from "../sandbox/index.js";
import { useLocalSyncMachine } from "../sync/machine.js";
import { adId, fixedRecords, isLeftover, sizedRecords } from "./dataset.js";
import type { BurstAnswer, BurstInput } from "./burst-worker.js";
import { progress } from "./report.js";
import { pointAtSandbox } from "./sandbox-env.js";

/** Issue targets, measured locally. */
export const NOTIFICATION_TARGETS = { endpointP99Ms: 100, readAfterP95Ms: 2_000, maxGrowthRatio: 1.2, drift: 0 };

/** A running catalogue: table, sandbox, gateway and queue, as npm start wires them. */
export interface Service {
  size: number;
  ref: TableRef;
  /** The bench's own reads of whole collections: a patient client, as set-up uses. */
  setup: TableRef;
  url: string;
  sandbox: SandboxMarketplace;
  queue: LocalNotificationQueue;
  today: string;
  stop(): Promise<void>;
}


/**
 * `size` Full ads with one inventory each, in the table and in the sandbox. With `sync`, the
 * inventory is stored by a full sync of the sandbox (what the drift is judged against); without,
 * it is loaded as the dataset holds it (a sync of 100,000 ads takes too long for a bench).
 */
export async function startService(endpoint: string, today: string, size: number, { sync }: { sync: boolean }): Promise<Service> {
  const records = sizedRecords(0, size, undefined, { stockOnly: true });
  const fixed = fixedRecords(today);
  const sandbox = await startSandboxMarketplace({ host: "127.0.0.1", seed: seedFromDataset({ ads: records.ads, inventory: records.inventory }, { today }) });
  const tableName = `bench-notifications-${randomUUID()}`;
  const ref: TableRef = { doc: createDocumentClient({ endpoint }), table: tableName };
  const setup: TableRef = { doc: createDocumentClient({ endpoint, budget: ADMIN_TIME_BUDGET }), table: tableName };
  await ensureTable(setup.doc, tableName);
  process.env.TABLE_NAME = tableName;
  const restoreEnv = pointAtSandbox(sandbox);
  useTable(ref);
  forgetConnectedSeller();
  const credentials = [{ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId }];
  progress(`${size} inventories: ${sync ? "loading the ads, then a full sync of the sandbox" : "loading ads and inventory"}`);
  await loadDataset(setup, { ads: records.ads, ...(sync ? {} : { inventory: records.inventory }), tariffs: fixed.tariffs, settings: fixed.settings, credentials });
  if (sync) {
    useLocalSyncMachine();
    const answer = await startSync(ref, "api", { waitMs: 2 ** 31 - 1 });
    if (!("finished" in answer)) throw new Error("the bench's sync did not finish");
  }
  // The views the measured reads use: the planning reports' rebuild at 100,000 records is long and measures nothing here.
  const views = ["overview", "warnings", "list", "ad_headers"] as const;
  for (let attempt = 1; attempt <= 3; attempt++) {
    const { stale } = await refreshReadModel(setup, { views });
    if (stale.length === 0) break;
    progress(`views still stale after the load (rebuild ${attempt}): ${stale.join(", ")}`);
  }
  const queue = useLocalNotificationQueue({ log: (line) => progress(line) });
  const server: Server = createGateway();
  const port = await freePort();
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const url = `http://127.0.0.1:${port}`;
  sandbox.notifications.sendTo(`${url}/marketplace/notifications`);
  return {
    size,
    ref,
    setup,
    url,
    sandbox,
    queue,
    today,
    async stop() {
      queue.stop();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      server.closeAllConnections?.();
      await sandbox.stop();
      restoreEnv();
    },
  };
}

async function getJson<T>(url: string): Promise<T> {
  const response = await fetch(url);
  if (response.status !== 200) throw new Error(`GET ${url} answered ${response.status}`);
  return (await response.json()) as T;
}

interface OverviewAnswer {
  summary: { units_available?: number };
}
interface DetailAnswer {
  inventories: { inventory_id: string; available_qty: number | null }[];
}

/** Ads with a Full inventory, spread over the catalogue. */
const sampledAd = (service: Service, n: number): string => {
  let i = Math.floor(((n + 0.5) * service.size) / 37) % service.size;
  while (isLeftover(i)) i = (i + 1) % service.size;
  return adId(i);
};

const POLL_MS = 10;
const SHOW_TIMEOUT_MS = 30_000;

/**
 * Milliseconds from the sandbox recording a reception (POST /_sandbox/operations, as npm run
 * sandbox does) to both the overview and the ad's detail showing it; Infinity past 30 s.
 */
async function readAfterOperation(service: Service, adToChange: string): Promise<number> {
  const before = await getJson<OverviewAnswer>(`${service.url}/full/overview`);
  const started = performance.now();
  const recorded = await fetch(`${service.sandbox.url}/_sandbox/operations`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ type: "reception", ad_id: adToChange, quantity: 1 }),
  });
  const body = (await recorded.json()) as { operation: { inventory_id: string }; available_after: number };
  if (recorded.status !== 201) throw new Error(`the sandbox refused a reception on ${adToChange}: ${JSON.stringify(body)}`);
  const expected = (before.summary.units_available ?? 0) + 1;
  let overviewShown = false;
  let detailShown = false;
  while (performance.now() - started < SHOW_TIMEOUT_MS) {
    const [overview, detail]: [OverviewAnswer | undefined, DetailAnswer | undefined] = await Promise.all([
      overviewShown ? undefined : getJson<OverviewAnswer>(`${service.url}/full/overview`),
      detailShown ? undefined : getJson<DetailAnswer>(`${service.url}/full/inventory/${adToChange}`),
    ]);
    overviewShown ||= overview?.summary.units_available === expected;
    detailShown ||= detail?.inventories.find((inventory) => inventory.inventory_id === body.operation.inventory_id)?.available_qty === body.available_after;
    if (overviewShown && detailShown) return performance.now() - started;
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
  }
  return Number.POSITIVE_INFINITY;
}

/** `samples` operations one after the other, each on another ad: the time each took to show. */
export async function measureReadAfter(service: Service, samples: number): Promise<number[]> {
  progress(`${service.size} inventories: ${samples} receptions, each followed until the overview and the detail show it`);
  const times: number[] = [];
  for (let n = 0; n < samples; n++) times.push(await readAfterOperation(service, sampledAd(service, n)));
  await service.queue.settled();
  return times;
}

export interface BurstFigures {
  sent: number;
  durationMs: number;
  answers: BurstAnswer[];
  /** From the last answer to the queue being empty. */
  drainMs: number;
  /** Notifications applied or found to change nothing (a sale and a reception can cancel out). */
  taken: number;
  deadLetters: number;
  /** Inventories whose stored available units differ from the sandbox's after the burst. */
  stockDiffers: number;
}

/**
 * `count` operations recorded in the sandbox (receptions, and sales where units are available),
 * their notifications sent to the gateway at even intervals over `durationMs` from a thread of
 * their own, then the queue drained.
 */
export async function measureBurst(service: Service, count: number, durationMs: number): Promise<BurstFigures> {
  const { sandbox, queue } = service;
  sandbox.notifications.hold();
  const available = new Map<string, number>();
  for (let n = 0; n < count; n++) {
    const ad = sampledAd(service, n * 7 + 3);
    const kind = n % 3 === 2 ? "sale" : "reception";
    let recorded;
    try {
      recorded = sandbox.record({ kind, adId: ad, quantity: 1 });
    } catch {
      recorded = sandbox.record({ kind: "reception", adId: ad, quantity: 1 });
    }
    available.set(recorded.operation.inventory_id, recorded.after);
  }
  const notifications: SandboxNotification[] = sandbox.notifications.take();
  sandbox.notifications.hold(false);
  resetNotificationCounts();
  progress(`${service.size} inventories: a burst of ${notifications.length} notifications over ${durationMs / 1000} s`);
  const input: BurstInput = { url: `${service.url}/marketplace/notifications`, bodies: notifications.map((notification) => JSON.stringify(notification)), durationMs };
  const started = performance.now();
  const answers = await new Promise<BurstAnswer[]>((resolve, reject) => {
    const worker = new Worker(new URL("./burst-worker.ts", import.meta.url), { workerData: input });
    worker.once("message", (message: BurstAnswer[]) => {
      resolve(message);
      void worker.terminate();
    });
    worker.once("error", reject);
  });
  const answered = performance.now();
  await queue.settled();
  const drainMs = performance.now() - answered;
  const counts = notificationCounts();
  const stored = await listInventory(service.setup, ["inventory_id", "available_qty"]);
  const stockDiffers = stored.filter((record) => available.has(record.inventory_id) && available.get(record.inventory_id) !== record.available_qty).length;
  progress(`burst answered in ${((answered - started) / 1000).toFixed(1)} s, queue drained ${(drainMs / 1000).toFixed(1)} s later`);
  return {
    sent: notifications.length,
    durationMs,
    answers,
    drainMs,
    taken: (counts.applied ?? 0) + (counts.unchanged ?? 0),
    deadLetters: queue.deadLetters.length,
    stockDiffers,
  };
}

export interface DriftFigures {
  inventories: number;
  /** The reconciliation's drift, as the run records it (core sync/drift.ts: stock by state and lots). */
  drifted: number;
  first: unknown[];
  /** Inventories whose whole record or today's daily row the sync changed (updated_at aside): a stricter comparison. */
  recordsChanged: number;
}

/** The stock of every inventory (record and today's daily row) as stored, the record's updated_at aside. */
async function stockState(service: Service): Promise<Map<string, string>> {
  const records = await listInventory(service.setup, ALL_FIELDS);
  const rows = await listDailyStockSince(service.setup, records.map((record) => record.inventory_id), service.today);
  const rowOf = new Map(rows.filter((row) => row.day === service.today).map((row) => [row.inventory_id, row]));
  return new Map(records.map(({ updated_at: _updated, ...record }) => [record.inventory_id, JSON.stringify({ record, today: rowOf.get(record.inventory_id) ?? null })]));
}

/** The drift a full sync finds after the notifications: the run's own, and every stored field the sync changed. */
export async function measureDrift(service: Service): Promise<DriftFigures> {
  progress(`${service.size} inventories: a full sync, compared with what the notifications built`);
  const built = await stockState(service);
  useLocalSyncMachine();
  const answer = await startSync(service.ref, "api", { waitMs: 2 ** 31 - 1 });
  if (!("finished" in answer)) throw new Error("the reconciliation sync did not finish");
  const run = await getRun(service.setup, answer.finished.run_id);
  const synced = await stockState(service);
  return {
    inventories: synced.size,
    drifted: run?.drift?.count ?? Number.NaN,
    first: (run?.drift?.inventories ?? []).slice(0, 3),
    recordsChanged: [...synced].filter(([id, state]) => built.get(id) !== state).length,
  };
}
