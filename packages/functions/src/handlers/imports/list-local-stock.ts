import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listLocalStock } from "#storage/local-stock";
import { listLocalStock as listLocalStockEndpoint } from "../../contract/imports.js";

/** GET /full/local-stock?warehouse=: the local stock rows (of one warehouse when named), by warehouse and SKU. */
export const handler = httpHandler(listLocalStockEndpoint, async ({ query }) => {
  const warehouse = query.warehouse || null;
  const items = (await listLocalStock(table()))
    .filter((row) => warehouse === null || (row.warehouse ?? "") === warehouse)
    .map((row) => ({ sku: row.sku, available: row.available, warehouse: row.warehouse ?? null }))
    .sort((a, b) => (a.warehouse ?? "").localeCompare(b.warehouse ?? "") || a.sku.localeCompare(b.sku));
  return ok({ success: true, warehouse, count: items.length, items });
});
