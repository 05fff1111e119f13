import { Tariffs, TariffVersions } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { IDEMPOTENCY_KEY_HEADER } from "#http/idempotency";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { createTariffFromBody, warningFields } from "#services/tariff-writes";
import { createTariff, effectiveDay, tariffBodyOf } from "../../contract/tariffs.js";

/** POST /full/tariffs: creates a tariff with the next id, in force from effective_from (default today); `warnings` says what was assumed. */
export const handler = httpHandler(createTariff, async ({ query, headers, body: fields }, request) => {
  // The client's Idempotency-Key also makes the write itself happen once (storage/tariffs.ts).
  const body = tariffBodyOf(headers.prefer, request.body, "create");
  const stamp = { effectiveFrom: effectiveDay(fields, query, await businessToday(table())), actor: actorOf(request), requestId: request.requestId };
  const { tariff, version, warnings } = await createTariffFromBody(table(), body, stamp, request.headers[IDEMPOTENCY_KEY_HEADER]);
  return ok({ success: true, tariff: Tariffs.tariffOutput(tariff), version: TariffVersions.versionSummary(version), ...warningFields(warnings, request.locale) }, 201);
});
