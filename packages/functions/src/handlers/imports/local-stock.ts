import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { runImport } from "#services/imports/run";
import { importLocalStock } from "../../contract/imports.js";

/** PUT /full/local-stock/{warehouse}: the body's rows replace the warehouse's rows as a whole. */
export const handler = httpHandler(importLocalStock, async ({ path }, { body, headers, actor, requestId }) =>
  ok({
    success: true,
    ...(await runImport(table(), { kind: "local_stock", warehouse: path.warehouse, body, contentType: headers["content-type"], source: "api", actor, requestId })),
  }),
);
