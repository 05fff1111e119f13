import { Messages } from "@fulfillment/core";
import { sellersInRequest, type SellerInRequest } from "#http/all-sellers";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { SyncRunningError } from "#services/sync/errors";
import { startEachSeller, startSync, unexpectedFailure } from "#services/sync/start";
import { ExplainedError } from "../../errors.js";
import { explanationText } from "../../error-texts.js";
import { runSync } from "../../contract/sync.js";

/**
 * Starts one run per seller at once (not waited for). A failure the seller's entry cannot say in
 * words (storage unreachable, an unexpected error) is answered as the route's failure once all
 * have tried, as the daily job does.
 */
async function startEach(sellers: readonly SellerInRequest[], origin: { actor: string; request_id: string | null }, locale: Messages.Locale) {
  const started = await startEachSeller(table(), sellers.map((seller) => seller.scope), "api", origin);
  const unexplained = unexpectedFailure(started, (error) => error instanceof ExplainedError);
  if (unexplained !== undefined) throw unexplained;
  return sellers.map((seller, index) => {
    const outcome = started[index]!;
    const base = { seller_id: seller.user_id, nickname: seller.nickname };
    if (outcome.status === "fulfilled") {
      const answer = outcome.value;
      return "finished" in answer
        ? { ...base, run_id: answer.finished.run_id, state: answer.finished.stock.failed.length > 0 ? ("partial" as const) : ("succeeded" as const), error: null }
        : { ...base, run_id: answer.running.id, state: "running" as const, error: null };
    }
    const error = outcome.reason as ExplainedError;
    return { ...base, run_id: null, state: error instanceof SyncRunningError ? ("skipped" as const) : ("failed" as const), error: explanationText(error.explanation, locale) };
  });
}

/**
 * POST /full/sync: starts a recorded run of the stock sync and cost calculation (an execution of
 * the sync state machine). Finished within about 20 s: the SPEC result (200). Still running: 202
 * with the run and its progress; it goes on, and GET /full/sync/status follows it. With
 * seller_id=all: a run for every granted seller at once, 202 with each seller's start.
 */
export const handler = httpHandler(runSync, async (_input, { locale, actor, requestId }) => {
  const origin = { actor, request_id: requestId };
  const all = sellersInRequest();
  if (all) return ok({ success: true, sellers: await startEach(all, origin, locale) }, 202);
  const answer = await startSync(table(), "api", { origin });
  if ("finished" in answer) return ok({ ...answer.finished, warnings: Messages.describeAll(answer.finished.warnings, locale) });
  return ok({ success: true, run: answer.running }, 202);
});
