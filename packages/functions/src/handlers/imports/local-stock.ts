import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { runImport } from "#services/imports/run";

/** PUT /full/local-stock/{warehouse}: the body's rows replace the warehouse's rows as a whole. */
export const handler = httpHandler("PUT /full/local-stock/{warehouse}", async ({ pathParameters, body, headers, actor, requestId }) =>
  ok({
    success: true,
    ...(await runImport(table(), { kind: "local_stock", warehouse: pathParameters.warehouse, body, contentType: headers["content-type"], source: "api", actor, requestId })),
  }),
);
