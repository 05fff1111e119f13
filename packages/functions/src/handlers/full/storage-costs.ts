import { StorageLedger } from "@fulfillment/core";
import { sellersInRequest } from "#http/all-sellers";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { inEachSeller } from "#services/per-seller";
import { readStorageCosts } from "#services/storage-costs";
import { getStorageCosts } from "../../contract/storage-costs.js";

const compareText = (a: string, b: string): number => (a < b ? -1 : a > b ? 1 : 0);

/**
 * GET /full/storage-costs?month=YYYY-MM[&sku=]: the month's storage costs per SKU, totals and missing days; CSV: one row per SKU and day.
 * With seller_id=all: every seller's SKUs (and rows), each naming its seller; the totals and days
 * over all their rows; a day is missing when any seller's is.
 */
export const handler = httpHandler(getStorageCosts, async ({ query }, { representation }) => {
  const format = reportFormat(query.format, representation);
  const today = await businessToday(table());
  const month = query.month || today.slice(0, 7);
  const sku = query.sku || undefined;
  const filename = `storage-costs-${month}${sku ? `-${sku.replace(/[^\w.-]/g, "_")}` : ""}.csv`;
  const all = sellersInRequest();
  if (!all) {
    const { rows, ...report } = await readStorageCosts(table(), month, sku);
    if (format === "csv") return csvResult(StorageLedger.LEDGER_COLUMNS, StorageLedger.ledgerCsvRows(rows), filename);
    return ok({ success: true, ...report, ...(sku === undefined ? {} : { days: rows }) }, 200, VARY_ACCEPT);
  }
  const reports = await inEachSeller(all, async (seller) => ({ seller_id: seller.user_id, report: await readStorageCosts(table(), month, sku) }));
  if (format === "csv") {
    const cells = reports.flatMap(({ seller_id, report }) => StorageLedger.ledgerCsvRows(report.rows).map((row) => [seller_id, ...row]));
    return csvResult(["seller_id", ...StorageLedger.LEDGER_COLUMNS], cells, filename);
  }
  const combined = StorageLedger.monthReport(month, reports.flatMap(({ report }) => report.rows), today);
  const skus = reports.flatMap(({ seller_id, report }) => report.skus.map((line) => ({ ...line, seller_id }))).sort((a, b) => compareText(a.sku, b.sku) || compareText(a.seller_id, b.seller_id));
  const missing = [...new Set(reports.flatMap(({ report }) => report.missing_days))].sort();
  const days = reports.flatMap(({ seller_id, report }) => report.rows.map((row) => ({ ...row, seller_id }))).sort((a, b) => compareText(a.day, b.day) || compareText(a.seller_id, b.seller_id));
  const body = { success: true as const, month, sku: sku ?? null, skus, totals: combined.totals, daily: combined.daily, missing_days: missing };
  return ok(sku === undefined ? body : { ...body, days }, 200, VARY_ACCEPT);
});
