import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { updatePlanning } from "#storage/planning";
import { storeConsolidated } from "#services/read-model/refresh";
import { updateSkuPlanning } from "../../contract/planning.js";

/**
 * PUT /full/skus/{sku}/planning: sets the SKU's case pack, lead-time override or snooze; null clears one. The record keeps who changed it and in which request.
 * With several accounts, their plans are stored again for the new parameters (one account's own plan reads them live).
 */
export const handler = httpHandler(updateSkuPlanning, async ({ path, body }, request) => {
  const planning = await updatePlanning(table(), path.sku, body, new Date(), { actor: actorOf(request), requestId: request.requestId });
  await storeConsolidated(table());
  return ok({ success: true, planning });
});
