/**
 * A sync in a test, started as POST /full/sync and the daily job start it: the run recorded, then
 * an execution of the sync state machine in the local interpreter (installed in every test file
 * by test/sync-machine-setup.ts) calling the three step handlers, followed to its end.
 */
import { vi } from "vitest";
import type { Sync } from "@fulfillment/core";
import { table, useTable, type TableRef } from "#storage/client";
import { tuneMarketplaceClients, type MarketplaceTuning } from "#services/marketplace";
import { startSync, type SyncResult } from "#services/sync/start";
import { useLocalSyncMachine } from "@fulfillment/local/sync/machine";

/**
 * Every sync a test starts is an execution of the deployed definition in the local interpreter;
 * retries of a step follow at once instead of after the definition's 5 and 10 s.
 */
export const syncMachine = useLocalSyncMachine({ retryIntervalMs: 0 });

/** Longer than any test: the run is followed until its execution ends. */
const TO_THE_END = 2 ** 31 - 1;

export interface TestSync {
  trigger?: Sync.RunTrigger;
  /** The run's clock stands still at this instant (only Date is faked; timers run); a clock the test faked already is set to it and left faked. */
  at?: Date;
  /** How the steps' marketplace clients wait and fetch. */
  marketplace?: MarketplaceTuning;
}

/** Runs a sync on `ref` (the step handlers' table meanwhile) to its end: its result, or its SyncFailedError. */
export async function syncToTheEnd(ref: TableRef, options: TestSync = {}): Promise<SyncResult> {
  const previous = table();
  useTable(ref);
  if (options.marketplace) tuneMarketplaceClients(options.marketplace);
  const fakeClock = options.at !== undefined && !vi.isFakeTimers();
  if (fakeClock) vi.useFakeTimers({ toFake: ["Date"], now: options.at });
  else if (options.at) vi.setSystemTime(options.at);
  try {
    const answer = await startSync(ref, options.trigger ?? "api", { waitMs: TO_THE_END });
    if ("finished" in answer) return answer.finished;
    throw new Error(`the sync execution of run ${answer.running.id} ended with its run still running`);
  } finally {
    if (fakeClock) vi.useRealTimers();
    if (options.marketplace) tuneMarketplaceClients();
    useTable(previous);
  }
}
