import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { historyPageFrom } from "#http/settings-history-input";
import { table } from "#storage/client";
import { listGroupChanges } from "#storage/settings";

/** GET /settings/{group}/history: the group's changes, newest first, a page at a time; secrets only as changed. */
export const handler = httpHandler("GET /settings/{group}/history", async ({ pathParameters, query }) => {
  const group = pathParameters.group ?? "";
  if (!Settings.isSettingGroup(group)) throw new Settings.UnknownGroupError(group);
  const { changes, next } = await listGroupChanges(table(), group, historyPageFrom(query));
  return ok({ success: true, group, changes, next_cursor: next });
});
