import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { marketplaceClient } from "#services/marketplace";
import { runSync } from "#services/sync";

/** POST /full/sync: runs the stock sync and cost calculation once, synchronously, as a recorded run. */
export const handler = httpHandler("POST /full/sync", async () => {
  const ref = table();
  return ok(await runSync(ref, { trigger: "api", marketplace: () => marketplaceClient(ref) }));
});
