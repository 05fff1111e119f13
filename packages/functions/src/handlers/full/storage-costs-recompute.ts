import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { recomputeFromOf } from "#http/storage-costs-input";
import { table } from "#storage/client";
import { businessToday } from "#services/business-time";
import { recomputeLedger } from "#services/storage-costs";

/** POST /full/storage-costs/recompute?from=YYYY-MM-DD: re-prices the stored days from that day with the tariff versions in force; idempotent. */
export const handler = httpHandler("POST /full/storage-costs/recompute", async (request) => {
  const from = recomputeFromOf(request.query, await businessToday(table()));
  const recompute = await recomputeLedger(table(), { from, actor: actorOf(request), requestId: request.requestId });
  return ok({ success: true, recompute });
});
