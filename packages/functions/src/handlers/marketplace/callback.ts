import { httpHandler } from "#http/handler";
import { htmlPage } from "#http/request";
import { table } from "#storage/client";
import { completeConnection } from "#services/account";
import { connectedPage } from "#http/pages";
import { trustedOrigins } from "../../config/env.js";
import { marketplaceCallback } from "../../contract/marketplace.js";

/**
 * GET /marketplace/callback: where the marketplace sends the seller back. No API authorization
 * (a browser follows it); the single-use state is checked and consumed before anything else.
 */
export const handler = httpHandler(marketplaceCallback, async ({ query }, request) => {
  const credential = await completeConnection(table(), { code: query.code, state: query.state, error: query.error }, new Date(), request.requestId);
  // A deployed console lives on its own origin (CONSOLE_ORIGIN); npm start serves it beside the API.
  const [consoleOrigin] = trustedOrigins();
  return htmlPage(connectedPage(credential, consoleOrigin ? `${consoleOrigin}/#/conta` : undefined));
});
