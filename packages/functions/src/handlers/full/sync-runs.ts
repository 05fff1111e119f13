import { Sync } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { VARY_LANGUAGE } from "#http/representation";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { recentRuns } from "#services/sync/status";
import { listSyncRuns } from "../../contract/sync.js";

/** GET /full/sync/runs?limit=N: the run history, newest first. */
export const handler = httpHandler(listSyncRuns, async ({ query }, { locale }) =>
  ok({ success: true, runs: (await recentRuns(table(), query.limit)).map((run) => Sync.localizeRun(run, locale)) }, 200, VARY_LANGUAGE),
);
