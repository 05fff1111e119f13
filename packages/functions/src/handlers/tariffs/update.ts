import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { NotFoundError } from "../../http/errors.js";
import { ok } from "../../http/request.js";
import { storageFailureAs400 } from "../../http/storage-failure.js";
import { asBadRequest, convertTariffBody, tariffIdFrom } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { getTariff, updateTariff } from "../../storage/tariffs.js";

/** PUT /full/tariffs/{tariff_id}: changes only the fields present in the body. */
export const handler = httpHandler("success", async ({ pathParameters, body }) => {
  const id = tariffIdFrom(pathParameters);
  const patch = convertTariffBody(body, Tariffs.tariffPatchFromBody);
  const current = await storageFailureAs400("read the tariff", () => getTariff(table(), id));
  if (!current) throw new NotFoundError(`Tariff ${id} not found`);
  // The patched tariff must still be a valid volume band (max above min), as on create.
  asBadRequest(() => Tariffs.applyTariffPatch(current, patch));
  const tariff = await storageFailureAs400("update the tariff", () => updateTariff(table(), id, patch));
  if (!tariff) throw new NotFoundError(`Tariff ${id} not found`);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff) });
});
