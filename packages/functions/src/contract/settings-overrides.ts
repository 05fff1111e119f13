/** The HTTP contract of a seller's settings overrides (extensions beside SPEC 4.B). */
import * as z from "zod/mini";
import { Settings } from "@fulfillment/core";
import { common, described, endpoint, failure, keyed, list, named, ok, succeeded, text, bounded } from "./schema.js";
import { LIMITS } from "./limits.js";
import { SettingsGroupPath, SettingValue } from "./settings.js";

const keysOf = (description: string) => described(description, list(bounded(LIMITS.nameChars), LIMITS.settingItems));

export const SettingsOverridesResponse = named(
  "SettingsOverridesResponse",
  "The selected seller's overrides of the settings about its own selling, and the keys a seller may override",
  succeeded({
    overrides: described(
      "Per group, the keys the seller overrides and their values as GET /settings/{group} reads them for this seller; an empty object when none",
      keyed(Settings.SETTING_GROUPS, () => z.record(bounded(LIMITS.nameChars), SettingValue)),
    ),
    per_seller_keys: described(
      "Per group, the keys a seller may override (PUT /settings/{group} naming it); every other key is the deployment's",
      keyed(Settings.SETTING_GROUPS, () => keysOf("Keys of the group")),
    ),
  }),
);

export const SettingsOverridePath = z.object({
  group: SettingsGroupPath.shape.group,
  key: described("A key of the group a seller may override", bounded(LIMITS.nameChars)),
});

export const SettingsOverrideRemovedResponse = named(
  "SettingsOverrideRemovedResponse",
  "The seller reads the shared value of the key again",
  succeeded({
    message: text("Override of '<group>.<key>' removed", LIMITS.nameChars * 3),
    removed: described("False when the seller had no override of the key (nothing changed)", z.boolean()),
  }),
);

export const listSettingsOverrides = endpoint(
  "listSettingsOverrides",
  {},
  {
    tag: "Settings",
    summary: "A seller's settings overrides",
    description:
      "Which settings the selected seller overrides, with their values, and which keys any seller may override (stock planning keys of estoque, the listing defaults and margins of catalogo, the marketplace sync keys of integracoes). GET /settings and GET /settings/{group} naming the seller answer the shared values with these applied.",
    responses: { 200: ok(SettingsOverridesResponse, "The seller's overrides"), ...common() },
  },
);

export const deleteSettingsOverride = endpoint(
  "deleteSettingsOverride",
  { path: SettingsOverridePath },
  {
    tag: "Settings",
    summary: "Remove a seller's settings override",
    description: "The selected seller reads the deployment's value of the key again. Removing an override the seller does not have changes nothing and answers removed: false.",
    responses: {
      200: ok(SettingsOverrideRemovedResponse, "The override is gone"),
      400: failure("Unknown group, or a key no seller may override (the error names it); nothing was changed"),
      ...common(),
    },
  },
);
