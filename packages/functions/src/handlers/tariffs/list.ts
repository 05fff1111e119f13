import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { listTariffs } from "../../storage/tariffs.js";

/** GET /full/tariffs: every tariff, by min_volume_l ascending. */
export const handler = httpHandler("GET /full/tariffs", async () =>
  ok({ tariffs: Tariffs.sortTariffs(await listTariffs(table())).map(Tariffs.tariffOutput) }),
);
