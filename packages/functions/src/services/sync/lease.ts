import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { renewLease } from "#storage/lease";
import { recordHeartbeat } from "#storage/sync/runs";
import { errorText, SyncLeaseLostError } from "./errors.js";

/** The lease every sync (POST /full/sync and the daily job) takes. */
export const SYNC_LEASE_NAME = "full-sync";
/** How often a running step renews its run's lease and stores its heartbeat. */
export const SYNC_HEARTBEAT_MS = 15_000;
/**
 * A run that stored no heartbeat for this long is abandoned: its lease lapses and the next sync
 * takes over. Three missed heartbeats, and well within a minute of a crash.
 */
export const SYNC_LEASE_TTL_MS = 45_000;

/** Renews the run's lease; false when another run has taken it over. */
export const renewRunLease = (ref: TableRef, runId: string, at = new Date()): Promise<boolean> =>
  renewLease(ref, SYNC_LEASE_NAME, runId, SYNC_LEASE_TTL_MS, at.getTime());

/** What a step does while it holds its run's lease. */
export interface HeldLease {
  /**
   * Marks the start of a named part of the step (a DEBUG line with `step`): throws
   * SyncLeaseLostError first when another run has taken the lease over, so the step stops before
   * it writes anything more.
   */
  step(name: string): void;
  /** Renews the lease right before a write: false when another run has it (a heartbeat may not have noticed yet). */
  renew(): Promise<boolean>;
}

/**
 * Runs a step of the run `runId` while holding its lease: renewed first (undefined, and `work`
 * never runs, when another run has taken it over), then kept alive by a heartbeat that also stores
 * the run's heartbeat, until `work` ends.
 */
export async function whileHoldingLease<T>(ref: TableRef, runId: string, work: (lease: HeldLease) => Promise<T>, heartbeatMs = SYNC_HEARTBEAT_MS): Promise<T | undefined> {
  if (!(await renewRunLease(ref, runId))) return undefined;
  let lost = false;
  let beating: Promise<void> | undefined;
  const heartbeat = async (): Promise<void> => {
    const now = new Date();
    if (!(await renewRunLease(ref, runId, now))) {
      lost = true;
      return;
    }
    await recordHeartbeat(ref, runId, now.toISOString());
  };
  const timer = setInterval(() => {
    if (beating || lost) return;
    beating = heartbeat()
      .catch((error: unknown) => logger.warn("Sync heartbeat not stored; retrying at the next one", { run_id: runId, reason: errorText(error) }))
      .finally(() => {
        beating = undefined;
      });
  }, heartbeatMs);
  timer.unref?.();
  try {
    return await work({
      step(name) {
        if (lost) throw new SyncLeaseLostError(SYNC_LEASE_TTL_MS);
        logger.debug(`Sync step ${name}`, { run_id: runId, step: name });
      },
      renew: () => renewRunLease(ref, runId),
    });
  } finally {
    clearInterval(timer);
    await beating;
  }
}
