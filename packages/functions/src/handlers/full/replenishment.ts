import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readReplenishment } from "#services/read-model/replenishment";
import { getReplenishment } from "../../contract/dashboards.js";

/** GET /full/replenishment: what to send from the local warehouses to Full, per SKU. */
export const handler = httpHandler(getReplenishment, async ({ query }) => ok(await readReplenishment(table(), query)));
