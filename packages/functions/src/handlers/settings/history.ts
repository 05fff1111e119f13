import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listGroupChanges } from "#storage/settings";
import { getSettingsHistory } from "../../contract/settings.js";

/** GET /settings/{group}/history: the group's changes, newest first, a page at a time; secrets only as changed. */
export const handler = httpHandler(getSettingsHistory, async ({ path: { group }, query: { limit, cursor } }) => {
  const { changes, next } = await listGroupChanges(table(), group, cursor ? { limit, before: cursor } : { limit });
  return ok({ success: true, group, changes, next_cursor: next });
});
