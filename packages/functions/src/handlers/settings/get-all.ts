import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { sellerNamed } from "#http/seller";
import { table } from "#storage/client";
import { listAllEntries, sellerAllEntries } from "#storage/settings";
import { getAllSettings } from "../../contract/settings.js";
import { JsonText } from "../../json-text.js";

/**
 * GET /settings: every group, defaults overlaid with stored values (the untouched groups' text
 * made once), and with the named seller's overrides.
 */
export const handler = httpHandler(getAllSettings, async () => {
  const entries = sellerNamed() ? await sellerAllEntries(table()) : await listAllEntries(table());
  return ok(
    new JsonText<{ success: true; data: Record<Settings.SettingGroup, Record<string, Settings.SettingValue>> }>(
      `{"success":true,"data":${Settings.readAllGroupsText(entries)}}`,
    ),
  );
});
