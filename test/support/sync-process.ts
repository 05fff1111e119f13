/**
 * One scheduled sync in a process of its own, as the deployed daily job runs it: the crash tests
 * start it with the table, the engine and the marketplace in its environment, and kill it.
 */
import { handler } from "../../packages/functions/src/handlers/jobs/daily-sync.js";

await handler({ id: "sync-process" }).catch(() => process.exit(1));
