import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { runImport } from "#services/imports/run";

/** PUT /full/costs: unit costs by sku or ad_id, upserted onto the ads. */
export const handler = httpHandler("PUT /full/costs", async ({ body, headers, actor, requestId }) =>
  ok({ success: true, ...(await runImport(table(), { kind: "costs", body, contentType: headers["content-type"], source: "api", actor, requestId })) }),
);
