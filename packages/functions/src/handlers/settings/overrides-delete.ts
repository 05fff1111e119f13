import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { selectedSellerId } from "#http/seller";
import { table } from "#storage/client";
import { listOverrides, writeGroupEntries } from "#storage/settings";
import { deleteSettingsOverride } from "../../contract/settings-overrides.js";
import { InvalidInputError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import { storePlansAfter } from "./plans-after-write.js";

/**
 * DELETE /settings/{group}/overrides/{key}: the selected seller reads the deployment's value of the
 * key again. The removal is a change of the group, recorded in its history under the seller's id.
 */
export const handler = httpHandler(deleteSettingsOverride, async ({ path: { group, key } }, request) => {
  if (!Settings.isPerSellerKey(group, key)) throw new InvalidInputError(explain("settings_key_shared", { group, key }));
  const had = (await listOverrides(table(), group)).some((entry) => entry.key === key);
  if (had) {
    const overrides = { set: {}, remove: [key] };
    await writeGroupEntries(table(), group, { entries: {}, overrides, sellerId: selectedSellerId(), actor: actorOf(request), requestId: request.requestId });
    await storePlansAfter(group);
  }
  return ok({ success: true, message: `Override of '${group}.${key}' removed`, removed: had });
});
