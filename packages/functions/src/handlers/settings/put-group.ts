import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok, parseJsonBody } from "#http/request";
import { table } from "#storage/client";
import { writeGroupEntries } from "#storage/settings";
import { updateSettingsGroup } from "../../contract/settings.js";

const ERP_TOKEN_KEY = "erp_api_token";

/** PUT /settings/{group}: stores every given key as text, all or nothing, and records what changed. */
export const handler = httpHandler(updateSettingsGroup, async ({ path: { group } }, request) => {
  // The schema checked the body is a JSON object; its keys are read as sent, so a key such as
  // __proto__ (which a parsed copy would drop) reaches the store's own refusal.
  const values = parseJsonBody(request.body) as Record<string, unknown>;
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
