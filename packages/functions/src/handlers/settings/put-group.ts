import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok, parseJsonBody } from "#http/request";
import { selectedSellerId, sellerNamed } from "#http/seller";
import { table } from "#storage/client";
import { writeGroupEntries, type OverrideWrite } from "#storage/settings";
import { updateSettingsGroup } from "../../contract/settings.js";
import { storePlansAfter } from "./plans-after-write.js";

const ERP_TOKEN_KEY = "erp_api_token";

/**
 * Naming a seller, the keys about one account's selling are that seller's overrides (null removes
 * one: the shared value holds again); every other key is stored shared, as without a seller.
 */
function sellersPart(group: Settings.SettingGroup, values: Record<string, unknown>): { shared: Record<string, unknown>; overrides?: OverrideWrite } {
  if (!sellerNamed()) return { shared: values };
  const own = Object.keys(values).filter((key) => Settings.isPerSellerKey(group, key));
  if (own.length === 0) return { shared: values };
  const shared = Object.fromEntries(Object.entries(values).filter(([key]) => !Settings.isPerSellerKey(group, key)));
  const set = Object.fromEntries(own.filter((key) => values[key] !== null).map((key) => [key, Settings.writeValue(values[key])]));
  return { shared, overrides: { set, remove: own.filter((key) => values[key] === null) } };
}

/**
 * PUT /settings/{group}: stores every given key as text, all or nothing, and records what changed.
 * Naming a seller, its keys about one account's selling are stored as that seller's overrides,
 * in the same transaction, and recorded in the group's history under the seller's id.
 */
export const handler = httpHandler(updateSettingsGroup, async ({ path: { group } }, request) => {
  // The schema checked the body is a JSON object; its keys are read as sent, so a key such as
  // __proto__ (which a parsed copy would drop) reaches the store's own refusal.
  const { shared, overrides } = sellersPart(group, parseJsonBody(request.body) as Record<string, unknown>);
  const entries = Object.fromEntries(
    Object.entries(shared).map(([key, value]) => [
      key,
      { value: Settings.writeValue(value), description: Settings.describeSetting(group, key) },
    ]),
  );
  if (Object.keys(entries).length > 0 || overrides) {
    const erpToken = entries[ERP_TOKEN_KEY]?.value;
    const change = await writeGroupEntries(table(), group, { entries, erpToken, overrides, sellerId: selectedSellerId(), actor: actorOf(request), requestId: request.requestId });
    // A PUT of the values already stored changes nothing the plans came from.
    if (change) await storePlansAfter(group);
  }
  return ok({ success: true, message: `Settings for '${group}' updated` });
});
