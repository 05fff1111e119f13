import { StorageLedger } from "@fulfillment/core";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { ledgerMonthOf, ledgerSkuOf } from "#http/storage-costs-input";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { readStorageCosts } from "#services/storage-costs";

/** GET /full/storage-costs?month=YYYY-MM[&sku=]: the month's storage costs per SKU, totals and missing days; CSV: one row per SKU and day. */
export const handler = httpHandler("GET /full/storage-costs", async ({ query, headers }) => {
  const format = reportFormat(query, headers);
  const month = ledgerMonthOf(query, await businessToday(table()));
  const sku = ledgerSkuOf(query);
  const { rows, ...report } = await readStorageCosts(table(), month, sku);
  if (format === "csv") return csvResult(StorageLedger.LEDGER_COLUMNS, StorageLedger.ledgerCsvRows(rows), `storage-costs-${month}${sku ? `-${sku.replace(/[^\w.-]/g, "_")}` : ""}.csv`);
  return ok({ success: true, ...report, ...(sku === undefined ? {} : { days: rows }) }, 200, VARY_ACCEPT);
});
