import { sellersInRequest } from "#http/all-sellers";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { consolidatedOverview } from "#services/consolidated-overview";
import { readOverviewWithWarnings } from "#services/read-model/overview";
import { getOverview } from "../../contract/dashboards.js";

/**
 * GET /full/overview: units, immobilized value and alert counts over every inventory record, and what is missing to compute the rest (`warnings`).
 * With seller_id=all: the sums over every seller, each seller's own figures in `sellers`.
 */
export const handler = httpHandler(getOverview, async (_input, { locale }) => {
  const all = sellersInRequest();
  if (all) return ok(await consolidatedOverview(table(), all, locale), 200, VARY_LANGUAGE);
  return ok(await readOverviewWithWarnings(table(), locale), 200, VARY_LANGUAGE);
});
