/** The dashboard reads and planning reports as they were before the read model: computed from the collections on every call. */
import { InventoryList, Replenishment } from "@fulfillment/core";
import { restockQuery } from "@fulfillment/functions/http/report-query";
import { liveAgedStock, liveRestockPlan } from "@fulfillment/functions/services/stock-reports";
import { httpHandler } from "@fulfillment/functions/http/handler";
import { ok } from "@fulfillment/functions/http/request";
import { table } from "@fulfillment/functions/storage/client";
import { liveDetail, liveInventoryList, liveOverview, liveReplenishment } from "@fulfillment/functions/services/dashboards";
import type { BenchEndpoint, LambdaHandler } from "./endpoints.js";

/** Each through the same HTTP wrapper (errors, compression, size check) as the deployed handler. */
const LIVE_HANDLERS: Record<string, LambdaHandler> = {
  "GET /full/overview": httpHandler("GET /full/overview", async () => ok(await liveOverview(table()))),
  "GET /full/inventory": httpHandler("GET /full/inventory", async ({ query }) =>
    ok(await liveInventoryList(table(), InventoryList.parseInventoryQuery(query))),
  ),
  "GET /full/replenishment": httpHandler("GET /full/replenishment", async ({ query }) =>
    ok(await liveReplenishment(table(), Replenishment.parseReplenishmentQuery(query))),
  ),
  "GET /full/inventory/{ad_id}": httpHandler("GET /full/inventory/{ad_id}", async ({ pathParameters }) =>
    ok(await liveDetail(table(), pathParameters.ad_id ?? "")),
  ),
  "GET /full/restock-plan": httpHandler("GET /full/restock-plan", async ({ query }) => ok(await liveRestockPlan(table(), restockQuery(query)))),
  "GET /full/aged-stock": httpHandler("GET /full/aged-stock", async () => ok(await liveAgedStock(table()))),
};

/** The endpoints with their live-path handler attached, where the read model replaced one. */
export const withLivePaths = (endpoints: BenchEndpoint[]): BenchEndpoint[] =>
  endpoints.map((endpoint) => (LIVE_HANDLERS[endpoint.key] ? { ...endpoint, live: LIVE_HANDLERS[endpoint.key] } : endpoint));
