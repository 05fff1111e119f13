import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listOverrides, writeOverrides } from "#storage/settings";
import { deleteSettingsOverride } from "../../contract/settings-overrides.js";
import { InvalidInputError } from "../../errors.js";
import { explain } from "../../error-texts.js";

/** DELETE /settings/{group}/overrides/{key}: the selected seller reads the deployment's value of the key again. */
export const handler = httpHandler(deleteSettingsOverride, async ({ path: { group, key } }) => {
  if (!Settings.isPerSellerKey(group, key)) throw new InvalidInputError(explain("settings_key_shared", { group, key }));
  const had = (await listOverrides(table(), group)).some((entry) => entry.key === key);
  if (had) await writeOverrides(table(), group, { set: {}, remove: [key] });
  return ok({ success: true, message: `Override of '${group}.${key}' removed`, removed: had });
});
