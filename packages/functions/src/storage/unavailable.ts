import { AsyncLocalStorage } from "node:async_hooks";
import type { DynamoDBClient } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import type { TimeBudget } from "./time-budget.js";

/** A batch whose unprocessed items were still left after every retry (operations.ts). */
export class IncompleteBatchError extends Error {
  constructor(rounds: number, operation: string, remaining: number) {
    super(`${operation}: ${remaining} items still unprocessed after ${rounds} retries`);
    this.name = "IncompleteBatchError";
  }
}

/** Why storage gave up: nothing could connect, or a connection got no answer in time. */
export type StorageUnavailableReason = "unreachable" | "no-answer";

/**
 * DynamoDB did not answer within the call budget, or could not be reached at all. The caller
 * knows whether the change it was making may have reached the table anyway (a write that was
 * sent and never answered may still be applied when the engine catches up).
 */
export class StorageUnavailableError extends Error {
  constructor(
    readonly reason: StorageUnavailableReason,
    /** A write of this request was sent and not answered, or already succeeded. */
    readonly changeMayBeStored: boolean,
    /** What failed, for the log: the operation, the low-level cause and the attempts. */
    readonly detail: string,
    /** The budget the call had, in ms. */
    readonly budgetMs: number,
    /** The SDK's own error, when there is one. */
    cause?: unknown,
  ) {
    super(reason === "unreachable" ? `Storage unreachable: ${detail}` : `Storage did not answer within ${budgetMs / 1000} s: ${detail}`, {
      cause,
    });
    this.name = "StorageUnavailableError";
  }
}

/** The StorageUnavailableError behind an error (itself, or anywhere in its `cause` chain). */
export function storageUnavailableIn(error: unknown): StorageUnavailableError | undefined {
  for (let current = error, depth = 0; current instanceof Error && depth < 8; current = current.cause, depth++) {
    if (current instanceof StorageUnavailableError) return current;
  }
  return undefined;
}

const WRITES = new Set([
  "PutItemCommand",
  "UpdateItemCommand",
  "DeleteItemCommand",
  "BatchWriteItemCommand",
  "TransactWriteItemsCommand",
]);

/** Connection-level failures the SDK reports without an HTTP answer, in words. */
const REFUSED_CODES: Record<string, string> = {
  ECONNREFUSED: "connection refused",
  ENOTFOUND: "host not found",
  EAI_AGAIN: "host name lookup failed",
  EHOSTUNREACH: "host unreachable",
  ENETUNREACH: "network unreachable",
};

interface LowLevelError {
  name?: string;
  code?: string;
  message?: string;
  $metadata?: { httpStatusCode?: number; attempts?: number };
}

/**
 * How an attempt failed: `refused` never reached the engine (nothing applied); `no-answer` reached
 * it, or may have, and got nothing back; undefined when the engine answered (any service error).
 */
function attemptFailure(error: LowLevelError): "refused" | "no-answer" | undefined {
  if (error.$metadata?.httpStatusCode !== undefined) return undefined;
  if (error.code !== undefined && error.code in REFUSED_CODES) return "refused";
  // The connection timeout fires before any byte of the request was sent.
  if (error.name === "TimeoutError" && /establish a connection/.test(error.message ?? "")) return "refused";
  if (error.name === "TimeoutError" || error.code === "ECONNRESET" || error.code === "EPIPE" || error.code === "ETIMEDOUT") {
    return "no-answer";
  }
  return undefined;
}

/** Per request: whether any write may have reached the table (set by the client middleware). */
const requestWrites = new AsyncLocalStorage<{ mayHaveStored: boolean }>();

/**
 * Runs one request's work while noting its writes, so a storage failure can say whether the
 * change may have been stored even when the call that failed was a read after a write.
 */
export function trackingWrites<T>(work: () => Promise<T>): Promise<T> {
  return requestWrites.run({ mayHaveStored: false }, work);
}

const MAY_HAVE_STORED = Symbol("mayHaveStored");
const LAST_FAILURE = Symbol("lastFailure");

type Context = Record<string | symbol, unknown> & { commandName?: string };

/**
 * Turns the SDK's connection and timeout failures into StorageUnavailableError once the retries
 * are spent, and notes every write that may have reached the table. Two middlewares: one per
 * attempt (inside the retry loop), one per call (outside it).
 */
export function reportUnavailableStorage(client: DynamoDBClient | DynamoDBDocumentClient, budget: TimeBudget): void {
  client.middlewareStack.add(
    (next, context) => async (args) => {
      const ctx = context as Context;
      const write = WRITES.has(ctx.commandName ?? "");
      const note = (): void => {
        if (!write) return;
        ctx[MAY_HAVE_STORED] = true;
        const scope = requestWrites.getStore();
        if (scope) scope.mayHaveStored = true;
      };
      try {
        const result = await next(args);
        note();
        return result;
      } catch (error) {
        const failure = attemptFailure(error as LowLevelError);
        // A service error means the engine refused the write; only silence leaves it in doubt.
        if (failure === "no-answer" || (error as LowLevelError).$metadata?.httpStatusCode === 500) note();
        if (failure) ctx[LAST_FAILURE] = ctx[LAST_FAILURE] === "no-answer" ? "no-answer" : failure;
        throw error;
      }
    },
    { step: "finalizeRequest", priority: "low", name: "storageAvailabilityAttempt" },
  );
  client.middlewareStack.add(
    (next, context) => async (args) => {
      try {
        return await next(args);
      } catch (error) {
        const ctx = context as Context;
        const failure = attemptFailure(error as LowLevelError);
        if (!failure) throw error;
        const everNoAnswer = ctx[LAST_FAILURE] === "no-answer" || failure === "no-answer";
        const low = error as LowLevelError;
        const operation = (ctx.commandName ?? "call").replace(/Command$/, "");
        const attempts = low.$metadata?.attempts ?? 1;
        const cause = everNoAnswer
          ? "no answer"
          : (REFUSED_CODES[low.code ?? ""] ?? `no connection within ${budget.connectMs / 1000} s`);
        const mayHaveStored = Boolean(ctx[MAY_HAVE_STORED]) || Boolean(requestWrites.getStore()?.mayHaveStored);
        throw new StorageUnavailableError(
          everNoAnswer ? "no-answer" : "unreachable",
          mayHaveStored,
          `${operation} failed after ${attempts} attempt${attempts === 1 ? "" : "s"} (${cause})`,
          budget.callMs,
          error,
        );
      }
    },
    { step: "initialize", priority: "high", name: "storageAvailabilityCall" },
  );
}
