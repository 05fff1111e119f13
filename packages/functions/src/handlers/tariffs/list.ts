import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listTariffs } from "#storage/tariffs";

/** GET /full/tariffs: every tariff, by min_volume_l ascending. */
export const handler = httpHandler("GET /full/tariffs", async () =>
  ok({ tariffs: Tariffs.sortTariffs(await listTariffs(table())).map(Tariffs.tariffOutput) }),
);
