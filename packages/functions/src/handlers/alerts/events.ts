import { alertFilters, eventsLimit } from "#http/alerts-input";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listAlertEvents } from "#storage/alerts/state";

/** GET /alerts/events: the log of alert changes (opened, worsened, cleared), newest first. */
export const handler = httpHandler("GET /alerts/events", async ({ query }) => {
  const filters = alertFilters(query);
  const events = (await listAlertEvents(table(), { ...filters, limit: eventsLimit(query) })).map(({ level: _level, ...event }) => event);
  return ok({ success: true, count: events.length, events });
});
