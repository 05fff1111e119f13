import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { runImport } from "../../services/imports/run.js";

/** PUT /full/costs: unit costs by sku or ad_id, upserted onto the ads. */
export const handler = httpHandler("PUT /full/costs", async ({ body, headers }) =>
  ok({ success: true, ...(await runImport(table(), { kind: "costs", body, contentType: headers["content-type"], source: "api" })) }),
);
