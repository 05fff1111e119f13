import { Tariffs, TariffVersions } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { updateTariffFromBody, warningFields } from "#services/tariff-writes";
import { effectiveDay, tariffBodyOf, updateTariff } from "../../contract/tariffs.js";

/** PUT /full/tariffs/{tariff_id}: a new version with the fields present in the body changed, from effective_from (default today). */
export const handler = httpHandler(updateTariff, async ({ path, query, headers, body: fields }, request) => {
  const body = tariffBodyOf(headers.prefer, request.body, "update");
  const stamp = { effectiveFrom: effectiveDay(fields, query, await businessToday(table())), actor: actorOf(request), requestId: request.requestId };
  const { tariff, version, warnings } = await updateTariffFromBody(table(), path.tariff_id, body, stamp);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), version: TariffVersions.versionSummary(version), ...warningFields(warnings, request.locale) });
});
