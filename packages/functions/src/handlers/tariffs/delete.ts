import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { tariffIdFrom } from "#http/tariff-input";
import { table } from "#storage/client";
import { deleteTariff } from "#storage/tariffs";

/** DELETE /full/tariffs/{tariff_id} */
export const handler = httpHandler("DELETE /full/tariffs/{tariff_id}", async ({ pathParameters }) => {
  const id = tariffIdFrom(pathParameters);
  if (!(await deleteTariff(table(), id))) throw new Tariffs.TariffNotFoundError(id);
  return ok({ success: true });
});
