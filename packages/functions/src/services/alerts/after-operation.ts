/**
 * Alerts at the pace of stock: a stock operation that changed an inventory marks its SKU pending,
 * and once the consumer's batch is applied the pending SKUs' alerts are derived (sku.ts), recorded,
 * and handed to the immediate subscriptions; digest subscriptions find the events in their next
 * digest. How this and the catalogue's derivation keep out of each other's way: lease.ts.
 */
import { randomUUID } from "node:crypto";
import pLimit from "p-limit";
import type { Alerts } from "@fulfillment/core";
import { logger } from "#logging/logger";
import type { TableRef } from "#storage/client";
import { getInventoryRecords } from "#storage/inventory";
import { clearPendingSku, listPendingSkus, markSkuPending, type PendingSku } from "#storage/alerts/pending";
import { alertMetrics } from "../../observability/metrics.js";
import { acquireSkuLease } from "./lease.js";
import { notifyImmediately } from "./notify.js";
import { readSharedInputs, recordSkuAlerts } from "./sku.js";

/** SKUs derived per pass under one lease: a pass stays short, so a catalogue derivation waits little. */
const PASS_SKUS = 25;
const SKUS_IN_FLIGHT = 5;
const PASS_LEASE_MS = 60_000;
/** A consumer stops taking passes after this long (its timeout is 30 s); what is left stays marked. */
export const DRAIN_BUDGET_MS = 10_000;

async function pass(ref: TableRef, marks: readonly PendingSku[]): Promise<number> {
  const now = new Date();
  const events: Alerts.AlertEvent[] = [];
  try {
    const shared = await readSharedInputs(ref, now);
    const limit = pLimit(SKUS_IN_FLIGHT);
    await Promise.all(
      marks.map((mark) =>
        limit(async () => {
          events.push(...(await recordSkuAlerts(ref, mark.sku, now, shared)));
          // A newer mark (another operation meanwhile) stays for the next pass.
          await clearPendingSku(ref, mark);
        }),
      ),
    );
  } finally {
    if (events.length > 0) {
      const cleared = events.filter((event) => event.change === "cleared").length;
      alertMetrics.changes(events.length - cleared, cleared);
      await notifyImmediately(ref, events, now);
    }
  }
  return events.length;
}

/**
 * Derives the pending SKUs' alerts while the lease is free and marks remain. Returns the events
 * recorded; none when another derivation holds the lease (its holder takes the marks).
 */
export async function derivePendingSkus(ref: TableRef, budgetMs = DRAIN_BUDGET_MS): Promise<number> {
  const until = Date.now() + budgetMs;
  let recorded = 0;
  while (Date.now() < until) {
    if ((await listPendingSkus(ref, 1)).length === 0) break;
    const lease = await acquireSkuLease(ref, PASS_LEASE_MS);
    if (!lease) break;
    try {
      recorded += await pass(ref, await listPendingSkus(ref, PASS_SKUS));
    } finally {
      await lease.release();
    }
  }
  return recorded;
}

/**
 * After an operation changed an inventory's stock: its SKU is marked for the derivation that
 * follows the batch. A failure is logged, never thrown (the operation is applied); the next sync's
 * derivation covers that SKU.
 */
export async function markOperationSku(ref: TableRef, inventoryId: string, now = new Date()): Promise<void> {
  try {
    const [record] = await getInventoryRecords(ref, [inventoryId]);
    if (record?.sku) await markSkuPending(ref, { sku: record.sku, token: randomUUID(), marked_at: now.toISOString() });
  } catch (error) {
    logger.warn("SKU of a stock operation not marked for its alerts", { inventory_id: inventoryId, reason: (error as Error).message });
  }
}

/**
 * An ad whose SKU changed (topic `items`): its stock left one SKU and joined another, so both
 * SKUs' alerts are derived after the batch. A failure is logged, never thrown, as above.
 */
export async function markSkusChanged(ref: TableRef, skus: ReadonlyArray<string | null | undefined>, now = new Date()): Promise<void> {
  const distinct = [...new Set(skus.filter((sku): sku is string => typeof sku === "string" && sku !== ""))];
  try {
    await Promise.all(distinct.map((sku) => markSkuPending(ref, { sku, token: randomUUID(), marked_at: now.toISOString() })));
  } catch (error) {
    logger.warn("SKUs of a changed ad not marked for their alerts", { skus: distinct, reason: (error as Error).message });
  }
}

/**
 * The pending SKUs derived after a batch of operations. A failure is logged, never thrown: the
 * marks stay for the next derivation (the next batch's, the catalogue's, or the hourly digest job's).
 */
export async function alertsAfterOperations(ref: TableRef, budgetMs = DRAIN_BUDGET_MS): Promise<void> {
  try {
    await derivePendingSkus(ref, budgetMs);
  } catch (error) {
    logger.warn("Alerts after stock operations not derived", { reason: (error as Error).message });
  }
}
