import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readOverview } from "#services/dashboards";
import { getOverview } from "./contract.js";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record. */
export const handler = httpHandler(getOverview, async () => ok(await readOverview(table())));
