import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { IDEMPOTENCY_KEY_HEADER } from "#http/idempotency";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { createTariffFromBody, warningFields } from "#services/tariff-writes";
import { createTariff, tariffBodyOf } from "./contract.js";

/** POST /full/tariffs: creates a tariff with the next id; `warnings` says what was assumed. */
export const handler = httpHandler(createTariff, async ({ headers }, request) => {
  // The client's Idempotency-Key also makes the write itself happen once (storage/tariffs.ts).
  const body = tariffBodyOf(headers.prefer, request.body, "create");
  const { tariff, warnings } = await createTariffFromBody(table(), body, request.headers[IDEMPOTENCY_KEY_HEADER]);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), ...warningFields(warnings, request.locale) }, 201);
});
