import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { selectedSellerId, sellerNamed } from "#http/seller";
import { ok } from "#http/request";
import { businessTimeZone } from "#services/business-time";
import { table } from "#storage/client";
import { getGroupChange, restoreGroup } from "#storage/settings";
import { NotFoundError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import { restoreSettingsGroup, restoreTarget } from "../../contract/settings.js";
import { storePlansAfter } from "./plans-after-write.js";

/**
 * POST /settings/{group}/restore: the whole group back as it was at a moment or just after a
 * change, as one new change. Naming a seller puts that seller's overrides of the group back too.
 */
export const handler = httpHandler(restoreSettingsGroup, async ({ path: { group }, body }, request) => {
  const target = restoreTarget(body, await businessTimeZone(table()));
  if ("change_id" in target && !(await getGroupChange(table(), group, target.change_id))) {
    throw new NotFoundError(explain("settings_change_not_found", { change_id: target.change_id.slice(0, 60), group }));
  }
  const sellerId = sellerNamed() ? selectedSellerId() : undefined;
  const restored = await restoreGroup(table(), group, { target, actor: actorOf(request), requestId: request.requestId, sellerId });
  await storePlansAfter(group);
  // Naming a seller, the group as that seller reads it (GET /settings/{group} with the same seller).
  const entries = restored.overrides ? Settings.withOverrides(restored.entries, restored.overrides) : restored.entries;
  return ok({
    success: true,
    data: Settings.readGroup(group, entries),
    change: restored.change,
    secrets_kept: restored.secretsKept,
  });
});
