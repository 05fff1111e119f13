import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { readTariffBody, tariffIdFrom } from "#http/tariff-input";
import { table } from "#storage/client";
import { updateTariffFromBody, warningFields } from "#services/tariff-writes";

/** PUT /full/tariffs/{tariff_id}: changes only the fields present in the body; `warnings` says what was assumed. */
export const handler = httpHandler("PUT /full/tariffs/{tariff_id}", async (request) => {
  const id = tariffIdFrom(request.pathParameters);
  const { tariff, warnings } = await updateTariffFromBody(table(), id, readTariffBody(request, "update"));
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), ...warningFields(warnings, request.locale) });
});
