import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { IDEMPOTENCY_KEY_HEADER } from "../../http/idempotency.js";
import { ok } from "../../http/request.js";
import { convertTariffBody } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { createTariff } from "../../storage/tariffs.js";

/** POST /full/tariffs: creates a tariff with the next id. */
export const handler = httpHandler("POST /full/tariffs", async ({ body, headers }) => {
  const fields = convertTariffBody(body, Tariffs.tariffFromCreateBody);
  // The client's Idempotency-Key also makes the write itself happen once (storage/tariffs.ts).
  const tariff = await createTariff(table(), fields, headers[IDEMPOTENCY_KEY_HEADER]);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff) }, 201);
});
