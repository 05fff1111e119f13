import { Settings } from "@fulfillment/core";
import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { isJsonObject, ok, parseJsonBody } from "#http/request";
import { table } from "#storage/client";
import { writeGroupEntries } from "#storage/settings";

const ERP_TOKEN_KEY = "erp_api_token";

/** PUT /settings/{group}: stores every given key as text, all or nothing, and records what changed. */
export const handler = httpHandler("PUT /settings/{group}", async (request) => {
  const group = request.pathParameters.group ?? "";
  if (!Settings.isSettingGroup(group)) throw new Settings.UnknownGroupError(group);
  // A plain shape check keeps zod out of this bundle.
  const values = parseJsonBody(request.body);
  if (!isJsonObject(values)) throw new Settings.InvalidSettingsBodyError();
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
