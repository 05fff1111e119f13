import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { convertTariffBody } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { createTariff } from "../../storage/tariffs.js";

/** POST /full/tariffs: creates a tariff with the next id. */
export const handler = httpHandler("POST /full/tariffs", async ({ body }) => {
  const fields = convertTariffBody(body, Tariffs.tariffFromCreateBody);
  const tariff = await createTariff(table(), fields);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff) }, 201);
});
