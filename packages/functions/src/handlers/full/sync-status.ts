import { httpHandler } from "../../http/handler.js";
import { ok } from "../../http/request.js";
import { table } from "../../storage/client.js";
import { syncStatus } from "../../services/sync-status.js";

/** GET /full/sync/status: the sync under way, the last one and how it went, the last success and the next scheduled run. */
export const handler = httpHandler("GET /full/sync/status", async () => ok({ success: true, ...(await syncStatus(table())) }));
