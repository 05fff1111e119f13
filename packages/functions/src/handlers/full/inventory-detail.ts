import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readDetail } from "#services/dashboards";

/** GET /full/inventory/{ad_id}: the ad's inventories and their summed 60-day daily series. */
export const handler = httpHandler("GET /full/inventory/{ad_id}", async ({ pathParameters }) =>
  ok(await readDetail(table(), pathParameters.ad_id ?? "")),
);
