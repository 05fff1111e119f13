import { Messages } from "@fulfillment/core";
import { sellersInRequest, type SellerInRequest } from "#http/all-sellers";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { withScope } from "#storage/scope";
import { SyncRunningError } from "#services/sync/errors";
import { startSync } from "#services/sync/start";
import { ExplainedError } from "../../errors.js";
import { explanationText } from "../../error-texts.js";
import { runSync } from "../../contract/sync.js";

/** With seller_id=all the runs are not waited for: each goes on, followed per seller by GET /full/sync/status. */
const NO_WAIT = 0;

/**
 * Starts one run per seller at once; a seller whose start fails does not keep the others from
 * starting. A failure the seller's entry cannot say in words (storage unreachable, an unexpected
 * error) is answered as the route's failure once all have tried, as the daily job does.
 */
async function startEach(sellers: readonly SellerInRequest[], origin: { actor: string; request_id: string | null }, locale: Messages.Locale) {
  const started = await Promise.allSettled(sellers.map((seller) => withScope(seller.scope, () => startSync(table(), "api", { waitMs: NO_WAIT, origin }))));
  const unexplained = started.find((outcome): outcome is PromiseRejectedResult => outcome.status === "rejected" && !(outcome.reason instanceof ExplainedError));
  if (unexplained) throw unexplained.reason;
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
    const text = explanationText(error.explanation, locale);
    return { ...base, run_id: null, state: error instanceof SyncRunningError ? ("skipped" as const) : ("failed" as const), error: text };
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
