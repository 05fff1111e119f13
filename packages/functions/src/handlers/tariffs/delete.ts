import { Tariffs } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { tariffIdFrom } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { deleteTariff } from "../../storage/tariffs.js";

/** DELETE /full/tariffs/{tariff_id} */
export const handler = httpHandler("DELETE /full/tariffs/{tariff_id}", async ({ pathParameters }) => {
  const id = tariffIdFrom(pathParameters);
  if (!(await deleteTariff(table(), id))) throw new Tariffs.TariffNotFoundError(id);
  return ok({ success: true });
});
