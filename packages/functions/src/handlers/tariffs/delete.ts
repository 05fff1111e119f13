import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { deleteTariff } from "#storage/tariffs";
import { deleteTariff as deleteTariffEndpoint } from "./contract.js";

/** DELETE /full/tariffs/{tariff_id} */
export const handler = httpHandler(deleteTariffEndpoint, async ({ path }) => {
  if (!(await deleteTariff(table(), path.tariff_id))) throw new Tariffs.TariffNotFoundError(path.tariff_id);
  return ok({ success: true });
});
