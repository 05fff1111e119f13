import { Alerts } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listAlertEvents as readAlertEvents } from "#storage/alerts/state";
import { alertFilters, listAlertEvents } from "../../contract/alerts.js";

/** GET /alerts/events: the log of alert changes (opened, worsened, cleared), newest first. */
export const handler = httpHandler(listAlertEvents, async ({ query }, { locale }) => {
  const events = (await readAlertEvents(table(), { ...alertFilters(query), limit: query.limit })).map(({ level: _level, ...event }) => Alerts.localizeAlert(event, locale));
  return ok({ success: true, count: events.length, events }, 200, VARY_LANGUAGE);
});
