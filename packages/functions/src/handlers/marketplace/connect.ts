import { actorOf } from "#http/actor";
import { httpHandler } from "#http/handler";
import { ok, redirect } from "#http/request";
import { table } from "#storage/client";
import { callbackUrl, startConnection } from "#services/account";
import { connectMarketplaceAccount } from "../../contract/marketplace.js";

/**
 * GET /marketplace/connect: 302 to the marketplace's authorization page with a new single-use state.
 * `?redirect=0` answers 200 with the same URL instead: a page that signs its requests (the console
 * behind the JWT sign-in) cannot follow a redirect with its token, so it opens the URL itself.
 */
export const handler = httpHandler(connectMarketplaceAccount, async ({ query }, request) => {
  const stamp = { actor: actorOf(request), requestId: request.requestId };
  const authorizationUrl = await startConnection(table(), callbackUrl(request.headers, request.domainName), new Date(), stamp);
  const body = { success: true as const, authorization_url: authorizationUrl };
  return query.redirect === "0" ? ok(body) : redirect(authorizationUrl, body);
});
