import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok, parseJsonBody } from "#http/request";
import { sellerNamed } from "#http/seller";
import { table } from "#storage/client";
import { writeGroupEntries, writeOverrides } from "#storage/settings";
import { updateSettingsGroup } from "../../contract/settings.js";
import { InvalidInputError } from "../../errors.js";
import { explain } from "../../error-texts.js";

const ERP_TOKEN_KEY = "erp_api_token";

/**
 * A seller's own values of the keys about its selling: null removes one (the shared value holds
 * again). A key of the deployment's is refused whole, so a request naming a seller never changes
 * every seller's settings.
 */
async function putOverrides(group: Settings.SettingGroup, values: Record<string, unknown>): Promise<void> {
  const shared = Settings.sharedOnlyKey(group, Object.keys(values));
  if (shared !== undefined) throw new InvalidInputError(explain("settings_key_shared", { group, key: shared.slice(0, 100) }));
  const set = Object.fromEntries(Object.entries(values).filter(([, value]) => value !== null).map(([key, value]) => [key, Settings.writeValue(value)]));
  const remove = Object.keys(values).filter((key) => values[key] === null);
  await writeOverrides(table(), group, { set, remove });
}

/**
 * PUT /settings/{group}: stores every given key as text, all or nothing, and records what changed.
 * Naming a seller stores them as that seller's overrides instead.
 */
export const handler = httpHandler(updateSettingsGroup, async ({ path: { group } }, request) => {
  // The schema checked the body is a JSON object; its keys are read as sent, so a key such as
  // __proto__ (which a parsed copy would drop) reaches the store's own refusal.
  const values = parseJsonBody(request.body) as Record<string, unknown>;
  if (sellerNamed()) {
    await putOverrides(group, values);
    return ok({ success: true, message: `Settings for '${group}' updated` });
  }
  const entries = Object.fromEntries(
    Object.entries(values).map(([key, value]) => [
      key,
      { value: Settings.writeValue(value), description: Settings.describeSetting(group, key) },
    ]),
  );
  if (Object.keys(entries).length > 0) {
    const erpToken = entries[ERP_TOKEN_KEY]?.value;
    await writeGroupEntries(table(), group, { entries, erpToken, actor: actorOf(request), requestId: request.requestId });
  }
  return ok({ success: true, message: `Settings for '${group}' updated` });
});
