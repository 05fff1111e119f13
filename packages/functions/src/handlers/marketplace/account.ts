import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { readAccount } from "#services/account";
import { getMarketplaceAccount } from "../../contract/marketplace.js";

/** GET /marketplace/account: whether an account is connected, whose, and when its token expires; never a token. */
export const handler = httpHandler(getMarketplaceAccount, async () => ok(await readAccount(table())));
