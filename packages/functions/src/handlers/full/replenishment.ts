import { Replenishment } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readReplenishment } from "#services/dashboards";

/** GET /full/replenishment: what to send from the local warehouses to Full, per SKU. */
export const handler = httpHandler("GET /full/replenishment", async ({ query }) =>
  ok(await readReplenishment(table(), Replenishment.parseReplenishmentQuery(query))),
);
