import { AgedStock } from "@fulfillment/core";
import { csvResult } from "../../http/csv.js";
import { httpHandler } from "../../http/handler.js";
import { reportFormat, VARY_ACCEPT } from "../../http/representation.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { readAgedStock } from "../../services/stock-reports.js";

/** GET /full/aged-stock: stock by age bucket per SKU and inventory, and the aged surcharge ahead; JSON or CSV. */
export const handler = httpHandler("GET /full/aged-stock", async ({ query, headers }) => {
  const format = reportFormat(query, headers);
  const report = await readAgedStock(table());
  if (format === "csv") return csvResult(AgedStock.AGED_INVENTORY_COLUMNS, AgedStock.agedInventoryRows(report.skus), `aged-stock-${report.today}.csv`);
  return ok(report, 200, VARY_ACCEPT);
});
