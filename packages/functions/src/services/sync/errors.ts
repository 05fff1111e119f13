import type { Sync } from "@fulfillment/core";
import { explain, explanationText } from "../../error-texts.js";
import { ConflictError, MarketplaceConfigError, MarketplaceError, MissingCredentialError, SyncFailedError } from "../../errors.js";
import { MarketplaceAuthError } from "../../marketplace/index.js";
import { IncompleteBatchError, storageUnavailableIn } from "#storage/unavailable";

/** Another sync holds the lease (its heartbeat is recent). */
export class SyncRunningError extends ConflictError {
  constructor(readonly holder?: { runId: string; heartbeatAt: string }) {
    super(explain("sync_running", { run_id: holder?.runId ?? null, heartbeat_at: holder?.heartbeatAt ?? null }));
  }
}

/** The run stored no heartbeat for too long and another run took its lease over: it must stop writing. */
export class SyncLeaseLostError extends Error {
  constructor(ttlMs: number) {
    super(explanationText(explain("sync_lease_lost", { seconds: Math.round(ttlMs / 1000) }), "en"));
    this.name = "SyncLeaseLostError";
  }
}

export const errorText = (error: unknown): string => (error instanceof Error ? error.message : String(error));

/** A failure that must stop the whole sync (a refused token, or no marketplace failure at all); any other marketplace failure is the run's partial outcome. */
export const stopsTheSync = (error: unknown): boolean => error instanceof MarketplaceAuthError || !(error instanceof MarketplaceError);

/** A failure no retry would mend: a refused token, missing configuration, a lost lease. */
export const isFatal = (error: unknown): boolean =>
  error instanceof MarketplaceAuthError || error instanceof MissingCredentialError || error instanceof MarketplaceConfigError || error instanceof SyncLeaseLostError;

/** Answers of a storage that is busy, not of a request it refuses: the same request later succeeds. */
const BUSY_STORAGE = new Set([
  "ProvisionedThroughputExceededException",
  "ThrottlingException",
  "RequestLimitExceeded",
  "TransactionConflictException",
  "InternalServerError",
  "ServiceUnavailable",
  "TimeoutError",
]);

/**
 * Storage slowed down: a call out of its time budget, throttling left after the SDK's retries, a
 * batch left unprocessed. The shard backs off and stores again instead of failing.
 */
export const isStorageSlowdown = (error: unknown): boolean =>
  storageUnavailableIn(error) !== undefined || error instanceof IncompleteBatchError || BUSY_STORAGE.has((error as { name?: string } | undefined)?.name ?? "");

/** The cause of a step's failure in words: the operator's sentence when there is one. */
export function syncFailureText(error: unknown): string {
  if (error instanceof SyncFailedError) return error.reason;
  if (error instanceof MarketplaceAuthError) return authFailureText(error);
  if (error instanceof MarketplaceError || error instanceof MissingCredentialError || error instanceof MarketplaceConfigError || error instanceof SyncLeaseLostError) {
    return error.message;
  }
  return `unexpected failure: ${errorText(error)}`;
}

function authFailureText(error: MarketplaceAuthError): string {
  if (error.endpoint === "POST /oauth/token") return `token refresh rejected: ${error.code ?? `HTTP ${error.status}`} (${error.message})`;
  return `the marketplace refused the access token even after a refresh (${error.message})`;
}

/** Failed ads in ad id order, as a run stores them. */
export const byAdId = <T extends Sync.FailedAd>(failed: readonly T[]): T[] => [...failed].sort((a, b) => (a.ad_id < b.ad_id ? -1 : a.ad_id > b.ad_id ? 1 : 0));
