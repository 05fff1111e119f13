/**
 * Examples of the OpenAPI document: the answers the core calculators give over the demo dataset
 * of a fixed day, so the document is realistic and the same on every run.
 */
import {
  Detail,
  History,
  InventoryList,
  Messages,
  MissingInputs,
  Overview,
  Replenishment,
  Restock,
  Settings,
  StorageCost,
  Sync,
  Tariffs,
  TariffVersions,
  StorageLedger,
  type Tariff,
  Time,
  type Ad,
  type SkuMetric,
} from "@fulfillment/core";
import { errorBody } from "@fulfillment/functions/http/envelope";
import { PayloadTooLargeError } from "@fulfillment/functions/errors";
import { parseRequest } from "@fulfillment/functions/http/handler";
import type { HttpRequest } from "@fulfillment/functions/http/request";
import type { Endpoint } from "@fulfillment/functions/contract/schema";
import { getAgedStock } from "@fulfillment/functions/contract/aged-stock";
import { getRestockPlan, updateSkuPlanning } from "@fulfillment/functions/contract/planning";
import { MAX_REQUEST_BODY_BYTES, RESPONSE_PAYLOAD_BUDGET_BYTES } from "@fulfillment/functions/http/limits";
import { IMPORT_MAX_BODY_BYTES, type ErrorEnvelope } from "@fulfillment/functions/routes";
import { SyncRunningError } from "@fulfillment/functions/services/sync/errors";
import { generateDemoDataset } from "../demo/generate.js";
import { demoAgedStock, demoRestockPlan } from "../demo/reports.js";

/** The demo day the examples are computed for. */
export const EXAMPLE_DAY = "2026-11-21";

export interface Example {
  summary: string;
  value: unknown;
}

/** Examples of one operation: request body and responses by status, each by name. */
export interface OperationExamples {
  request?: Record<string, Example>;
  responses: Record<number, Record<string, Example>>;
}

const one = (summary: string, value: unknown): Record<string, Example> => ({ demo: { summary, value } });

const SHOWN_ITEMS = 3;
const SHOWN_DAYS = 7;
const SHOWN_LOGS = 3;

/** A request id as Lambda gives it, fixed so the document does not change between runs. */
const REQUEST_ID = "3f8c1a52-7d4e-4b1a-9c2e-5a6b7c8d9e0f";

/** Error examples of the statuses every route shares, in the route family's envelope. */
function commonErrors(envelope: ErrorEnvelope, bodyLimit = MAX_REQUEST_BODY_BYTES): Record<number, Record<string, Example>> {
  return {
    406: one(
      "Answer too large to send uncompressed",
      errorBody(
        envelope,
        `The response is too large to send uncompressed (6291700 bytes; responses are limited to ${RESPONSE_PAYLOAD_BUDGET_BYTES} bytes); send the header "Accept-Encoding: gzip" (or br) to receive it compressed`,
      ),
    ),
    413: one("Body too large", errorBody(envelope, new PayloadTooLargeError(bodyLimit).message)),
    500: one("Unexpected failure", errorBody(envelope, `Unexpected failure while handling the request (request id ${REQUEST_ID})`)),
  };
}

/** The text the endpoint's request schema answers a refused request with. */
function refusal(endpoint: Endpoint, request: Partial<HttpRequest>): string {
  try {
    parseRequest(endpoint, { pathParameters: {}, query: {}, headers: {}, body: undefined, ...request } as HttpRequest);
  } catch (error) {
    return (error as Error).message;
  }
  throw new Error("Expected the request to be refused");
}

/** Examples by route key ("GET /full/inventory/{ad_id}"). */
export function demoExamples(): Record<string, OperationExamples> {
  const data = generateDemoDataset({ today: EXAMPLE_DAY });
  const adsById = new Map<string, Ad>(data.ads.map((ad) => [ad.id, ad]));
  const metricsBySku = new Map<string, SkuMetric>(data.metrics.map((metric) => [metric.sku, metric]));
  const shownDemo = "Demo dataset";

  // Replenishment over the whole catalogue, shortened to its first items.
  const replenishment = Replenishment.computeReplenishment({
    inventory: data.inventory,
    localStock: data.local_stock,
    candidates: data.ads.filter((ad) => ad.is_full && ad.sku !== null),
    targetDays: Replenishment.DEFAULT_TARGET_DAYS,
    triggerDays: Replenishment.DEFAULT_TRIGGER_DAYS,
  });
  const replenishmentShown = replenishment.items.slice(0, SHOWN_ITEMS);

  // The inventory list and the detail: real answers over part of the records.
  const listedInventory = data.inventory.slice(0, SHOWN_ITEMS + 1);
  const inventoryList = InventoryList.buildInventoryList(listedInventory, adsById, metricsBySku, { sortBy: "coverage", alertsOnly: false });
  const detailAd = data.ads.find((ad) => data.inventory.filter((record) => record.ad_id === ad.id).length > 1) ?? data.ads[0]!;
  const detailInventories = data.inventory.filter((record) => record.ad_id === detailAd.id);
  const recentRows = data.daily_stock.filter((row) => row.day > Time.addDays(EXAMPLE_DAY, -SHOWN_DAYS));
  const detail = Detail.buildDetail(detailAd.id, detailAd, detailInventories, recentRows, EXAMPLE_DAY);

  const tariffs = Tariffs.sortTariffs(data.tariffs).map(Tariffs.tariffOutput);
  const createRequest = { name: "Mini (até 0,5 L)", min_volume_l: 0, max_volume_l: 0.5, daily_fee: 0.005, inbound_fee: 0.3 };
  const created = { id: Math.max(...data.tariffs.map((t) => t.id)) + 1, ...Tariffs.tariffFromCreateBody(createRequest) };
  const updateRequest = { daily_fee: 0.25, active: true };
  const updated = Tariffs.applyTariffPatch(data.tariffs[data.tariffs.length - 1]!, Tariffs.tariffPatchFromBody(updateRequest));
  const recordedAt = `${EXAMPLE_DAY}T12:10:00.000Z`;
  const versionOf = (tariff: { id: number }, version: number, action: TariffVersions.VersionAction, effective_from: string): TariffVersions.VersionSummary => ({
    tariff_id: tariff.id,
    version,
    effective_from,
    action,
    actor: "local",
    recorded_at: recordedAt,
  });
  const nextMonth = `${Time.addDays(`${EXAMPLE_DAY.slice(0, 8)}01`, 31).slice(0, 8)}01`;
  const tariffVersions = [
    ...data.tariffs.map((tariff) => ({ ...TariffVersions.versionSummary(TariffVersions.baseVersion(tariff)), request_id: null, tariff: Tariffs.tariffOutput(tariff), in_force: true })),
  ];

  const zone = Time.DEFAULT_TIME_ZONE;
  const instant = (timestamp: string) => Time.timestampToInstant(zone, timestamp)?.getTime() ?? 0;
  const history = data.system_logs
    .filter((entry) => entry.module === History.FORECASTING_MODULE)
    .sort((a, b) => instant(b.timestamp) - instant(a.timestamp) || b.id - a.id)
    .slice(0, SHOWN_LOGS)
    .map(History.historyEntry);

  // The restock plan and the aged-stock report over the demo dataset, shortened.
  const restockPlan = demoRestockPlan(data, EXAMPLE_DAY);
  const agedStock = demoAgedStock(data, EXAMPLE_DAY);
  const planningRequest = { case_pack: 12, snooze_until: Time.addDays(EXAMPLE_DAY, 7) };
  const planned = { ...Restock.noPlanning("PISC-CLAR-1L"), ...planningRequest, updated_at: `${EXAMPLE_DAY}T13:05:00.000Z` };

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
    "GET /full/replenishment": {
      responses: {
        200: one(`${shownDemo}, target_days 30 and trigger_days 14 (the first ${replenishmentShown.length} of ${replenishment.count} items)`, {
          ...replenishment,
          count: replenishmentShown.length,
          items: replenishmentShown,
        }),
        ...commonErrors("error"),
      },
    },
    "GET /full/overview": {
      responses: {
        200: {
          demo: { summary: shownDemo, value: { ...Overview.computeOverview(data.inventory, adsById), warnings: [] } },
          empty: {
            summary: "No inventory records yet, no tariff, no local stock",
            value: { ...Overview.computeOverview([], new Map()), warnings: Messages.describeAll(MissingInputs.missingInputWarnings({ activeTariffs: 0, localStockRows: 0 })) },
          },
        },
        ...commonErrors("has_data"),
      },
    },
    "GET /full/inventory": {
      responses: {
        200: one(`${SHOWN_ITEMS + 1} records of the demo dataset, sort_by coverage`, inventoryList),
        ...commonErrors("has_data"),
      },
    },
    "GET /full/inventory/{ad_id}": {
      responses: {
        200: one(`An ad with variations in the demo dataset (series shortened to the last ${SHOWN_DAYS} days)`, detail),
        404: one("No inventory records", errorBody("error", "No fulfillment inventory for ad MLB1234567890")),
        ...commonErrors("error"),
      },
    },
    "POST /full/sync": {
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
    "GET /full/sync/status": {
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
    "GET /full/sync/runs": {
      responses: {
        200: one("Three runs, newest first", { success: true, runs: [runningRun, failedRun, lastRun] }),
        400: one("A bad limit", errorBody("success", 'limit must be a whole number from 1 to 100, got "500"')),
        ...commonErrors("success"),
      },
    },
    "GET /full/restock-plan": {
      responses: {
        200: one(`${shownDemo} (the first ${SHOWN_ITEMS} of ${restockPlan.items.length} lines)`, {
          ...restockPlan,
          items: restockPlan.items.slice(0, SHOWN_ITEMS),
        }),
        400: one("target_days out of range", errorBody("success", refusal(getRestockPlan, { query: { target_days: "120" } }))),
        ...commonErrors("success"),
      },
    },
    "GET /full/aged-stock": {
      responses: {
        200: one(`${shownDemo} (the first 2 of ${agedStock.skus.length} SKUs)`, { ...agedStock, skus: agedStock.skus.slice(0, 2) }),
        400: one("Unknown format", errorBody("success", refusal(getAgedStock, { query: { format: "xlsx" } }))),
        ...commonErrors("success"),
      },
    },
    "PUT /full/skus/{sku}/planning": {
      request: one("Cases of 12, snoozed for a week", planningRequest),
      responses: {
        200: one("The SKU's parameters", { success: true, planning: planned }),
        400: one("A case pack that is not a whole number", errorBody("success", refusal(updateSkuPlanning, { pathParameters: { sku: "MG-20" }, body: '{"case_pack": 2.5}' }))),
        ...commonErrors("success"),
      },
    },
    ...storageCostExamples(data.tariffs),
    "GET /full/tariffs": {
      responses: { 200: one(shownDemo, { tariffs }), 400: one("Not a day", errorBody("success", 'at must be a day YYYY-MM-DD, got "ontem"')), ...commonErrors("success") },
    },
    "GET /full/tariffs/history": {
      responses: { 200: one(`${shownDemo}: the loaded tariffs, each its version 0`, { success: true, today: EXAMPLE_DAY, versions: tariffVersions }), ...commonErrors("success") },
    },
    "POST /full/tariffs": {
      request: one("A band for small items", createRequest),
      responses: {
        201: one("The band as created, defaults applied, in force from today", {
          success: true,
          tariff: Tariffs.tariffOutput(created),
          version: versionOf(created, 1, "create", EXAMPLE_DAY),
        }),
        400: one("A value that is not a number", errorBody("success", new Tariffs.TariffValueError("daily_fee", "abc").message)),
        ...commonErrors("success"),
      },
    },
    "PUT /full/tariffs/{tariff_id}": {
      request: one("Change the fee and activate", updateRequest),
      responses: {
        200: one("The tariff as updated from the first day of next month", {
          success: true,
          tariff: Tariffs.tariffOutput(updated),
          version: versionOf(updated, 1, "update", nextMonth),
        }),
        400: one("A value that is not a number", errorBody("success", new Tariffs.TariffValueError("min_volume_l", "muito").message)),
        404: one("Unknown id", errorBody("success", new Tariffs.TariffNotFoundError(99).message)),
        ...commonErrors("success"),
      },
    },
    "DELETE /full/tariffs/{tariff_id}": {
      responses: {
        200: one("Deleted from today", { success: true, version: versionOf(updated, 2, "delete", EXAMPLE_DAY) }),
        400: one("Storage failure", errorBody("success", "Storage failure: could not delete the tariff")),
        404: one("Unknown id", errorBody("success", new Tariffs.TariffNotFoundError(99).message)),
        ...commonErrors("success"),
      },
    },
    "GET /settings": {
      responses: { 200: one(shownDemo, { success: true, data: Settings.readAllGroups(data.settings) }), ...commonErrors("success") },
    },
    "GET /settings/defaults": {
      responses: { 200: one("The built-in defaults", { success: true, data: Settings.defaultSettings() }), ...commonErrors("success") },
    },
    "GET /settings/{group}": {
      responses: {
        200: one(`${shownDemo}, group estoque`, { success: true, data: Settings.readGroup("estoque", data.settings) }),
        400: one("Unknown group", errorBody("success", new Settings.UnknownGroupError("vendas").message)),
        ...commonErrors("success"),
      },
    },
    "PUT /settings/{group}": {
      request: one("Two keys of the group estoque", { lead_time_padrao: 20, multi_deposito: true }),
      responses: {
        200: one("Group estoque updated", { success: true, message: "Settings for 'estoque' updated" }),
        400: one("Unknown group", errorBody("success", new Settings.UnknownGroupError("vendas").message)),
        ...commonErrors("success"),
        500: one("Body not a JSON object", errorBody("success", new Settings.InvalidSettingsBodyError().message)),
      },
    },
    ...settingsHistoryExamples(),
    "GET /history/core_ai": {
      responses: {
        200: one(`${shownDemo}, newest ${SHOWN_LOGS} entries`, { success: true, data: history }),
        ...commonErrors("success"),
      },
    },
    ...accountExamples(),
    ...importExamples(data.local_stock, fullAds),
  };
}

const AUTHORIZATION_PAGE =
  "https://auth.mercadolivre.com.br/authorization?response_type=code&client_id=1234567890&redirect_uri=https%3A%2F%2Fabcdef1234.execute-api.us-east-1.amazonaws.com%2Fmarketplace%2Fcallback&state=q3v9Xz0bS1mN2pL8cT4uW6yA5dE7fG0h";

function accountExamples(): Record<string, OperationExamples> {
  return {
    "GET /marketplace/connect": {
      responses: { 302: one("To the authorization page", { success: true, authorization_url: AUTHORIZATION_PAGE }), ...commonErrors("success") },
    },
    "GET /marketplace/callback": {
      responses: {
        400: one("A reused state", errorBody("success", "The authorization state is unknown or was already used; start again at /marketplace/connect")),
        ...commonErrors("success"),
      },
    },
    "GET /marketplace/account": {
      responses: {
        200: one("A connected account", {
          connected: true,
          user_id: 123456789,
          nickname: "CASA_E_JARDIM",
          site_id: "MLB",
          token_expires_at: "2026-11-21T12:00:00.000Z",
          refreshed_at: "2026-11-21T06:00:00.000Z",
        }),
        ...commonErrors("success"),
      },
    },
    "DELETE /marketplace/account": { responses: { 200: one("Forgotten", { success: true }), ...commonErrors("success") } },
  };
}

const IMPORTED_AT = `${EXAMPLE_DAY}T11:30:00.000Z`;

function importExamples(localStock: { sku: string; available: number; warehouse?: string | null }[], fullAds: Ad[]): Record<string, OperationExamples> {
  const warehouse = localStock.find((row) => row.warehouse)?.warehouse ?? "CD São Paulo";
  const rows = localStock.filter((row) => row.warehouse === warehouse).slice(0, SHOWN_ITEMS);
  const record = (kind: "local_stock" | "costs" | "sales", counts: { rows: number; added: number; changed: number; removed: number; unmatched?: number }) => ({
    id: `${IMPORTED_AT}#5f3a9c1e`,
    source: "api",
    kind,
    warehouse: kind === "local_stock" ? warehouse : null,
    unmatched: 0,
    unmatched_keys: [],
    ...counts,
    error: null,
    at: IMPORTED_AT,
    file: null,
    actor: "ana@example.com (5f1c2d3e-aaaa-4bbb-8ccc-0123456789ab)",
    request_id: "Kx8rTgBIoAMEVdw=",
  });
  const badLine = (field: string, problem: string) => errorBody("success", `Line 3, field ${field}: ${problem}`);
  const withSku = fullAds.filter((ad) => ad.sku).slice(0, 2);
  return {
    "PUT /full/local-stock/{warehouse}": {
      request: one("The warehouse's rows", rows.map(({ sku, available }) => ({ sku, available }))),
      responses: {
        200: one("Two rows changed, one removed", { success: true, ...record("local_stock", { rows: rows.length, added: 0, changed: 2, removed: 1 }) }),
        400: one("A line that is not a number", badLine("available", '"doze" is not a number')),
        409: one("Another import of the warehouse", errorBody("success", `Another import of warehouse ${warehouse}'s local stock is running; try again when it finishes`)),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    "GET /full/local-stock": {
      responses: {
        200: one(`${warehouse}'s rows`, { success: true, warehouse, count: rows.length, items: rows.map((row) => ({ sku: row.sku, available: row.available, warehouse })) }),
        ...commonErrors("success"),
      },
    },
    "PUT /full/costs": {
      request: one("Costs by SKU", withSku.map((ad, i) => ({ sku: ad.sku, cost: 20 + i * 7.5 }))),
      responses: {
        200: one("One cost set, one changed", { success: true, ...record("costs", { rows: withSku.length, added: 1, changed: 1, removed: 0 }) }),
        400: one("A negative cost", badLine("cost", "-3 is negative")),
        409: one("Another import of costs", errorBody("success", "Another import of costs is running; try again when it finishes")),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    "PUT /full/sales": {
      request: one("Sales by ad", withSku.map((ad, i) => ({ ad_id: ad.id, sales_30d: 30 + i }))),
      responses: {
        200: one("Two figures imported", { success: true, ...record("sales", { rows: withSku.length, added: 2, changed: 0, removed: 0 }) }),
        400: one("Not a whole number", badLine("sales_30d", "2.5 is not a whole number of units")),
        409: one("Another import of sales", errorBody("success", "Another import of sales is running; try again when it finishes")),
        ...commonErrors("success", IMPORT_MAX_BODY_BYTES),
      },
    },
    "GET /full/imports": {
      responses: {
        200: one("The newest imports", {
          success: true,
          imports: [
            record("costs", { rows: 48, added: 45, changed: 0, removed: 0, unmatched: 3 }),
            { ...record("local_stock", { rows: 0, added: 0, changed: 0, removed: 0 }), source: "file", actor: null, request_id: null, file: `local-stock/${warehouse}.csv`, error: "Line 7, field available: missing value" },
          ],
        }),
        400: one("A bad limit", errorBody("success", 'limit must be a whole number from 1 to 200, got "0"')),
        ...commonErrors("success"),
      },
    },
  };
}

/** A change of the group estoque, as PUT /settings/estoque records it. */
function settingsHistoryExamples(): Record<string, OperationExamples> {
  const update: Settings.SettingsChange = {
    change_id: `${EXAMPLE_DAY}T12:04:51.120Z-3f9a0c1d`,
    group: "estoque",
    at: `${EXAMPLE_DAY}T12:04:51.120Z`,
    actor: "local",
    request_id: "Hk2xKjYpGjQEMpw=",
    action: "update",
    changes: [
      { key: "lead_time_padrao", change: "created", secret: false, old_value: null, new_value: "20" },
      { key: "multiplicador_seguranca", change: "changed", secret: false, old_value: "1.5", new_value: "1.8" },
    ],
  };
  const restore: Settings.SettingsChange = {
    change_id: `${EXAMPLE_DAY}T12:30:02.004Z-8b41e7aa`,
    group: "estoque",
    at: `${EXAMPLE_DAY}T12:30:02.004Z`,
    actor: "local",
    request_id: "Hk3BQjYpGjQEMqA=",
    action: "restore",
    restored_to: { at: `${EXAMPLE_DAY}T12:00:00.000Z` },
    changes: [
      { key: "lead_time_padrao", change: "removed", secret: false, old_value: "20", new_value: null },
      { key: "multiplicador_seguranca", change: "changed", secret: false, old_value: "1.8", new_value: "1.5" },
    ],
  };
  const unknownGroup = one("Unknown group", errorBody("success", new Settings.UnknownGroupError("vendas").message));
  return {
    "GET /settings/{group}/history": {
      responses: {
        200: one("Two changes of the group estoque", { success: true, group: "estoque", changes: [restore, update], next_cursor: null }),
        400: unknownGroup,
        ...commonErrors("success"),
      },
    },
    "POST /settings/{group}/restore": {
      request: one("Back to a moment", { at: `${EXAMPLE_DAY}T12:00:00Z` }),
      responses: {
        200: one("The group estoque as it was", {
          success: true,
          data: Settings.readGroup("estoque", []),
          change: restore,
          secrets_kept: [],
        }),
        400: unknownGroup,
        ...commonErrors("success"),
      },
    },
  };
}

/** Two days of one SKU in October, priced with the demo's tariffs. */
function storageCostExamples(tariffs: readonly Tariff[]): Record<string, OperationExamples> {
  const versions = TariffVersions.allVersions(tariffs, []);
  const rows = ["2026-10-01", "2026-10-02"].map((day) =>
    StorageLedger.priceDay({ sku: "PISC-CLAR-1L", day, units: 120, unit_volume_l: 1.2, ages: [{ age_days: 95, units: 20 }, { age_days: 40, units: 100 }] }, versions),
  );
  const report = StorageLedger.monthReport("2026-10", rows, "2026-10-03");
  return {
    "GET /full/storage-costs": {
      responses: {
        200: one("One SKU's first days of October", { success: true, ...report, sku: "PISC-CLAR-1L", days: rows }),
        400: one("Not a month", errorBody("success", 'month must be YYYY-MM, got "10/2026"')),
        ...commonErrors("success"),
      },
    },
    "POST /full/storage-costs/recompute": {
      responses: {
        200: one("October re-priced after a correction", {
          success: true,
          recompute: { id: "2026-11-21T12:15:00.000Z#9c1f2e7a", from: "2026-10-01", to: EXAMPLE_DAY, actor: "local", request_id: "Hk2xKjYpGjQEMpw=", at: "2026-11-21T12:15:00.000Z", rows: 52, rows_changed: 31 },
        }),
        400: one("No day", errorBody("success", 'from must be a day YYYY-MM-DD, got ""')),
        ...commonErrors("success"),
      },
    },
  };
}
