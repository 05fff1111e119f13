import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { getSettingsDefaults } from "../../contract/settings.js";

/** GET /settings/defaults: the built-in defaults of every group. */
export const handler = httpHandler(getSettingsDefaults, async () => ok({ success: true, data: Settings.defaultSettings() }));
