import { httpHandler } from "#http/handler";
import { planningChange, planningSku } from "#http/planning-input";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { updatePlanning } from "#storage/planning";

/** PUT /full/skus/{sku}/planning: sets the SKU's case pack, lead-time override or snooze; null clears one. */
export const handler = httpHandler("PUT /full/skus/{sku}/planning", async ({ pathParameters, body }) => {
  const sku = planningSku(pathParameters);
  const change = planningChange(body);
  return ok({ success: true, planning: await updatePlanning(table(), sku, change, new Date()) });
});
