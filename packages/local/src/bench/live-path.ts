/** The dashboard reads and planning reports as they were before the read model: computed from the collections on every call. */
import { liveAgedStock } from "@fulfillment/functions/services/read-model/aged-stock";
import { liveRestockPlan } from "@fulfillment/functions/services/read-model/restock-plan";
import { httpHandler } from "@fulfillment/functions/http/handler";
import { ok } from "@fulfillment/functions/http/request";
import { table } from "@fulfillment/functions/storage/client";
import { liveDetail } from "@fulfillment/functions/services/read-model/detail";
import { liveInventoryList } from "@fulfillment/functions/services/read-model/inventory-list";
import { liveOverview } from "@fulfillment/functions/services/read-model/overview";
import { liveReplenishment } from "@fulfillment/functions/services/read-model/replenishment";
import { overviewWarnings } from "@fulfillment/functions/services/read-model/warnings";
import { getAgedStock } from "@fulfillment/functions/contract/aged-stock";
import { getInventoryDetail, getOverview, getReplenishment, listInventory } from "@fulfillment/functions/contract/dashboards";
import { getRestockPlan } from "@fulfillment/functions/contract/planning";
import type { BenchEndpoint, LambdaHandler } from "./endpoints.js";

/** Each through the same HTTP wrapper (errors, compression, size check) as the deployed handler. */
const LIVE_HANDLERS: Record<string, LambdaHandler> = {
  "GET /full/overview": httpHandler(getOverview, async (_input, { locale }) => {
    const [overview, warnings] = await Promise.all([liveOverview(table()), overviewWarnings(table(), locale)]);
    return ok({ ...overview, warnings });
  }),
  "GET /full/inventory": httpHandler(listInventory, async ({ query }) => ok(await liveInventoryList(table(), query))),
  "GET /full/replenishment": httpHandler(getReplenishment, async ({ query }) => ok(await liveReplenishment(table(), query))),
  "GET /full/inventory/{ad_id}": httpHandler(getInventoryDetail, async ({ path }) => ok(await liveDetail(table(), path.ad_id))),
  "GET /full/restock-plan": httpHandler(getRestockPlan, async ({ query }) =>
    ok(await liveRestockPlan(table(), { targetDays: query.target_days, horizonDays: query.horizon_days })),
  ),
  "GET /full/aged-stock": httpHandler(getAgedStock, async () => ok(await liveAgedStock(table()))),
};

/** The endpoints with their live-path handler attached, where the read model replaced one. */
export const withLivePaths = (endpoints: BenchEndpoint[]): BenchEndpoint[] =>
  endpoints.map((endpoint) => (LIVE_HANDLERS[endpoint.key] ? { ...endpoint, live: LIVE_HANDLERS[endpoint.key] } : endpoint));
