import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { updateTariffFromBody, warningFields } from "#services/tariff-writes";
import { tariffBodyOf, updateTariff } from "./contract.js";

/** PUT /full/tariffs/{tariff_id}: changes only the fields present in the body; `warnings` says what was assumed. */
export const handler = httpHandler(updateTariff, async ({ path, headers }, request) => {
  const { tariff, warnings } = await updateTariffFromBody(table(), path.tariff_id, tariffBodyOf(headers.prefer, request.body, "update"));
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), ...warningFields(warnings, request.locale) });
});
