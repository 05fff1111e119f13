import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { forgetAccount } from "#services/account";
import { forgetMarketplaceAccount } from "../../contract/marketplace.js";

/** DELETE /marketplace/account: forgets the stored credential and records who did it (an account event). */
export const handler = httpHandler(forgetMarketplaceAccount, async (_input, request) => {
  await forgetAccount(table(), { actor: actorOf(request), requestId: request.requestId });
  return ok({ success: true });
});
