import { httpHandler } from "../../http/handler.js";
import { HttpError } from "../../http/errors.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { MarketplaceError } from "../../marketplace/index.js";
import { MissingCredentialError, marketplaceClient } from "../../services/marketplace.js";
import { runSync } from "../../services/sync.js";

/** POST /full/sync: runs the stock sync and cost calculation once, synchronously. */
export const handler = httpHandler("success", async () => {
  const ref = table();
  try {
    return ok(await runSync(ref, await marketplaceClient(ref)));
  } catch (error) {
    // Marketplace and credential errors carry a readable reason and never a token.
    if (error instanceof MarketplaceError || error instanceof MissingCredentialError) throw new HttpError(500, `Sync failed: ${error.message}`);
    throw error;
  }
});
