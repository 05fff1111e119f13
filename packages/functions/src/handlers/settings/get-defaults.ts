import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";

/** GET /settings/defaults: the built-in defaults of every group. */
export const handler = httpHandler("GET /settings/defaults", async () => ok({ success: true, data: Settings.defaultSettings() }));
