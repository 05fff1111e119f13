import { InvokeStore, type InvokeStoreBase } from "@aws/lambda-invoke-store";

/** The key under which Lambda's runtime keeps an invocation's request id. */
const REQUEST_ID = Symbol.for("_AWS_LAMBDA_REQUEST_ID");

let store: Promise<InvokeStoreBase> | undefined;

/**
 * Lambda runs one invocation per execution environment at a time, so Powertools keeps its log keys
 * (request id, route) on the module-scoped logger. The local gateway runs many requests in one
 * process, as Lambda's multi-concurrency mode does, and emulates it the same way: an invocation
 * store backed by AsyncLocalStorage, and `AWS_LAMBDA_MAX_CONCURRENCY` set, which makes Powertools
 * keep each invocation's keys in that store. Call it before the process's first AWS SDK request:
 * the SDK installs a single-invocation store when it finds none.
 */
export function useConcurrentInvocations(): Promise<InvokeStoreBase> {
  store ??= InvokeStore.getInstanceAsync(true).then((created) => {
    process.env.AWS_LAMBDA_MAX_CONCURRENCY ||= "64";
    return created;
  });
  return store;
}

/** Runs one request's handler in its own invocation context, as the Lambda runtime does. */
export async function inInvocation<T>(requestId: string, run: () => Promise<T>): Promise<T> {
  return (await useConcurrentInvocations()).run({ [REQUEST_ID]: requestId }, run);
}
