import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readDetail } from "#services/read-model/detail";
import { getInventoryDetail } from "../../contract/dashboards.js";

/** GET /full/inventory/{ad_id}: the ad's inventories and their summed 60-day daily series. */
export const handler = httpHandler(getInventoryDetail, async ({ path }) => ok(await readDetail(table(), path.ad_id)));
