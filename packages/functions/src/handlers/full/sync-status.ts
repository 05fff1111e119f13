import { httpHandler } from "#http/handler";
import { ok } from "#http/request";
import { table } from "#storage/client";
import { syncStatus } from "#services/sync-status";
import { getSyncStatus } from "./contract.js";

/** GET /full/sync/status: the sync under way, the last one and how it went, the last success and the next scheduled run. */
export const handler = httpHandler(getSyncStatus, async () => ok({ success: true, ...(await syncStatus(table())) }));
