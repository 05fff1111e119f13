import { Sync } from "@fulfillment/core";
import type { TableRef } from "#storage/client";
import { isLive, readLease, type Lease } from "#storage/lease";
import { lastSucceededRun, listRuns } from "#storage/sync/runs";
import { businessTimeZone } from "../business-time.js";
import { SYNC_LEASE_NAME } from "./lease.js";

export interface SyncStatus {
  running: Sync.SyncRun | null;
  last: Sync.SyncRun | null;
  last_success: Sync.SyncRun | null;
  next_scheduled_at: string | null;
}

/**
 * A stored run as it stands at `now`: a run stored as running whose owner no longer holds a live
 * lease died without finishing, and shows as failed ("abandoned: no heartbeat since …").
 */
function asOf(run: Sync.SyncRun, lease: Lease | undefined, now: number, zone: string): Sync.SyncRun {
  if (run.state !== "running") return run;
  return isLive(lease, now) && lease.owner === run.id ? run : Sync.abandonedRun(run, zone);
}

async function presenter(ref: TableRef, now: Date): Promise<(run: Sync.SyncRun) => Sync.SyncRun> {
  const [lease, zone] = await Promise.all([readLease(ref, SYNC_LEASE_NAME), businessTimeZone(ref)]);
  return (run) => asOf(run, lease, now.getTime(), zone);
}

/** GET /full/sync/status: the run under way, the last finished run, the last successful one, and the next scheduled run. */
export async function syncStatus(ref: TableRef, now = new Date()): Promise<SyncStatus> {
  // Only the newest run can be alive (a run closes older running ones when it starts), so two suffice.
  const [present, newest, lastSuccess] = await Promise.all([presenter(ref, now), listRuns(ref, 2), lastSucceededRun(ref)]);
  const runs = newest.map(present);
  const running = runs[0]?.state === "running" ? runs[0] : null;
  return {
    running,
    last: (running ? runs[1] : runs[0]) ?? null,
    last_success: lastSuccess,
    next_scheduled_at: Sync.nextDailySync(now).toISOString(),
  };
}

/** GET /full/sync/runs: the newest `limit` runs, newest first. */
export async function recentRuns(ref: TableRef, limit: number, now = new Date()): Promise<Sync.SyncRun[]> {
  const [present, runs] = await Promise.all([presenter(ref, now), listRuns(ref, limit)]);
  return runs.map(present);
}
