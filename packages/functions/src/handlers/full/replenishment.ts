import { Replenishment } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { readReplenishment } from "../../services/dashboards.js";

/** GET /full/replenishment: what to send from the local warehouses to Full, per SKU. */
export const handler = httpHandler("GET /full/replenishment", async ({ query }) =>
  ok(await readReplenishment(table(), Replenishment.parseReplenishmentQuery(query))),
);
