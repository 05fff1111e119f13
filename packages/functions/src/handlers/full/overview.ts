import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readOverview } from "#services/dashboards";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record. */
export const handler = httpHandler("GET /full/overview", async () => ok(await readOverview(table())));
