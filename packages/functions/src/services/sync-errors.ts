import { ConflictError } from "../errors.js";

/** Another sync holds the lease (its heartbeat is recent). */
export class SyncRunningError extends ConflictError {
  constructor(readonly holder?: { runId: string; heartbeatAt: string }) {
    super(
      holder
        ? `A stock sync is already running (run ${holder.runId}, last heartbeat ${holder.heartbeatAt}); try again when it finishes`
        : "A stock sync is already running; try again when it finishes",
    );
  }
}

/** The sync could not run: the marketplace, its configuration or its credential failed it. The message names the cause, never a token. */
export class SyncFailedError extends Error {
  constructor(
    /** The cause in words ("marketplace unreachable at api.mercadolibre.com: connection refused (ECONNREFUSED)"). */
    readonly reason: string,
    options: { cause?: unknown; runId?: string } = {},
  ) {
    super(`Sync failed: ${reason}`, { cause: options.cause });
    this.name = "SyncFailedError";
    this.runId = options.runId;
  }

  readonly runId: string | undefined;
}

/** The run stored no heartbeat for too long and another run took its lease over: it must stop writing. */
export class SyncLeaseLostError extends Error {
  constructor(ttlMs: number) {
    super(`the run lost its lease: no heartbeat was stored for ${Math.round(ttlMs / 1000)} s and another run took over`);
    this.name = "SyncLeaseLostError";
  }
}
