import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listOverrides } from "#storage/settings";
import { listSettingsOverrides } from "../../contract/settings-overrides.js";

/** GET /settings/overrides: the selected seller's overrides, read as its settings reads convert them, and the keys a seller may override. */
export const handler = httpHandler(listSettingsOverrides, async () => {
  const stored = await listOverrides(table());
  const overrides = Object.fromEntries(
    Settings.SETTING_GROUPS.map((group) => {
      const entries = stored.filter((entry) => entry.group === group);
      const read = Settings.readGroup(group, entries);
      return [group, Object.fromEntries(entries.map((entry) => [entry.key, read[entry.key]!]))];
    }),
  ) as Record<Settings.SettingGroup, Record<string, Settings.SettingValue>>;
  const perSellerKeys = Object.fromEntries(Settings.SETTING_GROUPS.map((group) => [group, [...Settings.PER_SELLER_KEYS[group]]])) as Record<Settings.SettingGroup, string[]>;
  return ok({ success: true, overrides, per_seller_keys: perSellerKeys });
});
