import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { readAccount } from "../../services/account.js";

/** GET /marketplace/account: whether an account is connected, whose, and when its token expires; never a token. */
export const handler = httpHandler("GET /marketplace/account", async () => ok(await readAccount(table())));
