import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { readOverview } from "../../services/dashboards.js";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record. */
export const handler = httpHandler("GET /full/overview", async () => ok(await readOverview(table())));
