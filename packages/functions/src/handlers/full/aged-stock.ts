import { AgedStock, Messages } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { inEachSeller } from "#services/per-seller";
import { readAgedStock } from "#services/read-model/aged-stock";
import { getAgedStock } from "../../contract/aged-stock.js";

/** With seller_id=all: every seller's report as one, each SKU naming its seller. */
async function consolidatedReport(): Promise<AgedStock.AgedStockBody | undefined> {
  const all = sellersInRequest();
  if (!all) return undefined;
  const reports = await inEachSeller(all, async (seller) => ({ seller_id: seller.user_id, report: await readAgedStock(table(), { text: false }) }));
  // Every report has the same business day; with no seller, the day the store answers in.
  const today = reports[0]?.report.today ?? (await readAgedStock(table(), { text: false })).today;
  return AgedStock.mergedReport(reports, today);
}

/** GET /full/aged-stock: stock by age bucket per SKU and inventory, and the aged surcharge ahead; JSON or CSV. */
export const handler = httpHandler(getAgedStock, async ({ query }, { representation, locale }) => {
  const format = reportFormat(query.format, representation);
  const consolidated = await consolidatedReport();
  // The answer the read model stores is in the default locale; a CSV or another locale needs the lines.
  if (!consolidated && format !== "csv" && locale === Messages.DEFAULT_LOCALE) return ok(await readAgedStock(table()), 200, VARY_ACCEPT);
  const report = AgedStock.localizeReport(consolidated ?? (await readAgedStock(table(), { text: false })), locale);
  const columns = consolidated ? AgedStock.CONSOLIDATED_AGED_INVENTORY_CSV : AgedStock.AGED_INVENTORY_CSV;
  if (format === "csv") return csvResult(columns.map((column) => column.header), AgedStock.agedInventoryRows(report.skus, columns), `aged-stock-${report.today}.csv`);
  return ok(report, 200, VARY_ACCEPT);
});
