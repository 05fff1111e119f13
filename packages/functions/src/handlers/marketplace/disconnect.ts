import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { forgetAccount } from "#services/account";
import { forgetMarketplaceAccount } from "./contract.js";

/** DELETE /marketplace/account: forgets the stored credential. */
export const handler = httpHandler(forgetMarketplaceAccount, async () => {
  await forgetAccount(table());
  return ok({ success: true });
});
