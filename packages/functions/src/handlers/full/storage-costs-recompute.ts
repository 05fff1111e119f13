import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { recomputeLedger } from "#services/storage-costs";
import { InvalidInputError } from "../../errors.js";
import { explain } from "../../error-texts.js";
import { recomputeStorageCosts } from "../../contract/storage-costs.js";

/** POST /full/storage-costs/recompute?from=YYYY-MM-DD: re-prices the stored days from that day with the tariff versions in force; idempotent. */
export const handler = httpHandler(recomputeStorageCosts, async ({ query: { from } }, request) => {
  const today = await businessToday(table());
  if (from > today) throw new InvalidInputError(explain("day_after_today", { from, today }));
  const recompute = await recomputeLedger(table(), { from, actor: actorOf(request), requestId: request.requestId });
  return ok({ success: true, recompute });
});
