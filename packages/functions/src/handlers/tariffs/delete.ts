import { TariffVersions } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { deleteTariffFrom } from "#services/tariff-writes";
import { deleteTariff, effectiveDay } from "../../contract/tariffs.js";

/** DELETE /full/tariffs/{tariff_id}[?effective_from=]: the tariff is no longer in force from that day (default today). */
export const handler = httpHandler(deleteTariff, async ({ path, query }, request) => {
  const stamp = { effectiveFrom: effectiveDay(undefined, query, await businessToday(table())), actor: actorOf(request), requestId: request.requestId };
  const version = await deleteTariffFrom(table(), path.tariff_id, stamp);
  return ok({ success: true, version: TariffVersions.versionSummary(version) });
});
