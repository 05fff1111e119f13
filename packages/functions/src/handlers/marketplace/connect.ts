import { httpHandler } from "#http/handler";
import { redirect } from "#http/request";
import { table } from "#storage/client";
import { callbackUrl, startConnection } from "#services/account";

/** GET /marketplace/connect: 302 to the marketplace's authorization page with a new single-use state. */
export const handler = httpHandler("GET /marketplace/connect", async ({ headers, domainName }) => {
  const authorizationUrl = await startConnection(table(), callbackUrl(headers, domainName));
  return redirect(authorizationUrl, { success: true, authorization_url: authorizationUrl });
});
