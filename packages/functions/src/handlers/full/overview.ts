import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readOverviewWithWarnings } from "#services/read-model/overview";
import { getOverview } from "../../contract/dashboards.js";

/** GET /full/overview: units, immobilized value and alert counts over every inventory record, and what is missing to compute the rest (`warnings`). */
export const handler = httpHandler(getOverview, async (_input, { locale }) => ok(await readOverviewWithWarnings(table(), locale), 200, VARY_LANGUAGE));
