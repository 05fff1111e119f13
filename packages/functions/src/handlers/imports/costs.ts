import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { runImport } from "#services/imports/run";
import { importCosts } from "../../contract/imports.js";

/** PUT /full/costs: unit costs by sku or ad_id, upserted onto the ads. */
export const handler = httpHandler(importCosts, async (_input, { body, headers, actor, requestId }) =>
  ok({ success: true, ...(await runImport(table(), { kind: "costs", body, contentType: headers["content-type"], source: "api", actor, requestId })) }),
);
