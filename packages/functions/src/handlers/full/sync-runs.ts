import { Sync } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { recentRuns, runsLimit } from "#services/sync/status";

/** GET /full/sync/runs?limit=N: the run history, newest first. */
export const handler = httpHandler("GET /full/sync/runs", async ({ query, locale }) => {
  const limit = runsLimit(query.limit);
  return ok({ success: true, runs: (await recentRuns(table(), limit)).map((run) => Sync.localizeRun(run, locale)) });
});
