import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listGroupEntries } from "#storage/settings";

/** GET /settings/{group}: one group, defaults overlaid with stored values. */
export const handler = httpHandler("GET /settings/{group}", async ({ pathParameters }) => {
  const group = pathParameters.group ?? "";
  if (!Settings.isSettingGroup(group)) throw new Settings.UnknownGroupError(group);
  return ok({ success: true, data: Settings.readGroup(group, await listGroupEntries(table(), group)) });
});
