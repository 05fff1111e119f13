import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { readTariffBody } from "#http/tariff-input";
import { table } from "#storage/client";
import { createTariffFromBody } from "#services/tariff-writes";

/** POST /full/tariffs: creates a tariff with the next id; `warnings` says what was assumed. */
export const handler = httpHandler("POST /full/tariffs", async (request) => {
  const { tariff, warnings } = await createTariffFromBody(table(), readTariffBody(request, "create"));
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), ...(warnings.length > 0 ? { warnings } : {}) }, 201);
});
