import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { readDetail } from "../../services/dashboards.js";

/** GET /full/inventory/{ad_id}: the ad's inventories and their summed 60-day daily series. */
export const handler = httpHandler("GET /full/inventory/{ad_id}", async ({ pathParameters }) =>
  ok(await readDetail(table(), pathParameters.ad_id ?? "")),
);
