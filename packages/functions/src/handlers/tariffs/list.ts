import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { listTariffsOn } from "#storage/tariffs";
import { listTariffs } from "../../contract/tariffs.js";

/** GET /full/tariffs[?at=YYYY-MM-DD]: the tariffs in force today (or that day), by min_volume_l. */
export const handler = httpHandler(listTariffs, async ({ query }) => {
  const day = query.at || (await businessToday(table()));
  return ok({ tariffs: Tariffs.sortTariffs(await listTariffsOn(table(), day)).map(Tariffs.tariffOutput) });
});
