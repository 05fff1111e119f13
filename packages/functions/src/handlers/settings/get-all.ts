import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listAllEntries } from "#storage/settings";
import { getAllSettings } from "../../contract/settings.js";
import { JsonText } from "../../json-text.js";

/** GET /settings: every group, defaults overlaid with stored values (the untouched groups' text made once). */
export const handler = httpHandler(getAllSettings, async () =>
  ok(
    new JsonText<{ success: true; data: Record<Settings.SettingGroup, Record<string, Settings.SettingValue>> }>(
      `{"success":true,"data":${Settings.readAllGroupsText(await listAllEntries(table()))}}`,
    ),
  ),
);
