import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { recentRuns, runsLimit } from "../../services/sync-status.js";

/** GET /full/sync/runs?limit=N: the run history, newest first. */
export const handler = httpHandler("GET /full/sync/runs", async ({ query }) => {
  const limit = runsLimit(query.limit);
  return ok({ success: true, runs: await recentRuns(table(), limit) });
});
