import { httpHandler } from "../../http/handler.js";
import { NotFoundError } from "../../http/errors.js";
import { ok } from "../../http/request.js";
import { storageFailureAs400 } from "../../http/storage-failure.js";
import { tariffIdFrom } from "../../http/tariff-input.js";
import { table } from "../../storage/client.js";
import { deleteTariff } from "../../storage/tariffs.js";

/** DELETE /full/tariffs/{tariff_id} */
export const handler = httpHandler("success", async ({ pathParameters }) => {
  const id = tariffIdFrom(pathParameters);
  const deleted = await storageFailureAs400("delete the tariff", () => deleteTariff(table(), id));
  if (!deleted) throw new NotFoundError(`Tariff ${id} not found`);
  return ok({ success: true });
});
