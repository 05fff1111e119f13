import { AgedStock, Messages } from "@fulfillment/core";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readAgedStock } from "#services/read-model/aged-stock";
import { getAgedStock } from "../../contract/aged-stock.js";

/** GET /full/aged-stock: stock by age bucket per SKU and inventory, and the aged surcharge ahead; JSON or CSV. */
export const handler = httpHandler(getAgedStock, async ({ query }, { representation, locale }) => {
  const format = reportFormat(query.format, representation);
  // The answer the read model stores is in the default locale; a CSV or another locale needs the lines.
  if (format !== "csv" && locale === Messages.DEFAULT_LOCALE) return ok(await readAgedStock(table()), 200, VARY_ACCEPT);
  const report = AgedStock.localizeReport(await readAgedStock(table(), { text: false }), locale);
  if (format === "csv") return csvResult(AgedStock.AGED_INVENTORY_COLUMNS, AgedStock.agedInventoryRows(report.skus), `aged-stock-${report.today}.csv`);
  return ok(report, 200, VARY_ACCEPT);
});
