import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { convertTariffBody, tariffIdFrom } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { getTariff, updateTariff } from "../../storage/tariffs.js";

/** PUT /full/tariffs/{tariff_id}: changes only the fields present in the body. */
export const handler = httpHandler("PUT /full/tariffs/{tariff_id}", async ({ pathParameters, body }) => {
  const id = tariffIdFrom(pathParameters);
  const patch = convertTariffBody(body, Tariffs.tariffPatchFromBody);
  const current = await getTariff(table(), id);
  if (!current) throw new Tariffs.TariffNotFoundError(id);
  // The patched tariff must still be a valid volume band (max above min), as on create.
  Tariffs.applyTariffPatch(current, patch);
  const tariff = await updateTariff(table(), id, patch);
  if (!tariff) throw new Tariffs.TariffNotFoundError(id);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff) });
});
