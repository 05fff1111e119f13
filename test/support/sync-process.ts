/**
 * One scheduled sync in a process of its own, as the deployed daily job starts it and the state
 * machine runs it (here its definition in the local interpreter): the crash tests start it with
 * the table, the engine and the marketplace in its environment, and kill it.
 */
import { handler } from "@fulfillment/functions/handlers/jobs/daily-sync";
import { useLocalSyncMachine } from "@fulfillment/local/sync/machine";

const machine = useLocalSyncMachine({ retryIntervalMs: 0 });
await handler({ id: "sync-process" }).catch(() => process.exit(1));
await machine.settled();
