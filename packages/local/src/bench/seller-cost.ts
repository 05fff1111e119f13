/**
 * What one seller's day costs, counted on the local parts: a sync of the catalogue through the
 * state machine, stock operations through the notification endpoint and the queue's consumer,
 * and the console's and ERP's reads, each with its DynamoDB units (the capacity meter on every
 * client), its Lambda invocations and their durations, its state transitions, API Gateway and
 * SQS requests. cost.ts prices the month.
 */
import { randomUUID } from "node:crypto";
import type { SQSEvent } from "aws-lambda";
import { DescribeTableCommand } from "@aws-sdk/client-dynamodb";
import { createDocumentClient, useTable, type TableRef } from "@fulfillment/functions/storage/client";
import { ADMIN_TIME_BUDGET } from "@fulfillment/functions/storage/time-budget";
import { ensureTable } from "@fulfillment/functions/storage/create-table";
import { DEFAULT_MEMORY_MB, ROUTES } from "@fulfillment/functions/routes";
import { businessToday } from "@fulfillment/functions/services/business-time";
import { getRun } from "@fulfillment/functions/storage/sync/runs";
import { forgetConnectedSeller } from "@fulfillment/functions/services/notifications/intake";
import { handler as consumerHandler } from "@fulfillment/functions/handlers/jobs/marketplace-notifications";
import { SYNC_TASK_STATES } from "@fulfillment/stacks/sync-settings";
import { loadDataset } from "../loader/load.js";
import { useLocalNotificationQueue } from "../notifications/queue.js";
import { seedFromDataset, startSandboxMarketplace } from "../sandbox/index.js";
import { syncStepsTable, useLocalSyncMachine } from "../sync/machine.js";
import { meterCapacity, type CapacityMeter } from "./capacity.js";
import { gbSeconds, NO_USAGE, ONE_SELLER, scaleUsage, syncStateTransitions, type SellerDay, type Usage } from "./cost.js";
import { adId, fixedRecords, isLeftover, sizedRecords } from "./dataset.js";
import { call, loadHandler } from "./endpoints.js";
import { pointAtSandbox } from "./sandbox-env.js";

/** Operations and reads counted, then divided: enough to average batches and pages out. */
const OPERATIONS = 60;
const READS_PER_ENDPOINT = 20;

const routeOf = (method: string, path: string) => ROUTES.find((r) => r.method === method && r.path === path)!;

function metered(meters: CapacityMeter[]): { read: () => { readUnits: number; writeUnits: number }; reset: () => void } {
  return {
    read: () => ({ readUnits: meters.reduce((sum, m) => sum + m.readUnits, 0), writeUnits: meters.reduce((sum, m) => sum + m.writeUnits, 0) }),
    reset: () => meters.forEach((m) => m.reset()),
  };
}

export interface SellerCostFigures {
  ads: number;
  day: Omit<SellerDay, "operations" | "reads" | "storedGb">;
  /** The sync's write units per ad: the same at every catalogue size when the sync scales. */
  syncWriteUnitsPerAd: number;
  /** What the table holds after the day, as the engine reports it (0 when it does not). */
  storedBytes: number;
  /** The next daily sync's reconciliation after the day's operations, all notified: inventories drifted. */
  reconciledDrift: number;
}

/** The day's parts for a catalogue of `ads` Full ads, on the engine at `endpoint`. */
export async function measureSellerCost(endpoint: string, ads: number): Promise<SellerCostFigures> {
  const tableName = `bench-cost-${randomUUID()}`;
  const setup: TableRef = { doc: createDocumentClient({ endpoint, budget: ADMIN_TIME_BUDGET }), table: tableName };
  await ensureTable(setup.doc, tableName);
  const today = await businessToday(setup);
  const records = sizedRecords(0, ads);
  const fullAds = records.ads.map((ad) => ({ ...ad, is_full: true }));
  const sandbox = await startSandboxMarketplace({ seed: seedFromDataset({ ads: fullAds, inventory: records.inventory }, { today }) });
  let restoreEnv: (() => void) | undefined;
  const api: TableRef = { doc: createDocumentClient({ endpoint }), table: tableName };
  const steps = syncStepsTable({ endpoint, table: tableName });
  const meter = metered([meterCapacity(api.doc), meterCapacity(steps.doc)]);
  try {
    const fixed = fixedRecords(today);
    await loadDataset(setup, { ads: fullAds, tariffs: fixed.tariffs, settings: fixed.settings, credentials: [{ provider: "mercadolivre", ...sandbox.tokens, user_id: sandbox.sellerId }] });
    restoreEnv = pointAtSandbox(sandbox);
    useTable(api);
    forgetConnectedSeller();

    // The sync: the POST's invocation, then each step's.
    const stepMs: number[] = [];
    let shardAttempts = 0;
    const machine = useLocalSyncMachine({
      steps,
      onStep: (state, ms) => {
        stepMs.push(ms);
        if (state === SYNC_TASK_STATES.shard) shardAttempts += 1;
      },
    });
    const post = routeOf("POST", "/full/sync");
    const postHandler = await loadHandler(post.handler);
    meter.reset();
    const postStarted = performance.now();
    await call(postHandler, { method: "POST", path: post.path }, post.timeoutSeconds, [200, 202]);
    const postMs = performance.now() - postStarted;
    await machine.settled();
    machine.stop();
    const syncUnits = meter.read();
    const sync: Usage = {
      ...NO_USAGE,
      ...syncUnits,
      lambdaInvocations: 1 + stepMs.length,
      lambdaGbSeconds: gbSeconds([postMs, ...stepMs], DEFAULT_MEMORY_MB),
      stateTransitions: syncStateTransitions(shardAttempts),
      apiRequests: 1,
    };

    // Stock operations: the marketplace's notification through the endpoint, the queue, the consumer.
    const intake = routeOf("POST", "/marketplace/notifications");
    const intakeHandler = await loadHandler(intake.handler);
    const consumerMs: number[] = [];
    let batches = 0;
    const queue = useLocalNotificationQueue({
      log: () => undefined,
      consumer: async (event: SQSEvent) => {
        batches += 1;
        const started = performance.now();
        try {
          return await consumerHandler(event, { getRemainingTimeInMillis: () => 30_000 } as never);
        } finally {
          consumerMs.push(performance.now() - started);
        }
      },
    });
    sandbox.notifications.hold();
    sandbox.notifications.take();
    meter.reset();
    const intakeMs: number[] = [];
    try {
      for (let i = 0; i < OPERATIONS; i++) {
        let index = (i * 37) % ads;
        while (isLeftover(index)) index = (index + 1) % ads;
        sandbox.record({ kind: "reception", adId: adId(index), quantity: 1 });
        for (const notification of sandbox.notifications.take()) {
          const started = performance.now();
          await call(intakeHandler, { method: "POST", path: intake.path, body: JSON.stringify(notification) }, intake.timeoutSeconds);
          intakeMs.push(performance.now() - started);
        }
      }
      await queue.settled();
    } finally {
      queue.stop();
      sandbox.notifications.hold(false);
    }
    const operationUnits = meter.read();
    const operations: Usage = {
      ...NO_USAGE,
      ...operationUnits,
      lambdaInvocations: intakeMs.length + batches,
      lambdaGbSeconds: gbSeconds([...intakeMs, ...consumerMs], DEFAULT_MEMORY_MB),
      apiRequests: intakeMs.length,
      // SendMessage per notification; a ReceiveMessage and a DeleteMessageBatch per batch.
      sqsRequests: intakeMs.length + 2 * batches,
    };

    // Reads: what the console and an ERP ask for most, in equal parts.
    const reads = [
      { route: routeOf("GET", "/full/overview"), request: { path: "/full/overview" } },
      { route: routeOf("GET", "/full/inventory"), request: { path: "/full/inventory", query: { per_page: "50" }, headers: { "accept-encoding": "gzip" } } },
      { route: routeOf("GET", "/full/inventory/{ad_id}"), request: { path: "/full/inventory/{ad_id}", pathParameters: { ad_id: adId(0) } } },
      { route: routeOf("GET", "/full/replenishment"), request: { path: "/full/replenishment" } },
      { route: routeOf("GET", "/settings"), request: { path: "/settings" } },
    ];
    const readMs: number[] = [];
    meter.reset();
    for (const { route, request } of reads) {
      const handler = await loadHandler(route.handler);
      for (let i = 0; i < READS_PER_ENDPOINT; i++) {
        const started = performance.now();
        await call(handler, request, route.timeoutSeconds);
        readMs.push(performance.now() - started);
      }
    }
    const readUnits = meter.read();
    const perRead: Usage = {
      ...NO_USAGE,
      ...readUnits,
      lambdaInvocations: readMs.length,
      lambdaGbSeconds: gbSeconds(readMs, DEFAULT_MEMORY_MB),
      apiRequests: readMs.length,
    };

    // The next day's sync reconciles what the notifications built: with none missed, nothing drifted.
    const reconcile = useLocalSyncMachine({ steps });
    const second = await call(postHandler, { method: "POST", path: post.path }, post.timeoutSeconds, [200, 202]);
    await reconcile.settled();
    reconcile.stop();
    const secondBody = JSON.parse(second.body ?? "{}") as { run_id?: string; run?: { id: string } };
    const reconciled = await getRun(api, secondBody.run_id ?? secondBody.run?.id ?? "");
    const described = await setup.doc.send(new DescribeTableCommand({ TableName: tableName }));
    return {
      ads,
      day: { sync, perOperation: scaleUsage(operations, 1 / OPERATIONS), perRead: scaleUsage(perRead, 1 / readMs.length) },
      syncWriteUnitsPerAd: syncUnits.writeUnits / ads,
      storedBytes: described.Table?.TableSizeBytes ?? 0,
      reconciledDrift: reconciled?.state === "succeeded" ? (reconciled.drift?.count ?? Number.NaN) : Number.NaN,
    };
  } finally {
    restoreEnv?.();
    await sandbox.stop();
  }
}

/** The seller: the day measured at its catalogue, its operations and reads, and what it stores. */
export function oneSellerDay(figures: SellerCostFigures): SellerDay {
  return { ...figures.day, operations: ONE_SELLER.operations, reads: ONE_SELLER.reads, storedGb: figures.storedBytes / 1e9 };
}
