import { Settings } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { listAllEntries } from "#storage/settings";
import { getAllSettings } from "./contract.js";

/** GET /settings: every group, defaults overlaid with stored values. */
export const handler = httpHandler(getAllSettings, async () =>
  ok({ success: true, data: Settings.readAllGroups(await listAllEntries(table())) }),
);
