import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { forgetAccount } from "../../services/account.js";

/** DELETE /marketplace/account: forgets the stored credential. */
export const handler = httpHandler("DELETE /marketplace/account", async () => {
  await forgetAccount(table());
  return ok({ success: true });
});
