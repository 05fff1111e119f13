import { Settings } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { InvalidSettingsBodyError, UnknownGroupError } from "../../http/errors.js";
import { ok, parseJsonBody } from "../../http/request.js";
import { settingsBody } from "../../http/schemas.js";
import { table } from "../../storage/client.js";
import { writeGroupEntries } from "../../storage/settings.js";

const ERP_TOKEN_KEY = "erp_api_token";

/** PUT /settings/{group}: stores every given key as text, all or nothing. */
export const handler = httpHandler("success", async ({ pathParameters, body }) => {
  const group = pathParameters.group ?? "";
  if (!Settings.isSettingGroup(group)) throw new UnknownGroupError(group);
  const parsed = settingsBody.safeParse(parseJsonBody(body));
  if (!parsed.success) throw new InvalidSettingsBodyError();
  const entries = Object.fromEntries(
    Object.entries(parsed.data).map(([key, value]) => [
      key,
      { value: Settings.writeValue(value), description: Settings.describeSetting(group, key) },
    ]),
  );
  if (Object.keys(entries).length > 0) {
    const erpToken = entries[ERP_TOKEN_KEY]?.value;
    await writeGroupEntries(table(), group, { entries, erpToken });
  }
  return ok({ success: true, message: `Settings for '${group}' updated` });
});
