import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { marketplaceClient } from "../../services/marketplace.js";
import { runSync } from "../../services/sync.js";

/** POST /full/sync: runs the stock sync and cost calculation once, synchronously, as a recorded run. */
export const handler = httpHandler("POST /full/sync", async () => {
  const ref = table();
  return ok(await runSync(ref, { trigger: "api", marketplace: () => marketplaceClient(ref) }));
});
