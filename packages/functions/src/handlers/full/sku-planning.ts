import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { updatePlanning } from "#storage/planning";
import { updateSkuPlanning } from "./contract.js";

/** PUT /full/skus/{sku}/planning: sets the SKU's case pack, lead-time override or snooze; null clears one. */
export const handler = httpHandler(updateSkuPlanning, async ({ path, body }) =>
  ok({ success: true, planning: await updatePlanning(table(), path.sku, body, new Date()) }),
);
