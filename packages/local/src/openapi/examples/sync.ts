/** Examples of the sync: a run started, its status and the run history. */
import { Messages, MissingInputs, StorageCost, Sync } from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import { SyncRunningError } from "@fulfillment/functions/services/sync/errors";
import type { DemoDataset } from "../../demo/generate.js";
import { commonErrors, EXAMPLE_DAY, one, type Examples } from "./common.js";

export function syncExamples(data: DemoDataset): Examples {
  const fullAds = data.ads.filter((ad) => ad.is_full);
  const activeTariffs = StorageCost.activeTariffs(data.tariffs);
  const costs = StorageCost.computeCosts({ ads: data.ads, inventory: data.inventory, tariffs: activeTariffs, now: new Date(`${EXAMPLE_DAY}T09:00:00Z`) });

  // Runs of the demo day: a scheduled one that succeeded, an API one that could not reach the marketplace, one under way.
  const at = (time: string): Date => new Date(`${EXAMPLE_DAY}T${time}Z`);
  const succeeded = Sync.startedRun(Sync.runId(at("06:00:00.120"), "4f1c2a"), "schedule", at("06:00:00.120"));
  const lastRun = Sync.finishedRun(succeeded, {
    state: "succeeded",
    at: at("06:00:04.870"),
    result: {
      ads_full: fullAds.length,
      inventories: data.inventory.length,
      dimensions_updated: 0,
      cost_updated: costs.metrics.length,
      cost_skipped: costs.skipped,
      tariffs_active: activeTariffs.length,
    },
    failed: [],
    error: null,
    progress: { ads_total: fullAds.length, ads_done: fullAds.length, shards_total: 1, shards_done: 1 },
    drift: { count: 0, inventories: [] },
  });
  const failing = Sync.startedRun(Sync.runId(at("13:10:05.002"), "a93e07"), "api", at("13:10:05.002"), { actor: "client 4mq7v2example", request_id: "Kx8rTgBIoAMEVdw=" });
  const failedRun = Sync.finishedRun(failing, {
    state: "failed",
    at: at("13:10:08.951"),
    result: null,
    failed: [],
    error: "marketplace unreachable at api.mercadolibre.com: connection refused (ECONNREFUSED)",
    progress: { ads_total: fullAds.length, ads_done: fullAds.length, shards_total: 1, shards_done: 0 },
  });
  const runningRun: Sync.SyncRun = {
    ...Sync.startedRun(Sync.runId(at("14:02:00.310"), "0b7d55"), "api", at("14:02:00.310"), { actor: "ana@example.com (5f1c2d3e-aaaa-4bbb-8ccc-0123456789ab)", request_id: "Kx9aQhCBoAMEbxA=" }),
    heartbeat_at: at("14:02:15.310").toISOString(),
    progress: { ads_total: fullAds.length, ads_done: 12, shards_total: 1, shards_done: 0 },
  };

  return {
    runSync: {
      responses: {
        200: {
          ...one("The demo catalogue against the sandbox marketplace", {
            success: true,
            run_id: lastRun.id,
            stock: { ads_full: fullAds.length, inventories: data.inventory.length, dimensions_updated: 0, failed: [] },
            cost: { updated: costs.metrics.length, skipped: costs.skipped, tariffs_active: activeTariffs.length },
            discovery: { listed: fullAds.length, added: 0, updated: 0, no_longer_full: 0, sales_from_ledger: 0, failed: [], error: null },
            warnings: [],
          }),
          no_tariffs: one("A new seller before the tariff table is added", {
            success: true,
            run_id: lastRun.id,
            stock: { ads_full: fullAds.length, inventories: data.inventory.length, dimensions_updated: 0, failed: [] },
            cost: { updated: 0, skipped: costs.metrics.length + costs.skipped, tariffs_active: 0 },
            discovery: { listed: fullAds.length, added: fullAds.length, updated: 0, no_longer_full: 0, sales_from_ledger: 0, failed: [], error: null },
            warnings: Messages.describeAll(MissingInputs.missingInputWarnings({ activeTariffs: 0 })),
          }).demo!,
        },
        409: one("A sync is running", errorBody("success", new SyncRunningError({ runId: runningRun.id, heartbeatAt: runningRun.heartbeat_at! }).message)),
        ...commonErrors("success"),
        500: {
          unreachable: { summary: "Marketplace unreachable", value: errorBody("success", `Sync failed: ${failedRun.error}`) },
          refresh: {
            summary: "Token refresh rejected",
            value: errorBody("success", "Sync failed: token refresh rejected: invalid_grant (POST /oauth/token: HTTP 400 invalid_grant: Error validating grant)"),
          },
          configuration: {
            summary: "Not configured",
            value: errorBody(
              "success",
              "Sync failed: The marketplace client secret is not configured (MARKETPLACE_CLIENT_SECRET): the sync cannot refresh the marketplace token",
            ),
          },
        },
      },
    },
    getSyncStatus: {
      responses: {
        200: {
          demo: {
            summary: "A run under way after a failed one",
            value: { success: true, running: runningRun, last: failedRun, last_success: lastRun, next_scheduled_at: Sync.nextDailySync(new Date(runningRun.started_at)).toISOString() },
          },
        },
        ...commonErrors("success"),
      },
    },
    listSyncRuns: {
      responses: {
        200: one("Three runs, newest first", { success: true, runs: [runningRun, failedRun, lastRun] }),
        400: one("A bad limit", errorBody("success", 'limit must be a whole number from 1 to 100, got "500"')),
        ...commonErrors("success"),
      },
    },
  };
}
