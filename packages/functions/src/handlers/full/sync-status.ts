import { Sync } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { syncStatus } from "#services/sync/status";
import { getSyncStatus } from "../../contract/sync.js";

/** GET /full/sync/status: the sync under way, the last one and how it went, the last success and the next scheduled run. */
export const handler = httpHandler(getSyncStatus, async (_input, { locale }) => {
  const { running, last, last_success, ...rest } = await syncStatus(table());
  const localize = (run: Sync.SyncRun | null) => (run ? Sync.localizeRun(run, locale) : null);
  return ok({ success: true, running: localize(running), last: localize(last), last_success: localize(last_success), ...rest }, 200, VARY_LANGUAGE);
});
