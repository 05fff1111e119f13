import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { tariffDayOf } from "#http/tariff-input";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { listTariffsOn } from "#storage/tariffs";

/** GET /full/tariffs[?at=YYYY-MM-DD]: the tariffs in force today (or that day), by min_volume_l. */
export const handler = httpHandler("GET /full/tariffs", async ({ query }) => {
  const day = tariffDayOf(query, await businessToday(table()));
  return ok({ tariffs: Tariffs.sortTariffs(await listTariffsOn(table(), day)).map(Tariffs.tariffOutput) });
});
