import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { runImport } from "#services/imports/run";
import { importSales } from "../../contract/imports.js";

/** PUT /full/sales: 30-day sales by sku or ad_id; an imported figure wins over the ledger's until cleared. */
export const handler = httpHandler(importSales, async (_input, { body, headers, actor, requestId }) =>
  ok({ success: true, ...(await runImport(table(), { kind: "sales", body, contentType: headers["content-type"], source: "api", actor, requestId })) }),
);
