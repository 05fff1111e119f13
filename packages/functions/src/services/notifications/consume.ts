/**
 * The consumer's work on one queued notification. Nothing in it is trusted: it names what to
 * fetch, and the resource is read with the seller's own token. A resource that is gone (404) or
 * not the seller's (403) is dropped with a log line; one the marketplace asks to be read later
 * (429) is handed back to the queue for its Retry-After; any other failure is thrown, and the
 * queue delivers the notification again (and, after its last receive, to the dead-letter queue).
 */
import type { TableRef } from "#storage/client";
import { markOperationSku } from "#services/alerts/after-operation";
import { DEFAULT_RETRY_AFTER_SECONDS, MAX_RETRY_AFTER_SECONDS } from "../../config/notifications.js";
import { createMarketplaceClient, MarketplaceAuthError, MarketplaceHttpError, type MarketplaceClient } from "../../marketplace/index.js";
import { marketplaceConfig } from "../../config/marketplace.js";
import { credentialTokenStore } from "../marketplace.js";
import { applyItemChange } from "./items.js";
import type { QueuedNotification } from "./message.js";
import { applyStockOperation, operationCache, type OperationCache } from "./stock-operations.js";
import { dropped, tally, type DropReason, type Outcome } from "./tally.js";

/** The topics the service acts on; any other is acknowledged and ignored. */
export const TOPICS = { stockOperations: "fbm_stock_operations", items: "items" } as const;

const OPERATION_RESOURCE = /^\/stock\/fulfillment\/operations\/(\d{1,20})$/;
const ITEM_RESOURCE = /^\/items\/([A-Za-z0-9_-]{1,64})$/;

/** The marketplace asked for the resource to be read later; the queue holds the notification back that long. */
export class RetryLaterError extends Error {
  constructor(
    readonly seconds: number,
    resource: string,
  ) {
    super(`${resource}: the marketplace asked to retry in ${seconds} s`);
    this.name = "RetryLaterError";
  }
}

/**
 * The consumer's marketplace client: no waiting inside an invocation, a 429 or a failure goes back
 * to the queue at once (the queue's own redelivery is the retry).
 */
export async function consumerMarketplaceClient(ref: TableRef): Promise<MarketplaceClient> {
  return createMarketplaceClient({ ...(await marketplaceConfig()), tokens: credentialTokenStore(ref), maxRetries: 0 });
}

const retrySeconds = (error: MarketplaceHttpError): number =>
  Math.min(MAX_RETRY_AFTER_SECONDS, Math.max(1, Math.ceil((error.retryAfterMs ?? DEFAULT_RETRY_AFTER_SECONDS * 1000) / 1000)));

type Drop = { drop: DropReason; detail?: string };
type Result = "applied" | "unchanged" | "ignored" | Drop;

const isDrop = (value: unknown): value is Drop => typeof value === "object" && value !== null && "drop" in value;

/** Reads the resource; a 404 or 403 is a drop, a 429 a RetryLaterError. */
async function fetchResource<T>(resource: string, read: () => Promise<T>): Promise<T | Drop> {
  try {
    return await read();
  } catch (error) {
    if (!(error instanceof MarketplaceHttpError) || error instanceof MarketplaceAuthError) throw error;
    if (error.status === 404) return { drop: "resource_not_found", detail: error.message };
    if (error.status === 403) return { drop: "resource_refused", detail: error.message };
    if (error.status === 429) throw new RetryLaterError(retrySeconds(error), resource);
    throw error;
  }
}

/**
 * Applies one notification; returns what became of it (a retry or a failure is thrown). `cache`
 * holds what an invocation reads once for all its notifications.
 */
export async function processNotification(
  ref: TableRef,
  notification: QueuedNotification,
  marketplace: MarketplaceClient,
  now = new Date(),
  cache = operationCache(),
): Promise<Outcome> {
  const result = await dispatch(ref, notification, marketplace, now, cache);
  if (!isDrop(result)) {
    tally(result);
    return result;
  }
  dropped(result.drop, notification, result.detail);
  return `dropped:${result.drop}`;
}

async function dispatch(ref: TableRef, notification: QueuedNotification, marketplace: MarketplaceClient, now: Date, cache: OperationCache): Promise<Result> {
  if (notification.topic === TOPICS.stockOperations) {
    const id = OPERATION_RESOURCE.exec(notification.resource)?.[1];
    if (!id) return { drop: "not_a_resource" };
    const operation = await fetchResource(notification.resource, () => marketplace.getOperation(id));
    if (isDrop(operation)) return operation;
    const outcome = await applyStockOperation(ref, operation, now, cache);
    if (outcome === "applied") await markOperationSku(ref, operation.inventory_id, now);
    return outcome === "unknown_inventory" ? { drop: outcome, detail: `inventory ${operation.inventory_id} has no record; the next sync adds it` } : outcome;
  }
  if (notification.topic === TOPICS.items) {
    const id = ITEM_RESOURCE.exec(notification.resource)?.[1];
    if (!id) return { drop: "not_a_resource" };
    const item = await fetchResource(notification.resource, () => marketplace.getItem(id));
    if (isDrop(item)) return item;
    const outcome = await applyItemChange(ref, item);
    return outcome === "unknown_ad" ? { drop: outcome, detail: "no ad for this item; the next sync discovers it" } : outcome;
  }
  return "ignored";
}
