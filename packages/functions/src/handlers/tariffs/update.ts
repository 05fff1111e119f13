import { Tariffs, TariffVersions } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { effectiveFromOf, readTariffBody, tariffIdFrom } from "#http/tariff-input";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { updateTariffFromBody, warningFields } from "#services/tariff-writes";

/** PUT /full/tariffs/{tariff_id}: a new version with the fields present in the body changed, from effective_from (default today). */
export const handler = httpHandler("PUT /full/tariffs/{tariff_id}", async (request) => {
  const id = tariffIdFrom(request.pathParameters);
  const body = readTariffBody(request, "update");
  const stamp = { effectiveFrom: effectiveFromOf(request, await businessToday(table())), actor: actorOf(request) };
  const { tariff, version, warnings } = await updateTariffFromBody(table(), id, body, stamp);
  const answer = { success: true, tariff: Tariffs.tariffOutput(tariff), version: TariffVersions.versionSummary(version) };
  return ok({ ...answer, ...warningFields(warnings, request.locale) });
});
