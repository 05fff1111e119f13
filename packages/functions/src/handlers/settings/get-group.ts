import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listGroupEntries } from "#storage/settings";
import { getSettingsGroup } from "../../contract/settings.js";

/** GET /settings/{group}: one group, defaults overlaid with stored values. */
export const handler = httpHandler(getSettingsGroup, async ({ path: { group } }) =>
  ok({ success: true, data: Settings.readGroup(group, await listGroupEntries(table(), group)) }),
);
