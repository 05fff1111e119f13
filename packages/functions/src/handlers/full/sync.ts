import { Messages } from "@fulfillment/core";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { startSync } from "#services/sync/start";
import { runSync } from "../../contract/sync.js";

/**
 * POST /full/sync: starts a recorded run of the stock sync and cost calculation (an execution of
 * the sync state machine). Finished within about 20 s: the SPEC result (200). Still running: 202
 * with the run and its progress; it goes on, and GET /full/sync/status follows it.
 */
export const handler = httpHandler(runSync, async (_input, { locale, actor, requestId }) => {
  const answer = await startSync(table(), "api", { origin: { actor, request_id: requestId } });
  if ("finished" in answer) return ok({ ...answer.finished, warnings: Messages.describeAll(answer.finished.warnings, locale) });
  return ok({ success: true, run: answer.running }, 202);
});
