import { History } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listModuleLogs } from "#storage/system-logs";
import { businessTimeZone } from "#services/business-time";

/** GET /history/core_ai: forecasting-engine log entries, newest first. */
export const handler = httpHandler("GET /history/core_ai", async ({ query }) => {
  const ref = table();
  // The business zone is read only when there are dates to place in it.
  const dated = History.isDateRange(query.start_date, query.end_date);
  const range = dated ? History.historyRange(query.start_date, query.end_date, await businessTimeZone(ref)) : undefined;
  const entries = await listModuleLogs(ref, History.FORECASTING_MODULE, range ?? { limit: History.DEFAULT_LIMIT });
  return ok({ success: true, data: entries.map(History.historyEntry) });
});
