/**
 * After each sync and each import: derive every SKU's alerts (core Alerts.deriveAlerts), compare
 * them with the stored open ones (Alerts.diffAlerts), record the events of what is new, worse or
 * cleared, and hand them to the subscriptions that want them immediately. One derivation at a
 * time (lease.ts): one that finds another running leaves it the work, which compares with the
 * state that one stores, so nothing is lost and nothing recorded twice.
 */
import { Alerts, Restock, type Sync } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { listInventory } from "#storage/inventory";
import { applyAlertDiff, listOpenAlerts } from "#storage/alerts/state";
import { lastSucceededRun, listRuns } from "#storage/sync/runs";
import { readAgedStock } from "#services/read-model/aged-stock";
import { readRestockPlan } from "#services/read-model/restock-plan";
import { alertMetrics } from "../../observability/metrics.js";
import { derivePendingSkus } from "./after-operation.js";
import { acquireCatalogueLease } from "./lease.js";
import { notifyImmediately } from "./notify.js";

const LEASE_MS = 5 * 60 * 1000;
const RECENT_RUNS = 20;

/** The runs as stored, with `closing` (a run about to be stored finished) in place of its stored record. */
async function syncState(ref: TableRef, closing?: Sync.SyncRun): Promise<Alerts.SyncState> {
  const [stored, succeeded] = await Promise.all([listRuns(ref, RECENT_RUNS), lastSucceededRun(ref)]);
  const recent = closing ? [closing, ...stored.filter((run) => run.id !== closing.id)].sort((a, b) => (a.id < b.id ? 1 : a.id > b.id ? -1 : 0)) : stored;
  const finished = recent.filter((run) => run.state !== "running");
  const last = finished[0] ?? null;
  const successes = [...finished.filter((run) => run.state === "succeeded" || run.state === "partial"), ...(succeeded ? [succeeded] : [])];
  const lastSuccess = successes.map((run) => run.finished_at).filter((at): at is string => at !== null).sort().at(-1) ?? null;
  return {
    last_run: last ? { id: last.id, state: last.state, finished_at: last.finished_at, error: last.error } : null,
    last_success_at: lastSuccess,
  };
}

/** The alerts that hold now, from what is stored. */
export async function currentAlerts(ref: TableRef, now: Date, closing?: Sync.SyncRun): Promise<Alerts.Alert[]> {
  const [aged, restock, inventory, sync] = await Promise.all([
    readAgedStock(ref, { now, text: false }),
    readRestockPlan(ref, { targetDays: Restock.DEFAULT_TARGET_DAYS, horizonDays: Restock.DEFAULT_HORIZON_DAYS }, { now, text: false }),
    listInventory(ref, ["sku", "available_qty", "days_of_stock"]),
    syncState(ref, closing),
  ]);
  return Alerts.deriveAlerts({ now, aged: aged.skus, restock: restock.items, inventory, sync });
}

/** Derives and records the alerts; returns the events recorded (none when another derivation holds the lease). */
export async function recordAlerts(ref: TableRef, now = new Date(), closing?: Sync.SyncRun): Promise<Alerts.AlertEvent[]> {
  const lease = await acquireCatalogueLease(ref, LEASE_MS);
  if (!lease) {
    logger.info("Alert derivation skipped: another one is running");
    return [];
  }
  try {
    const [previous, current] = await Promise.all([listOpenAlerts(ref), currentAlerts(ref, now, closing)]);
    const diff = Alerts.diffAlerts(previous, current, now.toISOString());
    await applyAlertDiff(ref, diff);
    const cleared = diff.events.filter((event) => event.change === "cleared").length;
    alertMetrics.changes(diff.events.length - cleared, cleared);
    if (diff.events.length > 0) logger.info(`Alerts: ${diff.events.length - cleared} new or worse, ${cleared} cleared, ${current.length} open`, { open: current.length, cleared });
    return diff.events;
  } finally {
    await lease.release();
  }
}

/**
 * The end of a sync or an import: alerts recorded and handed to the immediate subscriptions. A
 * failure here is logged and does not fail the sync or import it follows.
 */
export async function alertAfterChange(ref: TableRef, cause: "sync" | "import", now = new Date(), closing?: Sync.SyncRun): Promise<void> {
  try {
    const events = await recordAlerts(ref, now, closing);
    if (events.length > 0) await notifyImmediately(ref, events, now);
    // The SKUs operations marked while this derivation held the lease.
    await derivePendingSkus(ref);
  } catch (error) {
    logger.warn(`Alerts after the ${cause} not recorded`, { reason: (error as Error).message });
  }
}
