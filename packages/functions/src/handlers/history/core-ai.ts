import { History } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listModuleLogs } from "#storage/system-logs";
import { businessTimeZone } from "#services/business-time";
import { getForecastingHistory } from "../../contract/history.js";

/** GET /history/core_ai: forecasting-engine log entries, newest first. */
export const handler = httpHandler(getForecastingHistory, async ({ query: { start_date, end_date } }) => {
  const ref = table();
  // The business zone is read only when there are dates to place in it.
  const dated = History.isDateRange(start_date, end_date);
  const range = dated ? History.historyRange(start_date, end_date, await businessTimeZone(ref)) : undefined;
  const entries = await listModuleLogs(ref, History.FORECASTING_MODULE, range ?? { limit: History.DEFAULT_LIMIT });
  return ok({ success: true, data: entries.map(History.historyEntry) });
});
