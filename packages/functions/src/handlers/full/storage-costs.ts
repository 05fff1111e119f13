import { StorageLedger } from "@fulfillment/core";
import { csvResult } from "#http/csv";
import { httpHandler } from "#http/handler";
import { reportFormat, VARY_ACCEPT } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { readStorageCosts } from "#services/storage-costs";
import { getStorageCosts } from "../../contract/storage-costs.js";

/** GET /full/storage-costs?month=YYYY-MM[&sku=]: the month's storage costs per SKU, totals and missing days; CSV: one row per SKU and day. */
export const handler = httpHandler(getStorageCosts, async ({ query }, { representation }) => {
  const format = reportFormat(query.format, representation);
  const month = query.month || (await businessToday(table())).slice(0, 7);
  const sku = query.sku || undefined;
  const { rows, ...report } = await readStorageCosts(table(), month, sku);
  if (format === "csv") return csvResult(StorageLedger.LEDGER_COLUMNS, StorageLedger.ledgerCsvRows(rows), `storage-costs-${month}${sku ? `-${sku.replace(/[^\w.-]/g, "_")}` : ""}.csv`);
  return ok({ success: true, ...report, ...(sku === undefined ? {} : { days: rows }) }, 200, VARY_ACCEPT);
});
