import { TariffVersions } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { effectiveFromOf, tariffIdFrom } from "#http/tariff-input";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { deleteTariffFrom } from "#services/tariff-writes";

/** DELETE /full/tariffs/{tariff_id}[?effective_from=]: the tariff is no longer in force from that day (default today). */
export const handler = httpHandler("DELETE /full/tariffs/{tariff_id}", async (request) => {
  const id = tariffIdFrom(request.pathParameters);
  const stamp = { effectiveFrom: effectiveFromOf({ ...request, body: undefined }, await businessToday(table())), actor: actorOf(request) };
  const version = await deleteTariffFrom(table(), id, stamp);
  return ok({ success: true, version: TariffVersions.versionSummary(version) });
});
