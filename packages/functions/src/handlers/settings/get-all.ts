import { Settings } from "@fulfillment/core";
import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { listAllEntries } from "../../storage/settings.js";

/** GET /settings: every group, defaults overlaid with stored values. */
export const handler = httpHandler("GET /settings", async () =>
  ok({ success: true, data: Settings.readAllGroups(await listAllEntries(table())) }),
);
