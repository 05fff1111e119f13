import { DynamoDBServiceException } from "@aws-sdk/client-dynamodb";
import type { DynamoDBDocumentClient } from "@aws-sdk/lib-dynamodb";
import { createDocumentClient, type TableRef } from "#storage/client";
import { localEndpoint, TEST_TIME_BUDGET } from "#test/table";

/**
 * Fault injection on a real DynamoDB client talking to DynamoDB Local, through the SDK's
 * middleware stack:
 * - `failAttempts` throws a synthetic service error for the next attempts of a command, inside
 *   the SDK's retry loop (step finalizeRequest, after the retry middleware), so the SDK's own
 *   retry strategy sees it exactly as a throttled answer; the request is not sent.
 * - `partialBatch` sends only part of a BatchWriteItem / BatchGetItem and returns the rest as
 *   UnprocessedItems / UnprocessedKeys, as DynamoDB does under load: the requests left out are
 *   really not performed.
 * - `rewrite` changes a command's input before it is sent (e.g. to make one transaction item fail
 *   in the engine itself).
 * Rules are consumed in the order they were added.
 */

export type CommandName =
  | "BatchGetItemCommand"
  | "BatchWriteItemCommand"
  | "DeleteItemCommand"
  | "GetItemCommand"
  | "PutItemCommand"
  | "QueryCommand"
  | "ScanCommand"
  | "TransactWriteItemsCommand"
  | "UpdateItemCommand";

type Input = Record<string, any>;

interface Rule {
  command: CommandName;
  left: number;
}

interface FailRule extends Rule {
  /** Matching attempts to let through before failing. */
  after: number;
  error: () => Error;
  /** Only attempts whose (marshalled) input this accepts match. */
  when?: (input: Input) => boolean;
}

interface PartialRule extends Rule {
  keep: (count: number) => number;
}

interface RewriteRule extends Rule {
  change: (input: Input) => void;
}

export interface Attempt {
  command: string;
  /** Milliseconds since the injector was installed. */
  at: number;
  injected: boolean;
}

export interface BatchSend {
  command: "BatchGetItemCommand" | "BatchWriteItemCommand";
  at: number;
  /** Requests (keys or writes) in the call as the service code made it. */
  requested: number;
  /** Requests actually sent to the engine. */
  sent: number;
}

export interface SdkFaults {
  /**
   * `times` attempts of `command` fail with `name` (default ThrottlingException) before reaching the
   * engine, after letting `after` attempts through (default 0).
   */
  failAttempts(
    command: CommandName,
    times: number,
    options?: {
      name?: string;
      message?: string;
      after?: number;
      /** A cancelled transaction's reason per item. */
      reasons?: string[];
      /** Only attempts whose (marshalled) input this accepts count. */
      when?: (input: Input) => boolean;
    },
  ): void;
  /** The next `times` sends of a batch command perform only `keep(n)` of their n requests (default: half, rounded down). */
  partialBatch(command: "BatchGetItemCommand" | "BatchWriteItemCommand", times: number, keep?: (count: number) => number): void;
  /** Changes the input of the next `times` sends of `command`. */
  rewrite(command: CommandName, times: number, change: (input: Input) => void): void;
  /** Every attempt that passed the retry middleware, injected failures included. */
  readonly attempts: Attempt[];
  readonly batches: BatchSend[];
  attemptsOf(command: CommandName): Attempt[];
  /** Rules not used up yet. */
  pending(): number;
}

/** A synthetic DynamoDB service error, shaped as the SDK deserialises a 400 answer. */
export function serviceError(name: string, message = `${name} (injected)`): Error {
  return new DynamoDBServiceException({ name, $fault: "client", message, $metadata: { httpStatusCode: 400, requestId: "injected" } });
}

function take<R extends Rule>(rules: R[], command: string): R | undefined {
  const rule = rules.find((r) => r.command === command && r.left > 0);
  if (rule) rule.left -= 1;
  return rule;
}

export function injectSdkFaults(doc: DynamoDBDocumentClient): SdkFaults {
  const started = Date.now();
  const failures: FailRule[] = [];
  const partials: PartialRule[] = [];
  const rewrites: RewriteRule[] = [];
  const attempts: Attempt[] = [];
  const batches: BatchSend[] = [];

  // Initialize step: once per send, on the document client's (unmarshalled) input and output.
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName as CommandName;
      const input = args.input as Input;
      const rewrite = take(rewrites, command);
      if (rewrite) rewrite.change(input);
      if (command !== "BatchWriteItemCommand" && command !== "BatchGetItemCommand") return next(args);

      const partial = take(partials, command);
      const tables = Object.keys(input.RequestItems ?? {});
      const table = tables[0]!;
      const all: unknown[] = command === "BatchWriteItemCommand" ? input.RequestItems[table] : input.RequestItems[table].Keys;
      const kept = partial ? all.slice(0, Math.max(0, Math.min(all.length, partial.keep(all.length)))) : all;
      const left = all.slice(kept.length);
      batches.push({ command, at: Date.now() - started, requested: all.length, sent: kept.length });
      if (left.length === 0) return next(args);

      const trimmed =
        command === "BatchWriteItemCommand"
          ? { ...input, RequestItems: { [table]: kept } }
          : { ...input, RequestItems: { [table]: { ...input.RequestItems[table], Keys: kept } } };
      const result: any =
        kept.length > 0
          ? await next({ ...args, input: trimmed })
          : { output: { $metadata: {}, ...(command === "BatchGetItemCommand" ? { Responses: { [table]: [] } } : {}) }, response: {} };
      const output = result.output;
      if (command === "BatchWriteItemCommand") {
        const already = output.UnprocessedItems?.[table] ?? [];
        output.UnprocessedItems = { ...(output.UnprocessedItems ?? {}), [table]: [...already, ...left] };
      } else {
        const { Keys: already = [], ...rest } = output.UnprocessedKeys?.[table] ?? {};
        const { Keys: _keys, ...options } = input.RequestItems[table];
        output.UnprocessedKeys = { ...(output.UnprocessedKeys ?? {}), [table]: { ...options, ...rest, Keys: [...already, ...left] } };
      }
      return result;
    },
    { step: "initialize", name: "hardeningPartialBatch", priority: "low" },
  );

  // Finalize step after the retry middleware: once per attempt, inside the SDK's retry loop.
  doc.middlewareStack.add(
    (next, context) => async (args) => {
      const command = context.commandName as CommandName;
      let failure: FailRule | undefined;
      for (const rule of failures) {
        if (rule.command !== command || rule.left <= 0 || (rule.when && !rule.when(args.input as Input))) continue;
        if (rule.after > 0) rule.after -= 1;
        else {
          rule.left -= 1;
          failure = rule;
        }
        break;
      }
      attempts.push({ command, at: Date.now() - started, injected: failure !== undefined });
      if (failure) throw failure.error();
      return next(args);
    },
    { step: "finalizeRequest", name: "hardeningFailAttempts", priority: "low" },
  );

  return {
    failAttempts(command, times, { name = "ThrottlingException", message, after = 0, reasons, when } = {}) {
      const error = () => Object.assign(serviceError(name, message), reasons ? { CancellationReasons: reasons.map((Code) => ({ Code })) } : {});
      failures.push({ command, left: times, after, error, when });
    },
    partialBatch(command, times, keep = (count) => Math.floor(count / 2)) {
      partials.push({ command, left: times, keep });
    },
    rewrite(command, times, change) {
      rewrites.push({ command, left: times, change });
    },
    attempts,
    batches,
    attemptsOf: (command) => attempts.filter((a) => a.command === command),
    pending: () => [...failures, ...partials, ...rewrites].reduce((sum, rule) => sum + rule.left, 0),
  };
}

/** A new client on the same local table with its own fault injector (its own SDK retry quota too). */
export function faultyTable(ref: TableRef, options: { maxAttempts?: number } = {}): { ref: TableRef; faults: SdkFaults } {
  const doc = createDocumentClient({ endpoint: localEndpoint(), budget: TEST_TIME_BUDGET, ...options });
  return { ref: { doc, table: ref.table }, faults: injectSdkFaults(doc) };
}
