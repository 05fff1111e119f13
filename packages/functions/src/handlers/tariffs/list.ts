import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listTariffs } from "#storage/tariffs";
import { listTariffs as listTariffsEndpoint } from "./contract.js";

/** GET /full/tariffs: every tariff, by min_volume_l ascending. */
export const handler = httpHandler(listTariffsEndpoint, async () =>
  ok({ tariffs: Tariffs.sortTariffs(await listTariffs(table())).map(Tariffs.tariffOutput) }),
);
