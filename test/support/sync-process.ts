/**
 * One scheduled sync in a process of its own, as the deployed daily job runs it: the crash tests
 * start it with the table, the engine and the marketplace in its environment, and kill it.
 */
import { handler } from "@fulfillment/functions/handlers/jobs/daily-sync";

await handler({ id: "sync-process" }).catch(() => process.exit(1));
