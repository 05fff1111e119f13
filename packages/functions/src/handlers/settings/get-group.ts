import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { sellerNamed } from "#http/seller";
import { table } from "#storage/client";
import { listGroupEntries, sellerGroupEntries } from "#storage/settings";
import { getSettingsGroup } from "../../contract/settings.js";

/** GET /settings/{group}: one group, defaults overlaid with stored values (and the named seller's overrides). */
export const handler = httpHandler(getSettingsGroup, async ({ path: { group } }) => {
  const entries = sellerNamed() ? await sellerGroupEntries(table(), group) : await listGroupEntries(table(), group);
  return ok({ success: true, data: Settings.readGroup(group, entries) });
});
